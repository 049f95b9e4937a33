/**
 * Selection integrity (issue 8), end to end in real Chromium against the production build, judged by
 * the simulator's ground truth: only what the bookkeeper ticked, in the company they ticked it in,
 * and nothing they took back.
 */
import { mkdirSync } from 'node:fs';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { batchCalls, categoryOf, connectPopup, deleteAndExpectExactly } from './helpers';

test.use({ seed: { count: 240, seed: 41 } });
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** Plain (deletable) invoice Ids on a ledger page, in page order. */
async function plainInvoices(ledger: LedgerPage, company: Parameters<typeof categoryOf>[0], n: number) {
  const ids = (await ledger.ids()).filter((id) => categoryOf(company, `Invoice:${id}`) === 'plain');
  const unique = [...new Set(ids)];
  expect(unique.length).toBeGreaterThanOrEqual(n);
  return unique.slice(0, n);
}

test('a stale tab after a company switch files nothing under either company and deletes nothing', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  // Tab 1 shows company A's invoices.
  const tab1 = await new LedgerPage(await context.newPage()).open('/app/invoices');
  const aIds = await plainInvoices(tab1, company, 10);
  // In tab 2 the bookkeeper opens client B: the company cookie is one per browser.
  const other = sim.seedCompany({ count: 240, seed: 42 });
  sim.setPageCompany(other.realmId);
  await new LedgerPage(await context.newPage()).open('/app/invoices');
  const shared = aIds.filter((id) => sim.record(other.realmId, `Invoice:${id}`) !== undefined);
  expect(shared.length).toBeGreaterThan(0); // B has invoices with the same small Ids
  const popup = await connectPopup(openPopup, other);

  // Back in tab 1, still showing A's rows, they tick 10 invoices.
  await tab1.page.bringToFront();
  for (const id of aIds) await tab1.tick(id);

  // The alert is the background's answer to the tab's report (each report of this tab is refused).
  await popup.page.bringToFront();
  await expect(
    popup.page.getByText(/^This tab still shows .+, but QuickBooks now has .+ open\. Reload it\.$/),
  ).toBeVisible();
  await expect(popup.page.getByText(/Nothing selected yet/)).toBeVisible();
  await popup.screenshot('stale-tab');
  await expect(popup.deleteButton()).toBeDisabled();
  expect(batchCalls(sim, company.realmId)).toHaveLength(0);
  expect(batchCalls(sim, other.realmId)).toHaveLength(0);
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
  expect(sim.truth(other.realmId).deletedKeys()).toEqual([]);
});

test('Clear selection sticks: a later URL change without re-render brings nothing back; only two new ticks are deleted', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}) => {
  const ledger = await new LedgerPage(await context.newPage()).open('/app/sales');
  const ids = await plainInvoicesOnSales(ledger, company, 5);
  const first = ids.slice(0, 3);
  const later = ids.slice(3, 5);
  for (const id of first) await ledger.tick(id);
  await untilFiled(context, company.realmId, first.length);
  const popup = await connectPopup(openPopup, company);
  await popup.waitForPreflight(3);
  await popup.page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(popup.page.getByText(/Nothing selected yet/)).toBeVisible();

  // The web app changes its address without re-rendering the rows (a panel opens, a filter applies):
  // the three rows are still ticked on the page.
  await ledger.page.bringToFront();
  // WXT's location watcher polls once a second, then tells the content script with an event on the
  // window (named `<extension id>:content:wxt:locationchange`), which the page's world hears too: the
  // next ticks come after the content script knows.
  await ledger.page.evaluate((event) => {
    const told = new Promise<void>((resolve) => window.addEventListener(event, () => resolve()));
    history.pushState({}, '', `${location.pathname}?panel=open`);
    return told;
  }, `${extensionId}:content:wxt:locationchange`);
  for (const id of first) await expect((await ledger.row(id)).locator('input[type="checkbox"]').first()).toBeChecked();
  for (const id of later) await ledger.tick(id);
  await untilFiled(context, company.realmId, later.length); // the two, not the three cleared

  await popup.page.bringToFront();
  await popup.waitForPreflight(2);
  expect(await popup.selectedCount()).toBe(2);
  await deleteAndExpectExactly(
    popup,
    sim,
    company.realmId,
    later.map((id) => `Invoice:${id}`),
  );
});

test('ticks made by a page script do not count: the page ticks five, the person three, exactly three are deleted', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const ledger = await new LedgerPage(await context.newPage()).open('/app/sales');
  const ids = await plainInvoicesOnSales(ledger, company, 8);
  const person = ids.slice(0, 3);
  const script = ids.slice(3, 8);
  // A script's click on the row's box, in the page's own world (untrusted).
  const scriptTick = async (targets: string[]) => {
    for (const id of targets)
      await (await ledger.row(id))
        .locator('input[type="checkbox"]')
        .first()
        .evaluate((box) => (box as HTMLInputElement).click());
  };
  // Interleaved: the script acts right after the person's clicks, as a hostile script would.
  await ledger.tick(person[0] as string);
  await scriptTick(script.slice(0, 3));
  await ledger.tick(person[1] as string);
  await scriptTick(script.slice(3));
  await ledger.tick(person[2] as string);
  for (const id of [...person, ...script]) {
    await expect((await ledger.row(id)).locator('input[type="checkbox"]').first()).toBeChecked();
  }
  await untilFiled(context, company.realmId, person.length, script.length);

  const popup = await connectPopup(openPopup, company);
  await popup.waitForPreflight(3);
  expect(await popup.selectedCount()).toBe(3);
  const byPage = popup.page.getByRole('region', { name: 'Ticked by the page, not by you' });
  await expect(byPage).toBeVisible();
  await expect(byPage.getByRole('listitem')).toHaveCount(5);
  await popup.screenshot('ticked-by-page');
  await deleteAndExpectExactly(
    popup,
    sim,
    company.realmId,
    person.map((id) => `Invoice:${id}`),
  );
});

test("the web app's own select-all still selects every row of the page as the person's", async ({
  context,
  company,
  openPopup,
}) => {
  const ledger = await new LedgerPage(await context.newPage()).open('/app/sales');
  // Every row shows one record (none alike), so each is filed, resolved and checked.
  const onPage = new Set(await ledger.keys());
  expect(onPage.has('')).toBe(false);
  expect(onPage.size).toBeGreaterThan(20);
  await ledger.page.getByRole('checkbox', { name: 'Select all rows' }).click();
  await untilFiled(context, company.realmId, onPage.size);
  const popup = await connectPopup(openPopup, company);
  expect(await popup.selectedCount()).toBe(onPage.size);
  await expect(popup.page.getByRole('region', { name: 'Ticked by the page, not by you' })).toHaveCount(0);
  await popup.waitForPreflight(onPage.size);
});

/** The sales list mixes types; the tests tick its plain invoices (rows known by what they show). */
async function plainInvoicesOnSales(ledger: LedgerPage, company: Parameters<typeof categoryOf>[0], n: number) {
  const ids = (await ledger.keys())
    .filter((key) => key.startsWith('Invoice:') && categoryOf(company, key) === 'plain')
    .map((key) => key.slice('Invoice:'.length));
  expect(ids.length).toBeGreaterThanOrEqual(n);
  return ids.slice(0, n);
}
