/**
 * Page object for the service's look-alike ledger pages in Firefox (puppeteer over WebDriver BiDi).
 * Clicks go through WebDriver input actions, so the page and the content script see trusted events,
 * as from a person's mouse.
 */
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { OWN_CHECKBOX_LABEL } from '../../../lib/collect/checkbox';
import { newWindow } from '../../firefox/firefox';
import { pollElement, pollForElement, pollPage } from '../../firefox/poll';
import { APP } from './ledger';

export class FirefoxLedger {
  constructor(readonly page: Page) {}

  static async open(browser: Browser, path: string): Promise<FirefoxLedger> {
    return new FirefoxLedger(await newWindow(browser)).open(path);
  }

  /**
   * Opens a page on the real host name and waits for its load event and its first transaction link.
   * The content script runs from document_start, before the first click; it leaves no page marker.
   */
  async open(path: string): Promise<this> {
    await this.page.goto(`${APP}${path}`, { waitUntil: 'load' });
    await this.page.waitForSelector('a[href*="txnId="]', { visible: true });
    return this;
  }

  /** Ids of the transaction links on the page, in page order. */
  ids(): Promise<string[]> {
    return this.page.$$eval('a[href*="txnId="]', (links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('txnId') ?? ''),
    );
  }

  /** Hrefs as written in the page (`/app/invoice?txnId=12`), in page order. */
  hrefs(selector = 'a[href*="txnId="]'): Promise<string[]> {
    return this.page.$$eval(selector, (links) => links.map((a) => a.getAttribute('href') ?? ''));
  }

  /** The row's checkbox: the extension's own "Select for deletion" on registers, else the page's. */
  checkbox(id: string): Promise<ElementHandle<Element>> {
    return pollForElement(
      this.page,
      (txnId: string, ownLabel: string) => {
        const rows = [...document.querySelectorAll('tr, [role="row"]')].filter((r) =>
          r.querySelector(`a[href$="txnId=${txnId}"]`),
        );
        const row = rows[rows.length - 1];
        return (
          row?.querySelector(`[aria-label="${ownLabel}"]`) ??
          row?.querySelector('input[type="checkbox"], [role="checkbox"]') ??
          null
        );
      },
      [id, OWN_CHECKBOX_LABEL],
      { timeout: 5_000, what: `the checkbox on the row of txnId=${id} at ${this.page.url()}` },
    );
  }

  async isTicked(id: string): Promise<boolean> {
    return (await this.checkbox(id)).evaluate(isBoxChecked);
  }

  /** Ticks the row with a real click and checks that the tick took. */
  async tick(id: string): Promise<void> {
    const box = await this.checkbox(id);
    if (await box.evaluate(isBoxChecked)) throw new Error(`txnId=${id} is ticked already`);
    await box.click();
    await pollElement(box, isBoxChecked, { timeout: 5_000, what: `txnId=${id} to be ticked` });
  }

  /** Client-side navigation to the next page (no reload, like the real single-page app). */
  async next(): Promise<void> {
    const before = this.page.url();
    await this.page.click('a[rel="next"]');
    await pollPage(this.page, (url: string) => location.href !== url, [before], {
      timeout: 10_000,
      what: 'the next page',
    });
    await this.page.waitForSelector('a[href*="txnId="]', { visible: true });
  }

  /** The demo's walkthrough only (tests wait for the background to file the ticks: ../extension-state.ts). */
  settle(ms = 500): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}

/** Runs in the page (serialised by puppeteer): a native checkbox or an ARIA one. */
function isBoxChecked(box: Element): boolean {
  return box instanceof HTMLInputElement ? box.checked : box.getAttribute('aria-checked') === 'true';
}
