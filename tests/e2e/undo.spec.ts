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
import { expect, test } from './fixtures';
import { categoryOf, connectPopup } from './helpers';
import { LedgerPage } from './pages/ledger';

test.use({ seed: { count: 240, seed: 21, linkedShare: 0.5 } });
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** The page's transactions as keys `${Entity}:${Id}`, in page order. */
async function pageKeys(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href*="txnId="]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
  return hrefs.flatMap((href) => {
    const url = new URL(href);
    const entity = entityFromSlug(url.pathname.split('/').pop() ?? '');
    const id = url.searchParams.get('txnId');
    return entity && id ? [`${entity}:${id}`] : [];
  });
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
  for (const key of await pageKeys(ledger.page)) {
    const entity = key.split(':')[0] as Entity;
    if ((left[entity] ?? 0) <= 0 || picked.includes(key)) continue;
    if (!allowed.includes(categoryOf(company, key, sim))) continue;
    picked.push(key);
    left[entity] = (left[entity] ?? 0) - 1;
  }
  for (const key of picked) await ledger.tick(key.split(':')[1] ?? '');
  await ledger.page.waitForTimeout(400); // the content script reports after 150 ms of quiet
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
