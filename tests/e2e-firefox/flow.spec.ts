/**
 * The whole flow in Firefox ESR against the production Firefox build, judged by the simulator's
 * ground truth: rows ticked on two pages of a list and on an account register → the popup's statuses
 * → one click → exactly the Ready set is deleted, each record once.
 */
import { untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { categoryOf, EXPECTED_STATUS, pick } from './helpers';

test.use({
  seed: { count: 400, seed: 11, reconciledShare: 0.12, closedShare: 0.1, depositedShare: 0.06, linkedShare: 0.08 },
});

test('tick on two pages of a list and on a register → statuses → one click → exactly the Ready set is deleted', async ({
  sim,
  company,
  openLedger,
  openPopup,
}) => {
  const ticked: string[] = [];
  const ledger = await openLedger('/app/invoices');
  const firstPage = await pick(ledger, company, 'Invoice', { plain: 2, reconciled: 1 }, sim);
  expect(firstPage).toHaveLength(3);
  for (const id of firstPage) {
    await ledger.tick(id);
    ticked.push(`Invoice:${id}`);
  }
  await ledger.next(); // client-side navigation: the selection accumulates across pages
  const secondPage = await pick(ledger, company, 'Invoice', { plain: 2, linked: 1, closed: 1 }, sim);
  expect(secondPage).toHaveLength(4); // older invoices: one falls in the closed period
  for (const id of secondPage) {
    await ledger.tick(id);
    ticked.push(`Invoice:${id}`);
  }

  // A register has no checkboxes of its own: the content script adds "Select for deletion".
  const register = await openLedger('/app/register?accountId=35');
  await register.page.waitForSelector('[aria-label="Select for deletion"]', { timeout: 10_000 });
  let registerTicks = 0;
  // Register rows carry no Id: each is known by what it shows (the simulator's records say which).
  for (const key of await register.keys()) {
    const id = key.split(':')[1];
    if (!id || categoryOf(company, key, sim) !== 'plain' || ticked.includes(key)) continue;
    await register.tick(id);
    ticked.push(key);
    if (++registerTicks === 2) break;
  }
  expect(registerTicks).toBe(2);

  const popup = await openPopup();
  await untilFiled(popup.page, company.realmId, ticked.length); // both tabs reported
  await popup.connect(company.realmId, company.token);
  // Rows known by what they show join the selection once the connection has resolved them.
  const counts = await popup.waitForPreflight(ticked.length);
  expect(await popup.selectedCount()).toBe(ticked.length);
  const expected: Record<string, number> = {};
  for (const key of ticked) {
    const label = EXPECTED_STATUS[categoryOf(company, key, sim)];
    expected[label] = (expected[label] ?? 0) + 1;
  }
  expect(counts).toEqual(expected);
  await popup.screenshot('preflight');

  const ready = ticked.filter((k) => categoryOf(company, k, sim) === 'plain');
  expect(ready).toHaveLength(6);
  await popup.clickDelete();
  const result = await popup.resultCounts();
  await popup.screenshot('result');
  expect(result.Deleted).toBe(ready.length);
  const truth = sim.truth(company.realmId);
  expect(truth.deletedKeys().sort()).toEqual([...ready].sort());
  for (const key of ready) expect(truth.appliedDeletes(key)).toBe(1);
  for (const key of ticked.filter((k) => !ready.includes(k))) expect(truth.exists(key)).toBe(true);
});
