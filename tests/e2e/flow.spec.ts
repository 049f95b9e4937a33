import { mkdirSync } from 'node:fs';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup, EXPECTED_STATUS, pick } from './helpers';

test.use({
  seed: { count: 400, seed: 11, reconciledShare: 0.12, closedShare: 0.1, depositedShare: 0.06, linkedShare: 0.08 },
});
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

test('select on two pages of a list and on a register → statuses → one click → exactly the Ready set is deleted', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const ledger = await new LedgerPage(await context.newPage()).open('/app/invoices');
  const ticked: string[] = [];
  for (const id of await pick(ledger, company, 'Invoice', { plain: 2, reconciled: 1, closed: 1 })) {
    await ledger.tick(id);
    ticked.push(`Invoice:${id}`);
  }
  await ledger.next(); // client-side navigation: the selection accumulates across pages
  for (const id of await pick(ledger, company, 'Invoice', { plain: 2, linked: 1 })) {
    await ledger.tick(id);
    ticked.push(`Invoice:${id}`);
  }
  const register = await new LedgerPage(await context.newPage()).open('/app/register?accountId=35');
  await expect(register.page.getByRole('checkbox', { name: 'Select for deletion' }).first()).toBeVisible();
  // Register rows carry no Id: each is known by what it shows (the simulator's records say which).
  let registerTicks = 0;
  for (const key of await register.keys()) {
    const [entity, id] = key.split(':');
    if (!entity || !id || categoryOf(company, key) !== 'plain') continue;
    await register.tick(id);
    ticked.push(key);
    if (++registerTicks === 2) break;
  }
  expect(registerTicks).toBe(2);
  await untilFiled(context, company.realmId, ticked.length);

  const popup = await connectPopup(openPopup, company);
  const counts = await popup.waitForPreflight(ticked.length);
  const expected: Record<string, number> = {};
  for (const key of ticked) {
    const label = EXPECTED_STATUS[categoryOf(company, key, sim)];
    expected[label] = (expected[label] ?? 0) + 1;
  }
  expect(counts).toEqual(expected);
  await popup.screenshot('preflight');
  // At the real popup size, the summary and the button are in view without scrolling.
  await popup.expectInView(popup.deleteButton());
  const summaryIds = (await popup.deleteButton().getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  expect(summaryIds.length).toBeGreaterThan(0);
  const summary = popup.page.locator(summaryIds.map((id) => `[id="${id}"]`).join(', '));
  await expect(summary.first()).toContainText(/Will delete \d+/);
  for (const part of await summary.all()) await popup.expectInView(part);

  // Linked records are a decision: without "Include linked transactions" they survive the click.
  const ready = ticked.filter((k) => categoryOf(company, k, sim) === 'plain');
  const linked = ticked.filter((k) => categoryOf(company, k, sim) === 'linked');
  expect(linked.length).toBeGreaterThan(0);
  await expect(popup.page.getByLabel('Include linked transactions')).not.toBeChecked();
  await expect(popup.deleteButton()).toBeEnabled();
  await popup.deleteButton().click();
  const result = await popup.resultCounts();
  await popup.screenshot('result');
  expect(result.Deleted).toBe(ready.length);
  expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...ready].sort());
  for (const key of ready) expect(sim.truth(company.realmId).appliedDeletes(key)).toBe(1);
  for (const key of linked) expect(sim.truth(company.realmId).exists(key)).toBe(true);
});
