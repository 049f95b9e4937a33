/**
 * Issue 20, acceptance in Chromium (production build, real host names): the web app's real markup,
 * where no row carries a transaction Id. A register (the extension's own boxes), the Invoices list
 * (its native boxes), two invoices alike in every shown column ("Can't tell which transaction" until
 * the person picks one) and the bank feed (Pending: bank lines, never selected; Posted: recorded
 * transactions, deleted). Judged by the simulator's ground truth: which record a ticked row is comes
 * from the simulator's own records (its date and amount, or its number), never from the extension.
 */
import type { Locator, Page } from '@playwright/test';
import { Agent, fetch as undiciFetch } from 'undici';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { APP } from '../../tools/support/pages/ledger';
import type { PopupPage } from '../../tools/support/pages/popup';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup, deleteAndExpectExactly } from './helpers';
import { createTwinInvoices, invoiceNumbered, recordOn } from './shown-truth';

/** A row's date and the amount in whichever money column it shows. */
async function dateAndMoney(row: Locator, dateCell: string, moneyCells: string): Promise<[string, string]> {
  const date = (await row.locator(dateCell).innerText()).trim();
  const money = (await row.locator(moneyCells).allInnerTexts()).map((t) => t.trim()).find(Boolean) ?? '';
  return [date, money];
}

/**
 * Waits for the check to have classified all `count` records as Ready. Rows known by what they show
 * enter the selection as "Not checked yet" once resolved, before the check's statuses land, so
 * waiting for the total alone could stop in between.
 */
async function expectAllReady(popup: PopupPage, count: number): Promise<void> {
  await expect(popup.statusCount('Ready')).toHaveText(`Ready: ${count}`, { timeout: 30_000 });
  expect(await popup.waitForPreflight(count)).toEqual({ Ready: count });
}

/** Another user deletes an invoice through the service, behind the extension's back. */
async function deleteAsAnotherUser(sim: Simulator, company: SeededCompany, key: string): Promise<void> {
  // The simulator's test certificate is self-signed: trusted for this loopback call only.
  const insecure = new Agent({ connect: { rejectUnauthorized: false } });
  const res = await undiciFetch(`${sim.url}/v3/company/${company.realmId}/invoice?operation=delete`, {
    method: 'POST',
    dispatcher: insecure,
    headers: { Authorization: `Bearer ${company.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ Id: key.split(':')[1], SyncToken: '0' }),
  });
  expect(res.status).toBe(200);
  await insecure.close();
  expect(sim.truth(company.realmId).exists(key)).toBe(false);
}

async function openReal(page: Page, path: string): Promise<Page> {
  await page.goto(`${APP}${path}`, { waitUntil: 'load' });
  return page;
}

/**
 * Ticks the first `count` rows whose record is a plain one (no link, reconciliation or closed
 * period: "Ready"), with `box` in each row; returns their records' keys.
 */
async function tickPlain(
  rows: Locator,
  box: (row: Locator) => Locator,
  keyOf: (row: Locator) => Promise<string>,
  fixtures: { sim: Simulator; company: SeededCompany },
  count: number,
): Promise<string[]> {
  const keys: string[] = [];
  for (const row of await rows.all()) {
    if (keys.length === count) break;
    const key = await keyOf(row);
    if (keys.includes(key) || categoryOf(fixtures.company, key, fixtures.sim) !== 'plain') continue;
    await box(row).check();
    keys.push(key);
  }
  expect(keys).toHaveLength(count);
  return keys;
}

test.describe('a register and the Invoices list in the real markup', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('register: six rows ticked with the extension’s own boxes → six checked → exactly those deleted', async ({
    context,
    sim,
    company,
    openPopup,
  }) => {
    const page = await openReal(await context.newPage(), '/app/register?accountId=35&markup=real');
    await expect(page.locator('a[href*="txnId="]')).toHaveCount(0);
    const own = (row: Locator) => row.getByRole('checkbox', { name: 'Select for deletion' });
    await expect(own(page.locator('.dgrid-row')).first()).toBeVisible();
    const rows = page
      .locator('.dgrid-row')
      .filter({ has: page.getByRole('checkbox', { name: 'Select for deletion' }) });
    const keys = await tickPlain(
      rows,
      own,
      async (row) =>
        recordOn(
          sim,
          company.realmId,
          ...(await dateAndMoney(row, '.dgrid-column-date', '.dgrid-column-payment, .dgrid-column-deposit')),
        ),
      { sim, company },
      6,
    );
    const popup = await connectPopup(openPopup, company);
    await expectAllReady(popup, 6);
    expect(await popup.selectedCount()).toBe(6);
    await expect(popup.page.getByRole('region', { name: /Rows not tied to one transaction/ })).toHaveCount(0);
    await deleteAndExpectExactly(popup, sim, company.realmId, keys);
  });

  test('Invoices: six rows ticked with the page’s own boxes → six checked → exactly those deleted', async ({
    context,
    sim,
    company,
    openPopup,
  }) => {
    const page = await openReal(await context.newPage(), '/app/invoices?markup=real');
    await expect(page.locator('a[href*="txnId="]')).toHaveCount(0);
    const rows = page.locator('tbody tr.idsTable__row');
    await expect(rows.first()).toBeVisible();
    const keys = await tickPlain(
      rows,
      (row) => row.getByRole('checkbox', { name: 'Select row' }),
      async (row) => {
        const [key, ...more] = invoiceNumbered(
          sim,
          company.realmId,
          (await row.locator('td').nth(3).innerText()).trim(),
        );
        expect(more).toEqual([]);
        return key ?? '';
      },
      { sim, company },
      6,
    );
    const popup = await connectPopup(openPopup, company);
    await expectAllReady(popup, 6);
    expect(await popup.selectedCount()).toBe(6);
    await deleteAndExpectExactly(popup, sim, company.realmId, keys);
  });
});

test.describe('two invoices alike in every shown column', () => {
  // The twins are the newest invoices, so the list's first page shows them.
  test.use({ seed: { count: 24, seed: 7, entities: { Invoice: 1 }, endDate: '2025-06-30' } });

  test('"Can\'t tell which transaction" with both candidates; nothing deleted for it until the pick, then exactly the picked one', async ({
    context,
    sim,
    company,
    openPopup,
  }) => {
    const twins = await createTwinInvoices(sim, company);
    const page = await openReal(await context.newPage(), '/app/invoices?markup=real');
    const rows = page.locator('tbody tr.idsTable__row');
    const twinRows = rows.filter({ has: page.getByRole('cell', { name: '9999', exact: true }) });
    await expect(twinRows).toHaveCount(2);
    await twinRows.first().getByRole('checkbox', { name: 'Select row' }).check();
    // One ordinary invoice beside it: the one click deletes it and leaves the twins alone.
    const other = rows.filter({ hasNot: page.getByRole('cell', { name: '9999', exact: true }) }).first();
    const [plain] = invoiceNumbered(sim, company.realmId, (await other.locator('td').nth(3).innerText()).trim());
    await other.getByRole('checkbox', { name: 'Select row' }).check();

    const popup = await connectPopup(openPopup, company);
    const region = popup.page.getByRole('region', { name: 'Rows not tied to one transaction (1)' });
    await expect(region.getByText("Can't tell which transaction")).toBeVisible({ timeout: 30_000 });
    const candidates = region.getByRole('list', { name: 'The transactions that match' }).getByRole('listitem');
    await expect(candidates).toHaveCount(2);
    for (const key of twins) {
      const id = key.split(':')[1];
      await expect(
        region.getByRole('button', { name: new RegExp(`^Pick Invoice 9999 .* record ${id}$`) }),
      ).toBeVisible();
    }
    await expectAllReady(popup, 1);
    await deleteAndExpectExactly(popup, sim, company.realmId, [plain ?? '']);
    for (const key of twins) expect(sim.truth(company.realmId).exists(key)).toBe(true);
    await popup.page.getByRole('button', { name: 'Done' }).click();

    const picked = twins[1] ?? '';
    await expect(region).toBeVisible();
    await region.getByRole('button', { name: new RegExp(`^Pick .* record ${picked.split(':')[1]}$`) }).click();
    await expect(region).toHaveCount(0);
    await expectAllReady(popup, 1);
    await popup.deleteButton().click();
    expect((await popup.resultCounts()).Deleted).toBe(1);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([plain, picked].sort());
  });

  test('the ticked twin deleted by another user before the check: its row is "Can\'t tell", the other twin is never Ready and never deleted', async ({
    context,
    sim,
    company,
    openPopup,
  }) => {
    const twins = await createTwinInvoices(sim, company);
    const page = await openReal(await context.newPage(), '/app/invoices?markup=real');
    const rows = page.locator('tbody tr.idsTable__row');
    const twinRows = rows.filter({ has: page.getByRole('cell', { name: '9999', exact: true }) });
    await expect(twinRows).toHaveCount(2);
    // The list shows the newest first: the first of the two rows is the later-made invoice.
    const [kept, ticked] = twins as [string, string];
    await twinRows.first().getByRole('checkbox', { name: 'Select row' }).check();
    const other = rows.filter({ hasNot: page.getByRole('cell', { name: '9999', exact: true }) }).first();
    const [plain] = invoiceNumbered(sim, company.realmId, (await other.locator('td').nth(3).innerText()).trim());
    await other.getByRole('checkbox', { name: 'Select row' }).check();
    await deleteAsAnotherUser(sim, company, ticked);

    const popup = await connectPopup(openPopup, company);
    const region = popup.page.getByRole('region', { name: 'Rows not tied to one transaction (1)' });
    await expect(region.getByText("Can't tell which transaction")).toBeVisible({ timeout: 30_000 });
    const candidates = region.getByRole('list', { name: 'The transactions that match' }).getByRole('listitem');
    await expect(candidates).toHaveCount(1);
    await expect(region.getByText(/the one you ticked may be gone/)).toBeVisible();
    await expectAllReady(popup, 1);
    expect(await popup.selectedCount()).toBe(1);
    await popup.deleteButton().click();
    expect((await popup.resultCounts()).Deleted).toBe(1);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([plain, ticked].sort());
    expect(sim.truth(company.realmId).exists(kept)).toBe(true);
  });
});

test.describe('the bank feed', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('Pending: a ticked bank line → the plain note, nothing selected; Posted: a ticked row → checked and deleted', async ({
    context,
    sim,
    company,
    openPopup,
  }) => {
    const page = await openReal(await context.newPage(), '/app/banking?markup=real&tab=pending');
    await expect(page.getByRole('button', { name: /^Pending/ })).toHaveAttribute('aria-pressed', 'true');
    await page.locator('tbody tr.idsTable__row').first().getByRole('checkbox', { name: 'Select row' }).check();
    const popup = await connectPopup(openPopup, company);
    await expect(
      popup.page.getByText(
        'These are bank lines QuickBooks has not recorded yet. Exclude them in QuickBooks; Safe Delete deletes recorded transactions.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(popup.page.getByText(/^Nothing selected yet/)).toBeVisible();
    await expect(popup.page.getByRole('region', { name: /Rows not tied to one transaction/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Posted', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Posted', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const keys = await tickPlain(
      page.locator('tbody tr.idsTable__row'),
      (row) => row.getByRole('checkbox', { name: 'Select row' }),
      async (row) => recordOn(sim, company.realmId, ...(await dateAndMoney(row, '.txnDate', '.spent, .received'))),
      { sim, company },
      1,
    );
    await expectAllReady(popup, 1);
    await deleteAndExpectExactly(popup, sim, company.realmId, keys);
  });
});
