/**
 * The bank feed in the evidence's markup (the simulator's `?feed=evidence`: grid split in a header
 * table and a rows table, nested values, month headings, virtualized rows, tabs told only by their
 * text and the address), in Firefox ESR, production Firefox build, real host names. For review: the
 * bank's copies of recorded transactions ticked → nothing selected, the bank-lines note; Categorized
 * (the tab clicked, as a person does): five rows ticked → five Ready → exactly those deleted, the
 * copies' transactions kept. Judged by the simulator's ground truth (tests/e2e/shown-truth.ts).
 */
import type { Page } from 'puppeteer-core';
import { newWindow } from '../../tools/firefox/firefox';
import { pollForElement, pollPage } from '../../tools/firefox/poll';
import { APP } from '../../tools/support/pages/ledger';
import { recordOn } from '../e2e/shown-truth';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup } from './helpers';

const ROWS = '#table-body-main tr.idsTable__row';

interface Drawn {
  index: number;
  date: string;
  money: string;
}

/** The rows drawn now: their index in the list, date and amount. */
function drawn(page: Page): Promise<Drawn[]> {
  return page.$$eval(ROWS, (rows) =>
    rows.map((row) => ({
      index: Number(row.getAttribute('data-index')),
      date: row.querySelector('.txnDate')?.textContent?.trim() ?? '',
      money: [...row.querySelectorAll('.spent, .received')].map((c) => c.textContent?.trim()).find(Boolean) ?? '',
    })),
  );
}

const scrollTo = (page: Page, top: number) =>
  page.$eval(
    '.ids-table__virtualized-container',
    (el, y) => {
      el.scrollTop = y as number;
    },
    top,
  );

/**
 * Scrolls the row into view and ticks it with a real click at the box's place: a click on the
 * handle would scroll the list itself, and the list draws its rows again (the handle detached).
 */
async function tickRow(page: Page, index: number): Promise<void> {
  const selector = `${ROWS}[data-index="${index}"] input[type="checkbox"]`;
  const ticked = () => page.$eval(selector, (box) => (box as HTMLInputElement).checked).catch(() => false);
  // The list draws its rows again after a scroll event: a box found before that is detached or
  // moved, and a click at its old place misses. Scroll, let two frames pass, find the box drawn
  // then and click it; if the tick did not take, look again (never a second click on a ticked box).
  for (let attempt = 0; attempt < 4; attempt++) {
    await scrollTo(page, index * 48);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (await ticked()) return;
    const box = await pollForElement(page, (sel: string) => document.querySelector(sel), [selector]);
    const at = await box.boundingBox();
    if (at === null) continue;
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    try {
      await pollPage(
        page,
        (sel: string) => (document.querySelector(sel) as HTMLInputElement | null)?.checked,
        [selector],
        {
          timeout: 2_000,
          what: `the tick of row ${index}`,
        },
      );
      return;
    } catch {
      // the click landed while the list drew itself again: look again
    }
  }
  throw new Error(`row ${index} could not be ticked`);
}

function sharesDateAndAmount(records: { json: Record<string, unknown> }[], { date, money }: Drawn): boolean {
  const iso = `${date.slice(6, 10)}-${date.slice(0, 2)}-${date.slice(3, 5)}`;
  const cents = Math.round(Number(money.replace(/[$,\s-]/g, '')) * 100);
  return records.some(
    ({ json }) => json.TxnDate === iso && Math.round(Math.abs(Number(json.TotalAmt ?? json.Amount)) * 100) === cents,
  );
}

test.describe('the bank feed in the evidence’s markup', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('For review: the bank’s copies ticked → nothing selected; Categorized: five ticked → five Ready → exactly those deleted', async ({
    sim,
    company,
    firefox,
    openPopup,
  }) => {
    const page = await newWindow(firefox.browser);
    await page.goto(`${APP}/app/banking?markup=real&feed=evidence&tab=review`, { waitUntil: 'load' });
    await page.waitForSelector(ROWS, { visible: true, timeout: 15_000 });
    const height = await page.$eval('.ids-table__virtualized-container', (el) => el.scrollHeight);
    const copies = new Map<string, number>();
    for (let top = 0; top < height; top += 240) {
      await scrollTo(page, top);
      for (const row of await drawn(page)) {
        if (!sharesDateAndAmount(sim.records(company.realmId), row)) continue;
        copies.set(recordOn(sim, company.realmId, row.date, row.money), row.index);
      }
    }
    expect(copies.size).toBe(3);
    for (const index of copies.values()) await tickRow(page, index);

    const popup = await connectPopup({ openPopup, company });
    await popup.waitForText('.page-issues', /These are bank lines QuickBooks has not recorded yet\./);
    await popup.waitForText('main', /Nothing selected yet/);

    await scrollTo(page, 0);
    const tabs = await page.$$('[data-testid^="segmentedBTN"]');
    const names = await Promise.all(tabs.map((t) => t.evaluate((b) => b.textContent?.trim())));
    expect(names[0]).toMatch(/^For review \(\d+\)$/);
    expect(await tabs[0]?.evaluate((b) => b.getAttribute('aria-pressed'))).toBeNull();
    await tabs[names.indexOf('Categorized')]?.click();
    await pollPage(page, () => location.search.includes('tab=categorized'), [], {
      timeout: 5_000,
      what: 'the Categorized tab',
    });
    const keys: string[] = [];
    for (const row of await drawn(page)) {
      if (keys.length === 5) break;
      const key = recordOn(sim, company.realmId, row.date, row.money);
      if (copies.has(key) || keys.includes(key) || categoryOf(company, key, sim) !== 'plain') continue;
      await tickRow(page, row.index);
      keys.push(key);
    }
    expect(keys).toHaveLength(5);
    expect(await popup.waitForPreflight(5)).toEqual({ Ready: 5 });
    await popup.clickDelete();
    expect((await popup.resultCounts()).Deleted).toBe(5);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
    for (const key of copies.keys()) expect(sim.truth(company.realmId).exists(key)).toBe(true);
  });
});
