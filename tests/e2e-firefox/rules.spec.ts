/**
 * R1 and the company checks in Firefox: the production Firefox build against the simulator on the
 * real host names, in its real-payload mode, judged by the simulator's ground truth.
 */
import { storedJobs } from './extension-state';
import { expect, test } from './fixtures';
import { batchCalls, categoryOf, connectPopup, tickAndCheck } from './helpers';

test.use({
  seed: { count: 400, seed: 5, reconciledShare: 0.15, closedShare: 0.1 },
  simulatorOptions: { mode: 'real' },
});

test('R1: a record edited after the preview survives; the rest are deleted', async ({
  sim,
  company,
  openLedger,
  openPopup,
}) => {
  const { keys, popup, counts } = await tickAndCheck({ sim, company, openLedger, openPopup }, { plain: 4 });
  expect(counts).toEqual({ Ready: 4 });
  const edited = keys[1] as string;
  sim.editRecord(company.realmId, edited); // another user edits it after the bookkeeper reviewed it
  await popup.clickDelete();
  const result = await popup.resultCounts();
  expect(result).toMatchObject({ Deleted: 3, Skipped: 1 });
  const truth = sim.truth(company.realmId);
  expect(truth.exists(edited)).toBe(true);
  expect(truth.appliedDeletes(edited)).toBe(0);
  expect(truth.deletedKeys().sort()).toEqual(keys.filter((k) => k !== edited).sort());
  await popup.openGroup('Skipped');
  await popup.waitForBodyText(/Skipped: changed since review/);
  await popup.screenshot('r1-skipped-changed');
});

test('a company mismatch is refused: the page now shows another company than the connected one', async ({
  sim,
  company,
  openLedger,
  openPopup,
}) => {
  const { ledger, popup } = await tickAndCheck({ sim, company, openLedger, openPopup }, { plain: 3 });
  const other = sim.seedCompany({ count: 30, seed: 99 });
  sim.setPageCompany(other.realmId); // the accountant switched to another client's books
  await ledger.page.reload({ waitUntil: 'load' });
  // Either the click is refused with the reason, or the popup no longer offers it: never a delete.
  const button = await popup.deleteButton();
  if (await button.evaluate((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true')) await button.click();
  const alert = await popup.waitForText(
    '[role="alert"]',
    new RegExp(`${other.realmId}.*${company.realmId}|another company`, 's'),
  );
  expect(alert).toContain(other.realmId);
  await popup.screenshot('company-mismatch');
  // Refused or never offered: no job was journaled, so none can send a batch later.
  expect(await storedJobs(popup.page)).toEqual([]);
  expect(batchCalls(sim, company.realmId)).toHaveLength(0);
  expect(batchCalls(sim, other.realmId)).toHaveLength(0);
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
  expect(sim.truth(other.realmId).deletedKeys()).toEqual([]);
});

test('a stale tab after a company switch files nothing under either company and deletes nothing', async ({
  sim,
  company,
  openLedger,
  openPopup,
}) => {
  // Tab 1 shows company A's invoices.
  const tab1 = await openLedger('/app/invoices');
  const aIds = [...new Set(await tab1.ids())]
    .filter((id) => categoryOf(company, `Invoice:${id}`, sim) === 'plain')
    .slice(0, 10);
  expect(aIds).toHaveLength(10);
  // In tab 2 the bookkeeper opens client B: the company cookie is one per browser.
  const other = sim.seedCompany({ count: 400, seed: 6 });
  sim.setPageCompany(other.realmId);
  await openLedger('/app/invoices');
  expect(aIds.some((id) => sim.record(other.realmId, `Invoice:${id}`) !== undefined)).toBe(true); // same small Ids
  const popup = await connectPopup({ openPopup, company: other });

  // Back in tab 1, still showing A's rows, they tick 10 invoices.
  await tab1.page.bringToFront();
  for (const id of aIds) await tab1.tick(id);
  // The alert below is the background's answer to the tab's report (each report of this tab is refused).

  await popup.page.bringToFront();
  await popup.waitForBodyText(/This tab still shows .+, but QuickBooks now has .+ open\. Reload it\./);
  await popup.waitForBodyText(/Nothing selected yet/);
  await popup.screenshot('stale-tab');
  expect(await storedJobs(popup.page)).toEqual([]);
  expect(batchCalls(sim, company.realmId)).toHaveLength(0);
  expect(batchCalls(sim, other.realmId)).toHaveLength(0);
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
  expect(sim.truth(other.realmId).deletedKeys()).toEqual([]);
});
