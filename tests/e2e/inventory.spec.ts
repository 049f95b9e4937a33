/**
 * Inventory end to end, in Chromium against the simulator: a bill whose line buys the stocked item
 * (Rock Fountain, Type "Inventory") is ticked with two ordinary bills. The check holds it back with
 * what deleting it would change ("Changes the cost of inventory sold after …"), "Verify and delete
 * selected" deletes the other two and leaves it in QuickBooks; a second run with "Include inventory
 * transactions" ticked deletes it. Judged by the simulator's own records, not only the popup.
 */
import { request } from '@playwright/test';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { connectPopup, pick } from './helpers';

// A company of bills only, none reconciled, closed, deposited or linked: the inventory bill is the one decision.
test.use({ seed: { count: 12, seed: 34, entities: { Bill: 1 } } });

/** The catalogue's stocked item (tools/simulator/entity-json.ts ITEM_TYPES). */
const ROCK_FOUNTAIN = '7';

test('a bill buying inventory is held back by default and deleted only with "Include inventory transactions"', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  // Another user entered the bill in QuickBooks: created through the service's own API, as the web app does.
  const vendor = sim.references(company.realmId, 'Vendor')[0];
  expect(vendor).toBeDefined();
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  const created = await api.post(`${sim.url}/v3/company/${company.realmId}/bill?minorversion=75`, {
    headers: { Authorization: `Bearer ${company.token}`, Accept: 'application/json' },
    data: {
      TxnDate: '2026-03-01',
      DocNumber: 'RF-2',
      VendorRef: { value: vendor?.id, name: vendor?.name },
      Line: [
        {
          Amount: 240,
          DetailType: 'ItemBasedExpenseLineDetail',
          ItemBasedExpenseLineDetail: { ItemRef: { value: ROCK_FOUNTAIN }, Qty: 2, UnitPrice: 120 },
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const billId = String(((await created.json()) as { Bill: { Id: string } }).Bill.Id);
  await api.dispose();
  const bill = `Bill:${billId}`;
  expect(sim.record(company.realmId, bill)?.TotalAmt).toBe(240);

  const ledger = await new LedgerPage(await context.newPage()).open('/app/bills');
  // Two ordinary bills beside it (the new bill is on the page too: it is not one of them).
  const plain = (await pick(ledger, company, 'Bill', { plain: 3 }, sim)).filter((id) => id !== billId).slice(0, 2);
  expect(plain).toHaveLength(2);
  const ids = [billId, ...plain];
  for (const id of ids) await ledger.tick(id);
  await untilFiled(context, company.realmId, ids.length);
  const others = ids.slice(1).map((id) => `Bill:${id}`);

  const popup = await connectPopup(openPopup, company);
  expect(await popup.waitForPreflight(3)).toEqual({ Ready: 2, Inventory: 1 });
  await expect(
    popup.page.getByText('Changes the cost of inventory sold after Mar 1, 2026 (Rock Fountain).').first(),
  ).toBeVisible();
  const include = popup.page.getByLabel('Include inventory transactions');
  await expect(include).not.toBeChecked();

  // First run, by default: the two ordinary bills go, the inventory one stays in QuickBooks.
  await popup.deleteButton().click();
  expect(await popup.resultCounts()).toMatchObject({ Deleted: 2 });
  const truth = sim.truth(company.realmId);
  expect(truth.deletedKeys().sort()).toEqual([...others].sort());
  expect(truth.exists(bill)).toBe(true);
  expect(truth.appliedDeletes(bill)).toBe(0);
  expect(sim.records(company.realmId).some((r) => r.entity === 'Bill' && r.json.Id === billId)).toBe(true);

  // The report handed to the client says it: held back, and what deleting it would change.
  const opened = context.waitForEvent('page');
  await popup.page.getByRole('button', { name: 'Print the report' }).click();
  await popup.page.getByRole('button', { name: 'Continue without a name' }).click();
  const report = await opened;
  await report.waitForLoadState();
  const heldBack = report.getByRole('table', { name: 'Left alone by the check, and why (1)' });
  const row = heldBack.getByRole('row').filter({ hasText: 'RF-2' });
  await expect(row).toContainText('Changes the cost of inventory sold after Mar 1, 2026 (Rock Fountain).');
  await expect(row).toContainText('Held back: not deleted without “Include inventory transactions”.');
  await expect(report.locator('.report-header')).toContainText('Notes1 bought or sold inventory');
  // The real books go without saying: no "Production" line for a bookkeeper.
  await expect(report.locator('.report-header')).not.toContainText('Production');
  // It fits Letter portrait (725 CSS px wide with 12 mm margins).
  await report.setViewportSize({ width: 725, height: 1000 });
  expect(await report.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(725);
  if (process.env.SD_SHOTS)
    await report.screenshot({ path: `${process.env.SD_SHOTS}/inventory-report.png`, fullPage: true });
  await report.close();
  await popup.page.getByRole('button', { name: 'Done' }).click();

  // Second run: the bill is still selected and held back until the person opts in.
  expect(await popup.waitForPreflight(1)).toEqual({ Inventory: 1 });
  await expect(popup.deleteButton()).toBeDisabled();
  await include.check();
  await expect(popup.page.getByText(/1 inventory transaction will be deleted/)).toBeVisible();
  await popup.deleteButton().click();
  expect(await popup.resultCounts()).toMatchObject({ Deleted: 1 });
  expect(truth.exists(bill)).toBe(false);
  expect(truth.appliedDeletes(bill)).toBe(1);
  expect(sim.records(company.realmId).some((r) => r.entity === 'Bill' && r.json.Id === billId)).toBe(false);
  for (const key of others) expect(truth.appliedDeletes(key)).toBe(1); // nothing deleted twice
});
