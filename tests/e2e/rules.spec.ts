/**
 * The service's traps end to end: the production build in Chromium against the simulator on the
 * real host names. Each test ticks plain invoices, lets the popup check them, changes the service
 * behind the bookkeeper's back where the trap needs it, and judges by the simulator's ground truth.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { batchCalls, tickAndCheck } from './helpers';

// Real-payload mode here (6210, XML 429, `QueryResponse: {}`, lowercase 401); the other specs use the document's.
test.use({
  seed: { count: 400, seed: 5, reconciledShare: 0.15, closedShare: 0.1 },
  simulatorOptions: { mode: 'real' },
});
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('R1: a record edited after the preview survives; the rest are deleted', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { keys, popup, counts } = await tickAndCheck({ context, company, openPopup }, { plain: 4 });
  expect(counts).toEqual({ Ready: 4 });
  const edited = keys[1] as string;
  sim.editRecord(company.realmId, edited); // another user edits it after the bookkeeper reviewed it
  await popup.deleteButton().click();
  const result = await popup.resultCounts();
  expect(result).toMatchObject({ Deleted: 3, Skipped: 1 });
  expect(sim.truth(company.realmId).exists(edited)).toBe(true);
  expect(sim.truth(company.realmId).appliedDeletes(edited)).toBe(0);
  await popup.openGroup('Skipped');
  await expect(popup.page.getByText(/Skipped: changed since review/)).toBeVisible();
  await popup.screenshot('r1-skipped-changed');
});

test('R2: reconciled records survive by default, and go only with the opt-in', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { keys, popup, counts } = await tickAndCheck({ context, company, openPopup }, { plain: 2, reconciled: 2 });
  const reconciled = keys.filter((k) => company.keys.reconciled.includes(k));
  expect(reconciled).toHaveLength(2);
  expect(counts).toEqual({ Ready: 2, Reconciled: 2 });
  await popup.deleteButton().click();
  expect(await popup.resultCounts()).toMatchObject({ Deleted: 2 });
  for (const key of reconciled) expect(sim.truth(company.realmId).exists(key)).toBe(true);
  await popup.page.getByRole('button', { name: 'Done' }).click();

  // Second run: the two reconciled ones remain selected; opt in, with the warning naming the count.
  expect(await popup.waitForPreflight(2)).toEqual({ Reconciled: 2 });
  await expect(popup.deleteButton()).toBeDisabled();
  await popup.page.getByLabel('Include reconciled transactions').check();
  await expect(popup.page.getByText(/2 reconciled transactions will be deleted/)).toBeVisible();
  await popup.screenshot('r2-opt-in-warning');
  await popup.deleteButton().click();
  expect(await popup.resultCounts()).toMatchObject({ Deleted: 2 });
  for (const key of reconciled) expect(sim.truth(company.realmId).appliedDeletes(key)).toBe(1);
});

test('R3: records the service refuses for a closed period are reported; the rest of the batch is deleted', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { keys, popup, counts } = await tickAndCheck({ context, company, openPopup }, { plain: 5 });
  expect(counts).toEqual({ Ready: 5 });
  // The books are closed after the preview: the service itself must refuse (6200 / 6210) per record.
  const dates = keys.map((k) => String(sim.record(company.realmId, k)?.TxnDate)).sort();
  sim.setBookCloseDate(company.realmId, dates[1]); // closes the two oldest
  await popup.deleteButton().click();
  const result = await popup.resultCounts();
  expect(result).toMatchObject({ Deleted: 3, Refused: 2 });
  expect(batchCalls(sim, company.realmId)).toHaveLength(1); // one batch: the refusals did not stop it
  await popup.openGroup('Refused');
  await expect(popup.page.getByText(/Refused: closed period/).first()).toBeVisible();
  // The words say what happened: the service's code (6210) is for the files and the log, not the screen.
  await expect(popup.page.getByText(/6210/)).toHaveCount(0);
  await popup.screenshot('r3-closed-period');
  expect(sim.truth(company.realmId).deletedKeys()).toHaveLength(3);
});

test('a company mismatch is refused: the page now shows another company than the connected one', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { ledger, popup } = await tickAndCheck({ context, company, openPopup }, { plain: 3 });
  const other = sim.seedCompany({ count: 30, seed: 99 });
  sim.setPageCompany(other.realmId); // the accountant switched to another client's books
  await ledger.page.reload();
  await popup.deleteButton().click();
  await expect(popup.page.getByRole('alert')).toContainText(
    `page shows company ${other.realmId} (production) but Safe Delete is connected to company ${company.realmId}`,
  );
  await popup.screenshot('company-mismatch');
  expect(batchCalls(sim, company.realmId)).toHaveLength(0);
  expect(batchCalls(sim, other.realmId)).toHaveLength(0);
  expect(sim.truth(company.realmId).deletedKeys()).toHaveLength(0);
});
