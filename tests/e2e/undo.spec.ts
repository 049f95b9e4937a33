/**
 * The way back (issue 11), end to end: the production build in Chromium against the simulator on
 * the real host names, judged by the simulator's ground truth.
 * - "Void instead of delete" on a mix: the voidable ones voided (still there, amount 0), the rest
 *   "Cannot be voided" and untouched, nothing deleted.
 * - "Restore deleted records" after deleting 60 records of mixed types, among them an invoice and
 *   the payment that paid it: 60 new records equal to their snapshots (bar what the service
 *   assigns), the payment linked to the new invoice, none twice — also with the worker stopped
 *   mid-restore and a 500 after the service applied a batch.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Entity } from '../../lib/domain/entities';
import { entityFromSlug } from '../../lib/domain/web-app';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { filedCount, untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup, stopWorker } from './helpers';

test.use({
  seed: { count: 240, seed: 21, linkedShare: 0.5 },
  // One batch call per 1 s window (60 s time-scaled x60): a restore of 60 still spans several
  // windows, so the worker is stopped in its middle (checked: creates go on after the stop).
  simulatorOptions: { batchLimit: 1, timeScale: 60 },
});
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** The page's transactions as keys `${Entity}:${Id}`, in page order: rows known by what they show. */
async function pageKeys(ledger: LedgerPage): Promise<string[]> {
  return (await ledger.keys()).filter(Boolean);
}

/** Ticks up to `want[entity]` rows of each entity whose category is allowed; returns their keys. */
async function tickMix(
  ledger: LedgerPage,
  company: SeededCompany,
  sim: Simulator,
  want: Partial<Record<Entity, number>>,
  allowed: readonly string[] = ['plain'],
): Promise<string[]> {
  const left = { ...want };
  const picked: string[] = [];
  for (const key of await pageKeys(ledger)) {
    const entity = key.split(':')[0] as Entity;
    if ((left[entity] ?? 0) <= 0 || picked.includes(key)) continue;
    if (!allowed.includes(categoryOf(company, key, sim))) continue;
    picked.push(key);
    left[entity] = (left[entity] ?? 0) - 1;
  }
  const before = await filedCount(ledger.page.context(), company.realmId);
  for (const key of picked) await ledger.tick(key.split(':')[1] ?? '');
  // Reported after 150 ms of quiet; rows known by what they show are filed before they are resolved.
  await untilFiled(ledger.page.context(), company.realmId, before + picked.length);
  return picked;
}

async function groupCount(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('button', { name: new RegExp(`^${label} \\d+$`) }).innerText();
  return Number(text.replace(/\D+/g, ''));
}

test('Void instead of delete: voidable ones voided and still there, the rest "Cannot be voided", nothing deleted', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const sales = await new LedgerPage(await context.newPage()).open('/app/sales?rows=200');
  const voidable = await tickMix(sales, company, sim, { Invoice: 2, SalesReceipt: 2, Payment: 1 });
  const expenses = await new LedgerPage(await context.newPage()).open('/app/expenses?rows=200');
  const others = await tickMix(expenses, company, sim, { Purchase: 2, Bill: 1 });
  expect(voidable).toHaveLength(5);
  expect(others).toHaveLength(3);
  const before = new Map(others.map((k) => [k, sim.truth(company.realmId).syncToken(k)]));

  const popup = await connectPopup(openPopup, company);
  await popup.waitForPreflight(8);
  await popup.page.getByLabel('Void instead of delete').check();
  await expect(popup.statusCount('Cannot be voided')).toHaveText('Cannot be voided: 3');
  await expect(popup.page.getByText(/^Will void 5 ·/)).toBeVisible();
  await popup.screenshot('void-preview');
  await popup.page.getByRole('button', { name: 'Verify and void selected' }).click();
  await expect(popup.page.getByRole('heading', { name: /Finished/ })).toBeVisible({ timeout: 60_000 });
  expect(await groupCount(popup.page, 'Voided')).toBe(5);
  await expect(popup.page.getByRole('button', { name: /^Deleted \d+$/ })).toHaveCount(0);
  await popup.screenshot('void-result');

  const truth = sim.truth(company.realmId);
  expect(truth.deletedKeys()).toEqual([]);
  expect(truth.voidedKeys().sort()).toEqual([...voidable].sort());
  for (const key of voidable) {
    expect(truth.appliedVoids(key)).toBe(1);
    const json = sim.record(company.realmId, key);
    expect(json?.TotalAmt).toBe(0);
    expect(String(json?.PrivateNote)).toMatch(/Voided/);
  }
  for (const key of others) {
    expect(truth.exists(key)).toBe(true);
    expect(truth.syncToken(key)).toBe(before.get(key));
  }
});

test('Restore says before the click which record names a customer made inactive since, and leaves it out', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const sales = await new LedgerPage(await context.newPage()).open('/app/sales?rows=200');
  const picked = await tickMix(sales, company, sim, { Invoice: 2, SalesReceipt: 2 });
  expect(picked).toHaveLength(4);
  const customerOf = (key: string) =>
    (sim.record(company.realmId, key)?.CustomerRef as { value?: string } | undefined)?.value ?? '';
  const inactive = customerOf(picked[0] ?? '');
  const blocked = picked.filter((key) => customerOf(key) === inactive);
  const restorable = picked.length - blocked.length;
  expect(restorable).toBeGreaterThan(0);

  const popup = await connectPopup(openPopup, company);
  await popup.waitForPreflight(4);
  await popup.deleteButton().click();
  expect((await popup.resultCounts()).Deleted).toBe(4);
  sim.setReferenceActive(company.realmId, 'Customer', inactive, false);
  await popup.page.getByRole('button', { name: 'Restore deleted records' }).click();
  const confirm = popup.page.getByRole('button', {
    name: `Restore ${restorable} record${restorable === 1 ? '' : 's'}`,
  });
  await expect(confirm).toBeVisible();
  const refused = popup.page.getByRole('list', { name: /cannot be restored/ });
  await expect(refused.getByRole('listitem')).toHaveCount(blocked.length);
  await expect(refused).toContainText(/customer “.+” is inactive in QuickBooks: make it active again/);
  await popup.screenshot('restore-preview-inactive-customer');
  await confirm.click();
  await expect(popup.page.getByRole('heading', { name: /Finished/ })).toBeVisible({ timeout: 60_000 });
  expect(await groupCount(popup.page, 'Restored')).toBe(restorable);
  expect(await groupCount(popup.page, 'Refused')).toBe(blocked.length);
  const truth = sim.truth(company.realmId);
  expect(truth.createdKeys()).toHaveLength(restorable);
  for (const key of truth.createdKeys()) expect(customerOf(key)).not.toBe(inactive);
});

/** A payment on the sales list and the invoice its line pays, both deletable (not deposited, closed, reconciled). */
function paidPair(sim: Simulator, company: SeededCompany, onPage: readonly string[]) {
  for (const key of onPage) {
    if (!key.startsWith('Payment:') || categoryOf(company, key, sim) !== 'linked') continue;
    const lines = (sim.record(company.realmId, key)?.Line ?? []) as {
      LinkedTxn?: { TxnId: string; TxnType: string }[];
    }[];
    const invoice = lines.flatMap((l) => l.LinkedTxn ?? []).find((l) => l.TxnType === 'Invoice');
    const invoiceKey = invoice && `Invoice:${invoice.TxnId}`;
    if (invoiceKey && onPage.includes(invoiceKey) && ['plain', 'linked'].includes(categoryOf(company, invoiceKey, sim)))
      return { payment: key, invoice: invoiceKey };
  }
  throw new Error('no paid invoice on the page');
}

/** Ticks 60 records of mixed types (the pair among them) on the sales and expenses lists. */
async function tickSixty(context: import('@playwright/test').BrowserContext, sim: Simulator, company: SeededCompany) {
  const sales = await new LedgerPage(await context.newPage()).open('/app/sales?rows=240');
  const onSales = await pageKeys(sales);
  const pair = paidPair(sim, company, onSales);
  const deletable = (k: string) => ['plain', 'linked'].includes(categoryOf(company, k, sim));
  const salesKeys = [
    pair.invoice,
    pair.payment,
    ...onSales.filter((k) => deletable(k) && k !== pair.invoice && k !== pair.payment),
  ].slice(0, 40);
  for (const key of salesKeys) await sales.tick(key.split(':')[1] ?? '');
  const expenses = await new LedgerPage(await context.newPage()).open('/app/expenses?rows=240');
  const expenseKeys = (await pageKeys(expenses)).filter(deletable).slice(0, 60 - salesKeys.length);
  for (const key of expenseKeys) await expenses.tick(key.split(':')[1] ?? '');
  await untilFiled(context, company.realmId, salesKeys.length + expenseKeys.length);
  const keys = [...salesKeys, ...expenseKeys];
  expect(keys).toHaveLength(60);
  expect(new Set(keys.map((k) => k.split(':')[0])).size).toBeGreaterThanOrEqual(4);
  return { keys, pair };
}

/** Old key → new key, read from the "Restored" group's two links per record. */
async function restoredMapping(page: Page): Promise<Map<string, string>> {
  const group = page.getByRole('button', { name: /^Restored \d+$/ });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const keyOf = (href: string) => {
    const url = new URL(href);
    return `${entityFromSlug(url.pathname.split('/').pop() ?? '')}:${url.searchParams.get('txnId')}`;
  };
  const olds = await page
    .getByRole('link', { name: /the deleted original of/ })
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const news = await page
    .getByRole('link', { name: /the restored copy of/ })
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(olds).toHaveLength(news.length);
  return new Map(olds.map((href, i) => [keyOf(href), keyOf(news[i] ?? '')]));
}

async function deleteThenPreview(fixtures: {
  context: import('@playwright/test').BrowserContext;
  sim: Simulator;
  company: SeededCompany;
  openPopup: () => Promise<Page>;
}) {
  const { context, sim, company, openPopup } = fixtures;
  const snapshots = new Map(company.keys.all.map((k) => [k, sim.record(company.realmId, k) ?? {}]));
  const { keys, pair } = await tickSixty(context, sim, company);
  const popup = await connectPopup(openPopup, company);
  await popup.waitForPreflight(60);
  await popup.page.getByLabel('Include linked transactions').check();
  await popup.deleteButton().click();
  expect((await popup.resultCounts()).Deleted).toBe(60);
  expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
  await popup.page.getByRole('button', { name: 'Restore deleted records' }).click();
  await expect(popup.page.getByRole('button', { name: 'Restore 60 records' })).toBeVisible();
  await expect(popup.page.getByRole('list', { name: 'What cannot come back' })).toContainText(/reconcil/i);
  return { popup, keys, pair, snapshots };
}

/** 60 new records, each created once, equal to its snapshot bar what the service assigns; the payment paying the new invoice. */
async function expectRestoredExactlyOnce(
  page: Page,
  sim: Simulator,
  company: SeededCompany,
  keys: readonly string[],
  pair: { payment: string; invoice: string },
  snapshots: Map<string, Record<string, unknown>>,
) {
  await expect(page.getByRole('heading', { name: /Finished/ })).toBeVisible({ timeout: 90_000 });
  expect(await groupCount(page, 'Restored')).toBe(60);
  const truth = sim.truth(company.realmId);
  const created = truth.createdKeys();
  expect(created).toHaveLength(60);
  expect(new Set(created).size).toBe(60);
  for (const key of created) expect(truth.appliedCreates(key)).toBe(1);
  const mapping = await restoredMapping(page);
  expect([...mapping.keys()].sort()).toEqual([...keys].sort());
  expect([...mapping.values()].sort()).toEqual([...created].sort());
  for (const [oldKey, newKey] of mapping) {
    const before = snapshots.get(oldKey) ?? {};
    const now = sim.record(company.realmId, newKey) ?? {};
    for (const field of ['DocNumber', 'TxnDate', 'TotalAmt', 'CustomerRef', 'VendorRef'])
      expect(now[field], `${oldKey} → ${newKey}: ${field}`).toEqual(before[field]);
    expect(now.Id).not.toBe(before.Id);
  }
  const newInvoiceId = mapping.get(pair.invoice)?.split(':')[1];
  const payment = sim.record(company.realmId, mapping.get(pair.payment) ?? '');
  const links = ((payment?.Line ?? []) as { LinkedTxn?: { TxnId: string; TxnType: string }[] }[]).flatMap(
    (l) => l.LinkedTxn ?? [],
  );
  expect(links).toContainEqual(expect.objectContaining({ TxnType: 'Invoice', TxnId: newInvoiceId }));
}

test('Restore deleted records: 60 of mixed types come back once each, the payment paying the new invoice', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { popup, keys, pair, snapshots } = await deleteThenPreview({ context, sim, company, openPopup });
  await popup.screenshot('restore-preview');
  await popup.page.getByRole('button', { name: 'Restore 60 records' }).click();
  await expectRestoredExactlyOnce(popup.page, sim, company, keys, pair, snapshots);
  await popup.screenshot('restore-result');
});

test('Restore with the worker stopped mid-restore and a 500 after the service applied a batch: still each record exactly once', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { popup, keys, pair, snapshots } = await deleteThenPreview({ context, sim, company, openPopup });
  const cdp = await context.newCDPSession(popup.page);
  await cdp.send('ServiceWorker.enable');
  sim.injectFault({ endpoint: 'batch', kind: 'error500-after', times: 1 });
  await popup.page.getByRole('button', { name: 'Restore 60 records' }).click();
  const creates = () =>
    sim.requestLog(company.realmId).filter((e) => e.endpoint === 'batch' && /requestid=/.test(e.path));
  const applied = () => creates().filter((e) => e.status === 200).length;
  await expect.poll(applied, { intervals: [10], timeout: 60_000 }).toBeGreaterThan(0);
  await stopWorker(cdp);
  const stoppedAt = Date.now();
  await expectRestoredExactlyOnce(popup.page, sim, company, keys, pair, snapshots);
  expect(creates().some((e) => e.status === 200 && e.at > stoppedAt)).toBe(true); // stopped mid-restore
  const lost = creates().find((e) => e.status === 500);
  expect(lost).toBeDefined();
  // The lost answer is looked for before anything is re-sent (issue 23 §1: requestid is not proven):
  // a read of the records created since, and the batch the service applied never sent again.
  const searched = sim
    .requestLog(company.realmId)
    .some((e) => e.endpoint === 'query' && e.at >= (lost?.at ?? 0) && /CreateTime/.test(decodeURIComponent(e.path)));
  expect(searched).toBe(true);
  expect(creates().some((e) => e.replayed)).toBe(false);
});
