/**
 * Page object for the service's look-alike ledger pages (served by the simulator on the real hosts).
 * No row links its record: a row is found by what it shows, matched against the simulator's own
 * records (../shown-rows.ts), and a test names rows by their records' Ids as before.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DATA_ROWS, keysOfRows, shownCellsInPage, type TruthRecord, truthInPage } from '../shown-rows';

export const APP = 'https://app.qbo.intuit.com';

/**
 * How a test ticks a box as the person: a real (trusted) mouse click at the box's centre after
 * scrolling it into view, without Playwright's wait for the box to stay still over animation frames
 * (about 0.3 s a tick on two cores, minutes over the suite). A click that misses still fails loudly:
 * check() verifies the box changed, and every test then waits for exactly its ticks to be filed.
 */
export const PERSON = { force: true } as const;

export class LedgerPage {
  /** The simulator's records of the company the page showed when first read (a later switch of company leaves them). */
  #truth: TruthRecord[] | undefined;
  /** The rows' keys as last read, with the address they were read at (ticking many rows reads them once). */
  #read: { url: string; keys: string[] } | undefined;

  constructor(readonly page: Page) {}

  /**
   * Opens a page and waits for its load event and its first row. The content script runs from
   * document_start, so its gesture listeners are in place before the page's own scripts and before
   * the first click; it leaves no page-visible marker to wait for (a page could read or forge one).
   */
  async open(path: string): Promise<this> {
    await this.page.goto(`${APP}${path}`, { waitUntil: 'load' });
    await expect(this.page.locator(DATA_ROWS).first()).toBeVisible();
    return this;
  }

  /** Each row's record (`Entity:Id`, '' for a row that shows no one record), in page order. */
  async keys(fresh = false): Promise<string[]> {
    if (fresh || this.#truth === undefined) this.#truth = (await this.page.evaluate(truthInPage)).records;
    const keys = keysOfRows(this.#truth, await this.page.evaluate(shownCellsInPage, DATA_ROWS));
    this.#read = { url: this.page.url(), keys };
    return keys;
  }

  /** Ids of the rows' records, in page order (rows that show no one record left out). */
  async ids(): Promise<string[]> {
    return (await this.keys()).filter(Boolean).map((key) => key.split(':')[1] ?? '');
  }

  /** The row that shows the record of this Id (read afresh once if no row does: records change). */
  async row(id: string): Promise<Locator> {
    const at = (keys: string[]) => keys.findIndex((k) => k.endsWith(`:${id}`));
    const read = this.#read?.url === this.page.url() ? this.#read.keys : await this.keys();
    let index = at(read);
    if (index < 0) index = at(await this.keys(true));
    expect(index, `a row showing the record ${id} on ${this.page.url()}`).toBeGreaterThanOrEqual(0);
    return this.page.locator(DATA_ROWS).nth(index);
  }

  /** Ticks the row's own checkbox, or on registers the extension's "Select for deletion" box. */
  async tick(id: string): Promise<void> {
    const row = await this.row(id);
    const own = row.getByRole('checkbox', { name: 'Select for deletion' });
    if ((await own.count()) > 0) await own.check(PERSON);
    else await row.locator('input[type="checkbox"], [role="checkbox"]').first().click(PERSON);
  }

  /** Client-side navigation to the next page (no reload, like the real single-page app). */
  async next(): Promise<void> {
    const before = this.page.url();
    const range = this.page.locator('.pager-range');
    const shown = await range.textContent();
    await this.page.getByRole('link', { name: /next/i }).first().click();
    await expect.poll(() => this.page.url()).not.toBe(before);
    await expect(range).not.toHaveText(shown ?? '');
    await expect(this.page.locator(DATA_ROWS).first()).toBeVisible();
  }
}
