/**
 * What a page can and cannot do, in the real browser: hostile Ids never reach the service; a web
 * page cannot message the extension (no externally_connectable) nor read its token; the popup
 * passes axe-core with no serious violations in each state.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { PopupPage } from '../../tools/support/pages/popup';
import { untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { batchCalls, connectPopup, deleteAndExpectExactly, tickAndCheck } from './helpers';

test.use({ seed: { count: 200, seed: 31, reconciledShare: 0.1 } });
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

const HOSTILE = ["1' OR '1'='1", '-5', '123456789012345678901234567890', '١٢٣', '１２３', '12abc'];

test('a page with malformed or hostile Ids: only its valid rows are selected, nothing hostile reaches the service', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const ledger = await new LedgerPage(await context.newPage()).open('/app/sales?hostile=1');
  await ledger.page.getByRole('checkbox', { name: 'Select all rows' }).check(); // ticks every row, hostile ones too
  await ledger.page.locator('tbody input[type="checkbox"]').first().click(); // an event the collector sees
  await ledger.page.locator('tbody input[type="checkbox"]').first().click();
  // The valid rows link nothing: each is known by what it shows; the hostile rows show no date or amount.
  const valid = (await ledger.keys()).filter(Boolean);
  expect(valid.length).toBe(await ledger.page.locator('tbody tr:has(input[type="checkbox"]):not(:has(a))').count());
  await untilFiled(context, company.realmId, valid.length);
  const popup = await connectPopup(openPopup, company);
  const counts = await popup.waitForPreflight(valid.length);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(valid.length);
  expect(await popup.selectedCount()).toBe(valid.length);
  const log = sim.requestLog(company.realmId);
  expect(log.length).toBeGreaterThan(0);
  for (const entry of log) {
    const text = decodeURIComponent(`${entry.path} ${entry.body ?? ''}`);
    for (const bad of HOSTILE) expect(text).not.toContain(bad);
    if (entry.endpoint === 'query') {
      const statement = entry.body ?? new URL(`https://x${entry.path}`).searchParams.get('query') ?? '';
      const inList = /in \(([^)]*)\)/i.exec(statement)?.[1] ?? '';
      for (const id of inList.split(',')) expect(id.trim()).toMatch(/^'[1-9][0-9]{0,19}'$/);
    }
  }
  expect(log.filter((e) => e.endpoint === 'delete')).toHaveLength(0);
  expect(batchCalls(sim, company.realmId)).toHaveLength(0);
});

test('a web page cannot message the extension, start a delete, or read the token', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}) => {
  await tickAndCheck({ context, company, openPopup }, { plain: 2 });
  const page = await context.newPage();
  await page.goto('https://app.qbo.intuit.com/app/sales');
  const attempt = await page.evaluate(async (id) => {
    const w = window as unknown as { chrome?: { runtime?: { sendMessage?: (...a: unknown[]) => unknown } } };
    const sendMessage = w.chrome?.runtime?.sendMessage;
    if (!sendMessage) return 'no runtime.sendMessage in the page';
    try {
      await sendMessage(id, { type: 'job/start', includeReconciled: true });
      return 'sent';
    } catch (error) {
      return `refused: ${String(error)}`;
    }
  }, extensionId);
  expect(attempt).not.toBe('sent');
  const storage = await page.evaluate(() => ({ local: JSON.stringify(localStorage), cookie: document.cookie }));
  expect(storage.local).not.toContain(company.token);
  expect(storage.cookie).not.toContain(company.token);
  expect(batchCalls(sim, company.realmId)).toHaveLength(0);
});

test('what decides a delete is out of storage.local: a write there changes nothing the job deletes', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { keys, popup } = await tickAndCheck({ context, company, openPopup }, { plain: 3 });
  // storage.local is what a content-script context can reach: the extension keeps nothing there.
  const page = popup.page;
  const held = await page.evaluate(async () => {
    const c = (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<object> } } } }).chrome;
    return Object.keys(await c.storage.local.get(null));
  });
  expect(held).toEqual([]);
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(databases).toContain('safe-delete-state');
  // What a compromised renderer could write: another record in the selection and its check.
  const forged = `Invoice:${company.keys.all.find((k) => !keys.includes(k))?.split(':')[1] ?? '1'}`;
  await page.evaluate(
    async ({ realmId, key }) => {
      const c = (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome;
      await c.storage.local.set({
        [`sd:selection:production:${realmId}`]: {
          [key]: { entity: 'Invoice', id: key.split(':')[1], shownAt: 1, tickedAt: 1 },
        },
      });
    },
    { realmId: company.realmId, key: forged },
  );
  await deleteAndExpectExactly(popup, sim, company.realmId, keys);
  expect(sim.truth(company.realmId).deletedKeys()).not.toContain(forged);
});

test('the popup has no serious axe-core violations in its states', async ({ context, company, openPopup }) => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const check = async (page: import('@playwright/test').Page, state: string) => {
    await page.evaluate(axeSource); // evaluate runs outside the page's CSP, unlike a script tag
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } })
        .axe;
      const result = await axe.run();
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(violations, `serious violations in state "${state}"`).toEqual([]);
  };
  const first = await openPopup();
  await expect(first.getByRole('button', { name: 'Connect to QuickBooks' })).toBeVisible();
  await check(first, 'not connected');
  await first.screenshot({ path: 'test-results/screenshots/not-connected.png' });
  await new PopupPage(first).openTokenForm();
  await check(first, 'paste a token');
  const { popup } = await tickAndCheck({ context, company, openPopup }, { plain: 3 });
  await check(popup.page, 'preflight');
  await popup.deleteButton().click();
  await popup.resultCounts();
  await popup.page.getByRole('button', { name: /Deleted \d+$/ }).click();
  await check(popup.page, 'result');
});
