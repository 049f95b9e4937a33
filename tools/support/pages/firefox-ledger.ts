/**
 * Page object for the service's look-alike ledger pages in Firefox (puppeteer over WebDriver BiDi).
 * Clicks go through WebDriver input actions, so the page and the content script see trusted events,
 * as from a person's mouse. No row links its record: a row is found by what it shows, matched
 * against the simulator's own records (../shown-rows.ts).
 */
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { OWN_CHECKBOX_LABEL } from '../../../lib/collect/checkbox';
import { newWindow } from '../../firefox/firefox';
import { pollElement, pollForElement, pollPage } from '../../firefox/poll';
import { DATA_ROWS, keysOfRows, shownCellsInPage, type TruthRecord, truthInPage } from '../shown-rows';
import { APP } from './ledger';

export class FirefoxLedger {
  /** The simulator's records of the company the page showed when first read. */
  #truth: TruthRecord[] | undefined;

  constructor(readonly page: Page) {}

  static async open(browser: Browser, path: string): Promise<FirefoxLedger> {
    return new FirefoxLedger(await newWindow(browser)).open(path);
  }

  /**
   * Opens a page on the real host name and waits for its load event and its first row.
   * The content script runs from document_start, before the first click; it leaves no page marker.
   */
  async open(path: string): Promise<this> {
    await this.page.goto(`${APP}${path}`, { waitUntil: 'load' });
    await this.page.waitForSelector(DATA_ROWS, { visible: true });
    return this;
  }

  /** Each row's record (`Entity:Id`, '' for a row that shows no one record), in page order. */
  async keys(fresh = false): Promise<string[]> {
    if (fresh || this.#truth === undefined) this.#truth = (await this.page.evaluate(truthInPage)).records;
    return keysOfRows(this.#truth, await this.page.evaluate(shownCellsInPage, DATA_ROWS));
  }

  /** Ids of the rows' records, in page order (rows that show no one record left out). */
  async ids(): Promise<string[]> {
    return (await this.keys()).filter(Boolean).map((key) => key.split(':')[1] ?? '');
  }

  /** The index of the row that shows the record of this Id (read afresh once if no row does). */
  async #indexOf(id: string): Promise<number> {
    const at = (keys: string[]) => keys.findIndex((k) => k.endsWith(`:${id}`));
    const index = at(await this.keys());
    return index >= 0 ? index : at(await this.keys(true));
  }

  /** The row's checkbox: the extension's own "Select for deletion" on registers, else the page's. */
  async checkbox(id: string): Promise<ElementHandle<Element>> {
    const index = await this.#indexOf(id);
    if (index < 0) throw new Error(`no row shows the record ${id} at ${this.page.url()}`);
    return pollForElement(
      this.page,
      (selector: string, at: number, ownLabel: string) => {
        const row = document.querySelectorAll(selector)[at];
        return (
          row?.querySelector(`[aria-label="${ownLabel}"]`) ??
          row?.querySelector('input[type="checkbox"], [role="checkbox"]') ??
          null
        );
      },
      [DATA_ROWS, index, OWN_CHECKBOX_LABEL],
      { timeout: 5_000, what: `the checkbox on the row of record ${id} at ${this.page.url()}` },
    );
  }

  async isTicked(id: string): Promise<boolean> {
    return (await this.checkbox(id)).evaluate(isBoxChecked);
  }

  /** Ticks the row with a real click and checks that the tick took. */
  async tick(id: string): Promise<void> {
    const box = await this.checkbox(id);
    if (await box.evaluate(isBoxChecked)) throw new Error(`record ${id} is ticked already`);
    await box.click();
    await pollElement(box, isBoxChecked, { timeout: 5_000, what: `record ${id} to be ticked` });
  }

  /** Client-side navigation to the next page (no reload, like the real single-page app). */
  async next(): Promise<void> {
    const before = this.page.url();
    const range = await this.page.$eval('.pager-range', (el) => el.textContent ?? '');
    await this.page.click('a[rel="next"]');
    // The address changes first and the rows later, as in the real app: wait for the new rows' range.
    await pollPage(
      this.page,
      (url: string, shown: string) =>
        location.href !== url && document.querySelector('.pager-range')?.textContent !== shown,
      [before, range],
      { timeout: 10_000, what: 'the next page' },
    );
    await this.page.waitForSelector(DATA_ROWS, { visible: true });
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
