/** Page object for the service's look-alike ledger pages (served by the simulator on the real hosts). */
import { expect, type Locator, type Page } from '@playwright/test';

export const APP = 'https://app.qbo.intuit.com';

/**
 * How a test ticks a box as the person: a real (trusted) mouse click at the box's centre after
 * scrolling it into view, without Playwright's wait for the box to stay still over animation frames
 * (about 0.3 s a tick on two cores, minutes over the suite). A click that misses still fails loudly:
 * check() verifies the box changed, and every test then waits for exactly its ticks to be filed.
 */
export const PERSON = { force: true } as const;

/** The innermost row holding the transaction's link (one native `:has()` query). */
export function rowOf(page: Page, id: string): Locator {
  return page.locator(`tr:has(a[href$="txnId=${id}"]), [role="row"]:has(a[href$="txnId=${id}"])`).last();
}

export class LedgerPage {
  constructor(readonly page: Page) {}

  /**
   * Opens a page and waits for its load event. The content script runs from document_start, so its
   * gesture listeners are in place before the page's own scripts and before the first click; it
   * leaves no page-visible marker to wait for (a page could read or forge one).
   */
  async open(path: string): Promise<this> {
    await this.page.goto(`${APP}${path}`, { waitUntil: 'load' });
    await expect(this.page.locator('a[href*="txnId="]').first()).toBeVisible();
    return this;
  }

  /** Ids of the transaction links on the page, in page order. */
  async ids(): Promise<string[]> {
    return this.page.$$eval('a[href*="txnId="]', (links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('txnId') ?? ''),
    );
  }

  row(id: string): Locator {
    return rowOf(this.page, id);
  }

  /** Ticks the row's own checkbox, or on registers the extension's "Select for deletion" box. */
  async tick(id: string): Promise<void> {
    const row = this.row(id);
    const own = row.getByRole('checkbox', { name: 'Select for deletion' });
    if ((await own.count()) > 0) await own.check(PERSON);
    else await row.locator('input[type="checkbox"], [role="checkbox"]').first().click(PERSON);
  }

  /** Client-side navigation to the next page (no reload, like the real single-page app). */
  async next(): Promise<void> {
    const before = this.page.url();
    await this.page.getByRole('link', { name: /next/i }).first().click();
    await expect.poll(() => this.page.url()).not.toBe(before);
    await expect(this.page.locator('a[href*="txnId="]').first()).toBeVisible();
  }
}
