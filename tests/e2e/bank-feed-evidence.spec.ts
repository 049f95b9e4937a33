/**
 * The bank feed as public code that automates the web app shows it (the simulator's
 * `?feed=evidence`): the grid split in a header table and a rows table, values nested in the cells,
 * month heading rows, 300-row pages, virtualized rows, and tabs told only by their text and the
 * address ("For review (N)" / "Categorized", no aria-pressed). In Chromium, production build, real
 * host names. For review holds the bank's copy of the account's three newest recorded transactions
 * (same date, amount and payee): ticked there, nothing is selected, and those transactions are never
 * deleted; rows ticked on Categorized are read through the other table's headers and exactly those
 * transactions are deleted. Judged by the simulator's records (date and amount), never by the extension.
 */
import type { Locator, Page } from '@playwright/test';
import { APP } from '../../tools/support/pages/ledger';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup, deleteAndExpectExactly } from './helpers';
import { recordOn } from './shown-truth';

const ROWS = '#table-body-main tr.idsTable__row';

async function dateAndMoney(row: Locator): Promise<[string, string]> {
  const date = (await row.locator('.txnDate').innerText()).trim();
  const money = (await row.locator('.spent, .received').allInnerTexts()).map((t) => t.trim()).find(Boolean) ?? '';
  return [date, money];
}

/** Whether a recorded transaction has this date and amount (the bank's copy of one does). */
function sharesDateAndAmount(records: { json: Record<string, unknown> }[], date: string, money: string): boolean {
  const iso = `${date.slice(6, 10)}-${date.slice(0, 2)}-${date.slice(3, 5)}`;
  const cents = Math.round(Number(money.replace(/[$,\s-]/g, '')) * 100);
  return records.some(
    ({ json }) => json.TxnDate === iso && Math.round(Math.abs(Number(json.TotalAmt ?? json.Amount)) * 100) === cents,
  );
}

async function openFeed(page: Page, query: string): Promise<Page> {
  await page.goto(`${APP}/app/banking?markup=real&feed=evidence${query}`, { waitUntil: 'load' });
  await expect(page.locator(ROWS).first()).toBeVisible();
  return page;
}

test.describe('the bank feed in the evidence’s markup', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('For review: the bank’s copies of recorded transactions ticked → nothing selected, the note in words; Categorized: five ticked → exactly those five deleted, the copies’ transactions kept', async ({
    context,
    sim,
    company,
    openPopup,
  }) => {
    const page = await openFeed(await context.newPage(), '&tab=review');
    const review = page.getByRole('button', { name: /^For review \(\d+\)$/ });
    await expect(review).toBeVisible();
    expect(await review.getAttribute('aria-pressed')).toBeNull();
    await expect(page.locator('tr.group-header-row').first()).toHaveText(/^[A-Z][a-z]+ \d{4} \(\d+\)$/);

    // Tick the bank lines that share their date and amount with a recorded transaction.
    const copies: string[] = [];
    // Only the rows in view exist: scroll the list through, and tick each copy where it is drawn.
    const list = page.locator('.ids-table__virtualized-container');
    const height = await list.evaluate((el) => el.scrollHeight);
    const scrollTo = (y: number) =>
      list.evaluate((el, top) => {
        el.scrollTop = top;
      }, y);
    for (let top = 0; top < height; top += 240) {
      await scrollTo(top);
      const drawn = await page.locator(ROWS).evaluateAll((rows) =>
        rows.map((row) => ({
          index: Number(row.getAttribute('data-index')),
          date: row.querySelector('.txnDate')?.textContent?.trim() ?? '',
          money: [...row.querySelectorAll('.spent, .received')].map((c) => c.textContent?.trim()).find(Boolean) ?? '',
        })),
      );
      for (const { index, date, money } of drawn) {
        if (!sharesDateAndAmount(sim.records(company.realmId), date, money)) continue;
        const key = recordOn(sim, company.realmId, date, money);
        if (copies.includes(key)) continue;
        copies.push(key);
        await scrollTo(index * 48);
        await page.locator(`${ROWS}[data-index="${index}"]`).getByRole('checkbox', { name: 'Select row' }).check();
        await scrollTo(top);
      }
    }
    expect(copies).toHaveLength(3);

    const popup = await connectPopup(openPopup, company);
    await expect(
      popup.page.getByText(
        'These are bank lines QuickBooks has not recorded yet. Exclude them in QuickBooks; Safe Delete deletes recorded transactions.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(
      popup.page.getByText(/ticked on the bank feed's Pending \(For review\) tab: not selected/),
    ).toBeVisible();
    await expect(popup.page.getByText(/^Nothing selected yet/)).toBeVisible();

    // Categorized: the tab told by its text and the address the page writes; no pressed state.
    await page.getByRole('button', { name: 'Categorized', exact: true }).click();
    await expect(page).toHaveURL(/[?&]tab=categorized\b/);
    await expect(page.locator('thead th', { hasText: 'ADDED OR MATCHED' })).toBeVisible();
    const keys: string[] = [];
    for (const row of await page.locator(ROWS).all()) {
      if (keys.length === 5) break;
      const key = recordOn(sim, company.realmId, ...(await dateAndMoney(row)));
      if (copies.includes(key) || keys.includes(key) || categoryOf(company, key, sim) !== 'plain') continue;
      await row.getByRole('checkbox', { name: 'Select row' }).check();
      keys.push(key);
    }
    expect(keys).toHaveLength(5);
    await expect(popup.statusCount('Ready')).toHaveText('Ready: 5', { timeout: 30_000 });
    expect(await popup.waitForPreflight(5)).toEqual({ Ready: 5 });
    await deleteAndExpectExactly(popup, sim, company.realmId, keys);
    for (const key of copies) expect(sim.truth(company.realmId).exists(key), key).toBe(true);
  });

  test('a page whose tab cannot be told (no pressed tab, no tab in the address): nothing selected, and the popup says why', async ({
    context,
    company,
    openPopup,
  }) => {
    const page = await openFeed(await context.newPage(), '');
    const rows = page.locator(ROWS);
    await rows.nth(0).getByRole('checkbox', { name: 'Select row' }).check();
    await rows.nth(1).getByRole('checkbox', { name: 'Select row' }).check();
    const popup = await connectPopup(openPopup, company);
    await expect(
      popup.page.getByText('Read 0 of 2 ticked rows on this page: the bank feed’s tab cannot be told.'),
    ).toBeVisible();
    await expect(popup.page.getByText(/cannot tell which tab of the bank feed is shown/)).toBeVisible();
    await expect(popup.page.getByRole('button', { name: 'Copy page structure' })).toBeVisible();
    await expect(popup.page.getByText(/^Nothing selected yet/)).toBeVisible();
  });
});
