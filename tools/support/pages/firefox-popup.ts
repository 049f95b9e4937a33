/**
 * Page object for the popup in Firefox, opened in a tab as moz-extension://<pinned uuid>/popup.html.
 * Elements are found the way a person names them (label text, button text, list names); the
 * popup's own code is not called.
 */
import { mkdirSync } from 'node:fs';
import type { ElementHandle, Page } from 'puppeteer-core';
import { pollForElement, pollPage } from '../../firefox/poll';

export const SCREENSHOTS = 'test-results/screenshots-firefox';
export const RESULT_GROUPS = ['Deleted', 'Skipped', 'Refused', 'Needs attention'] as const;
export type ResultCounts = Record<(typeof RESULT_GROUPS)[number], number>;

export class FirefoxPopup {
  constructor(readonly page: Page) {}

  /** The input labelled `label` (a `<label for>`), waiting for it to appear. */
  async field(label: string, timeout = 15_000): Promise<ElementHandle<HTMLInputElement>> {
    return pollForElement(
      this.page,
      (text: string) => {
        const l = [...document.querySelectorAll('label')].find((x) => x.textContent?.trim() === text);
        return l?.htmlFor ? (document.getElementById(l.htmlFor) as HTMLInputElement | null) : null;
      },
      [label],
      { timeout, what: `the field "${label}"` },
    );
  }

  /** A button whose text matches, waiting for it to appear. */
  async button(name: string | RegExp, timeout = 15_000): Promise<ElementHandle<HTMLButtonElement>> {
    const source = typeof name === 'string' ? `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : name.source;
    return pollForElement(
      this.page,
      (pattern: string) =>
        [...document.querySelectorAll('button')].find((b) =>
          new RegExp(pattern).test((b.textContent ?? '').replace(/\s+/g, ' ').trim()),
        ) ?? null,
      [source],
      { timeout, what: `the button ${source}` },
    );
  }

  async hasField(label: string): Promise<boolean> {
    return this.page.evaluate(
      (text) => [...document.querySelectorAll('label')].some((x) => x.textContent?.trim() === text),
      label,
    );
  }

  /** Types into a labelled field as the popup's `input` handler expects. */
  async fill(label: string, value: string): Promise<void> {
    const input = await this.field(label);
    await input.evaluate((el, v) => {
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
  }

  /**
   * Opens the paste-a-token form. Where the popup offers "Connect to QuickBooks" (the sign-in) first,
   * the form is behind "Advanced" (a closed disclosure), then "Use an access token instead".
   */
  async openTokenForm(timeout = 15_000): Promise<void> {
    // Until the popup's first state arrives it shows "Loading…": wait for either way in.
    const way = await pollPage(
      this.page,
      () => {
        const labels = [...document.querySelectorAll('label')].map((l) => l.textContent?.trim());
        if (labels.includes('Company ID')) return 'form';
        const advanced = [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Advanced');
        return advanced ? 'advanced' : false;
      },
      [],
      { timeout, what: 'the popup\'s first state ("Advanced" or the token form)' },
    );
    if (way === 'form') return;
    // Centred first: with a list above it (rows still being identified) the control sits low enough
    // for a click scrolled only into view to land on the popup's sticky bottom bar instead.
    const centred = async (name: string) => {
      const button = await this.button(name);
      await button.evaluate((b) => b.scrollIntoView({ block: 'center' }));
      return button;
    };
    const advanced = await centred('Advanced');
    if ((await advanced.evaluate((b) => b.getAttribute('aria-expanded'))) !== 'true') await advanced.click();
    await (await centred('Use an access token instead')).click();
    await this.field('Company ID');
  }

  /** Connects with a pasted access token (the form behind "Advanced"). */
  async connect(realmId: string, token: string): Promise<void> {
    await this.openTokenForm();
    await this.fill('Company ID', realmId);
    await this.fill('Access token', token);
    await (await this.button('Save')).click();
    await pollPage(
      this.page,
      () => ![...document.querySelectorAll('label')].some((x) => x.textContent?.trim() === 'Access token'),
      [],
      { what: 'the connection to be saved' },
    );
  }

  /** The count in the selection's heading, "(N transactions)". */
  async selectedCount(): Promise<number> {
    const text = await this.waitForText('#selection-heading', /\(\d[\d,]* transactions?\)/);
    return Number((/\(([\d,]+) transactions?\)/.exec(text)?.[1] ?? '0').replace(/,/g, ''));
  }

  /** Waits until every selected row has a status (the preflight finished); returns label → count. */
  async waitForPreflight(total: number, timeout = 30_000): Promise<Record<string, number>> {
    const text = await pollPage(
      this.page,
      (want: number) => {
        const list = document.querySelector('ul[aria-label="Selected by status"]') as HTMLElement | null;
        const text = list?.innerText ?? '';
        if (/Not checked yet/.test(text)) return false;
        const sum = [...text.matchAll(/: ([\d,]+)\s*$/gm)].reduce((a, m) => a + Number(m[1]?.replace(/,/g, '')), 0);
        return sum === want ? text : false;
      },
      [total],
      { timeout, what: `the preflight of ${total}` },
    ).catch(async (error: unknown) => {
      throw new Error(`preflight of ${total} did not finish: popup shows\n${await this.text()}`, { cause: error });
    });
    return parseCounts(text);
  }

  deleteButton(): Promise<ElementHandle<HTMLButtonElement>> {
    return this.button(/^Verify and delete selected/);
  }

  async clickDelete(): Promise<void> {
    const button = await this.deleteButton();
    const unavailable = await button.evaluate((b) => b.disabled || b.getAttribute('aria-disabled') === 'true');
    if (unavailable) throw new Error(`"Verify and delete selected" is unavailable: popup shows\n${await this.text()}`);
    await button.click();
  }

  /** Waits for the result (Finished or Cancelled) and reads each group's count. */
  async resultCounts(timeout = 90_000): Promise<ResultCounts> {
    await this.waitForText('#result-heading', /Finished|Cancelled/, timeout);
    const out: ResultCounts = { Deleted: 0, Skipped: 0, Refused: 0, 'Needs attention': 0 };
    for (const label of RESULT_GROUPS) {
      const text = await (await this.button(new RegExp(`^${label} \\d+$`))).evaluate((b) => b.textContent ?? '');
      out[label] = Number(text.replace(/\D+/g, ''));
    }
    return out;
  }

  /** Opens an outcome group's disclosure ("Skipped 1") unless it is open already. */
  async openGroup(label: (typeof RESULT_GROUPS)[number]): Promise<void> {
    const button = await this.button(new RegExp(`^${label} \\d+$`));
    if ((await button.evaluate((b) => b.getAttribute('aria-expanded'))) !== 'true') await button.click();
  }

  /** The text of the first element matching `selector` once it matches `pattern`. */
  async waitForText(selector: string, pattern: RegExp, timeout = 30_000): Promise<string> {
    return pollPage(
      this.page,
      (sel: string, source: string) => {
        const text = (document.querySelector(sel) as HTMLElement | null)?.innerText ?? '';
        return new RegExp(source).test(text) ? text : false;
      },
      [selector, pattern.source],
      { timeout, what: `${selector} to match ${pattern}` },
    ).catch(async (error: unknown) => {
      throw new Error(`${selector} never matched ${pattern}: popup shows\n${await this.text()}`, { cause: error });
    });
  }

  /** Waits for text anywhere in the popup. */
  waitForBodyText(pattern: RegExp, timeout = 30_000): Promise<string> {
    return this.waitForText('body', pattern, timeout);
  }

  text(): Promise<string> {
    return this.page.evaluate(() => document.body.innerText).catch((e: unknown) => `(unreadable: ${String(e)})`);
  }

  /** Saves test-results/screenshots-firefox/<name>.png (made here: another run may have emptied test-results). */
  async screenshot(name: string): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await this.page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

function parseCounts(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^(.+): ([\d,]+)$/.exec(line.trim());
    if (m?.[1] && m[2]) out[m[1]] = Number(m[2].replace(/,/g, ''));
  }
  return out;
}
