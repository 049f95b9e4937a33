/**
 * Connect to QuickBooks (issue 9), end to end in real Chromium: the production build, the token
 * broker under Node (HTTPS, reached under the build's real broker host name), the simulator's OAuth
 * server and API. The test drives Intuit's sign-in window as a person would. Judged by the
 * simulator's ground truth: which records are gone, which token called which company, how many
 * refreshes and revocations happened.
 */
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension } from '../../tools/chromium/chromium';
import type { SeededCompany } from '../../tools/simulator/api';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { PopupPage } from '../../tools/support/pages/popup';
import { BROKER_HOST, type E2EBroker, startE2EBroker } from './broker';
import { untilFiled } from './extension-state';
import { test as base, expect } from './fixtures';
import { pick } from './helpers';

/** The extension refreshes 5 min before expiry: a 305 s token is "expiring" 5 s after it was issued
 * (5 s: room for the check that follows the sign-in to run on the fresh token first). */
const ACCESS_LIFETIME_MS = 305_000;

/** Waits (on a condition, not a fixed sleep) until a token the extension held by `issuedBy` (a
 * Date.now()) is within 5 minutes of its end, with half a second to spare. */
async function untilExpiring(issuedBy: number): Promise<void> {
  await expect
    .poll(() => Date.now() - issuedBy, { intervals: [250], timeout: ACCESS_LIFETIME_MS })
    .toBeGreaterThan(ACCESS_LIFETIME_MS - 300_000 + 500);
}

const test = base.extend<{ broker: E2EBroker }>({
  broker: async ({ sim }, use) => {
    const broker = await startE2EBroker(sim);
    await use(broker);
    await broker.close();
  },
  context: async ({ sim, broker }, use) => {
    const context = await launchWithExtension({ port: sim.port, extraHosts: { [BROKER_HOST]: broker.port } });
    await use(context);
    await context.close();
  },
  extensionId: async ({ serviceWorker, broker }, use) => {
    const id = new URL(serviceWorker.url()).host;
    broker.configure(id);
    await use(id);
  },
});

test.use({
  seed: { count: 120, seed: 21 },
  simulatorOptions: { accessTokenLifetimeMs: ACCESS_LIFETIME_MS, authorizeOrigin: 'https://appcenter.intuit.com' },
});
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** Clicks "Connect to QuickBooks" (or "Reconnect") and drives the sign-in window to the company. */
async function signIn(context: BrowserContext, popup: Page, companyName: string, button = 'Connect to QuickBooks') {
  const before = new Set(context.pages());
  await popup.getByRole('button', { name: button }).click();
  // Chrome opens the sign-in window once its first page has loaded (not as a 'page' event): find it.
  let auth: Page | undefined;
  await expect
    .poll(
      () => {
        auth = context.pages().find((p) => !before.has(p) && p.url().includes('/connect/oauth2'));
        return auth !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (!auth) throw new Error('no sign-in window');
  await auth.waitForLoadState();
  await auth.getByLabel('Email').fill('bookkeeper@example.com');
  await auth.getByLabel('Password').fill('correct horse battery staple');
  await auth.getByRole('button', { name: 'Sign in' }).click();
  await auth.getByRole('radio', { name: companyName, exact: true }).check();
  await auth.getByRole('button', { name: 'Next' }).click();
  // Listening before the click: the window closes as the redirect lands, often before the click
  // returns, and a listener added after that waits for a close that already happened.
  const closed = auth.waitForEvent('close', { timeout: 15_000 });
  await auth.getByRole('button', { name: 'Connect' }).click();
  await closed;
}

async function tickPlain(context: BrowserContext, company: SeededCompany, n: number): Promise<string[]> {
  const ledger = await new LedgerPage(await context.newPage()).open('/app/invoices');
  const ids = await pick(ledger, company, 'Invoice', { plain: n });
  for (const id of ids) await ledger.tick(id);
  await untilFiled(context, company.realmId, ids.length);
  await ledger.page.close();
  return ids.map((id) => `Invoice:${id}`);
}

test('Connect to QuickBooks: sign in, pick the company, delete across an access token’s expiry without a pause, then Disconnect revokes', async ({
  context,
  sim,
  company,
  openPopup,
  broker,
}) => {
  const keys = await tickPlain(context, company, 6);
  const popup = new PopupPage(await openPopup());
  await expect(popup.page.getByRole('button', { name: 'Connect to QuickBooks' })).toBeVisible();
  await popup.screenshot('sign-in-connect');
  await signIn(context, popup.page, company.companyName);

  // Connected: the company by name, statuses checked with the new token.
  await expect(popup.page.getByText(/signed in with Intuit/)).toBeVisible({ timeout: 15_000 });
  const issuedBy = Date.now(); // shown connected: the extension holds its token by now
  await expect(popup.page.getByText(new RegExp(company.companyName)).first()).toBeVisible();
  await popup.waitForPreflight(keys.length);
  expect(sim.oauthStats(company.realmId).codeExchanges).toBe(1);
  await popup.screenshot('sign-in-connected');

  // The access token is now within 5 minutes of its end: the job refreshes it first and never pauses.
  await untilExpiring(issuedBy);
  await popup.deleteButton().click();
  const result = await popup.resultCounts();
  expect(result.Deleted).toBe(keys.length);
  expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
  expect(sim.oauthStats(company.realmId).refreshes).toBeGreaterThanOrEqual(1);
  const log = sim.requestLog(company.realmId);
  expect(log.filter((e) => e.status === 401)).toEqual([]); // refreshed before it ran out: no pause
  expect(log.every((e) => e.tokenRealmId === company.realmId)).toBe(true);
  // The broker never logs a token, a code or the secret.
  for (const line of broker.log) expect(line).not.toMatch(/access_token|refresh_token|code=|e2e-broker-secret/);

  // Disconnect: revoked at Intuit through the broker, then forgotten.
  await popup.page.getByRole('button', { name: 'Done' }).click();
  await popup.page.getByRole('button', { name: 'Disconnect' }).click();
  await popup.page.getByRole('button', { name: 'Yes, disconnect' }).click();
  await expect(popup.page.getByRole('button', { name: 'Connect to QuickBooks' })).toBeVisible();
  expect(sim.oauthStats(company.realmId).revocations).toBe(1);
});

test('a revoked sign-in pauses the job with "Reconnect"; after reconnecting it resumes and finishes', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const keys = await tickPlain(context, company, 5);
  const popup = new PopupPage(await openPopup());
  await signIn(context, popup.page, company.companyName);
  await popup.waitForPreflight(keys.length);
  const issuedBy = Date.now(); // checked with the token: it was issued by now

  sim.revokeGrants(company.realmId); // the person revoked the app at Intuit
  await untilExpiring(issuedBy); // the next call must refresh
  await popup.deleteButton().click();
  const reconnect = popup.page.getByRole('button', { name: 'Reconnect' });
  await expect(reconnect).toBeVisible({ timeout: 20_000 });
  await popup.screenshot('sign-in-reconnect');
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);

  await signIn(context, popup.page, company.companyName, 'Reconnect');
  const result = await popup.resultCounts();
  expect(result.Deleted).toBe(keys.length);
  expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
  expect(sim.oauthStats(company.realmId).codeExchanges).toBe(2);
});

test('two companies connected side by side: two jobs at once, each with its own token, no 429', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  test.setTimeout(120_000);
  const other = sim.seedCompany({ count: 120, seed: 22 });
  sim.setPageCompany(company.realmId); // seeding opens the new company in the web app: back to A
  const aKeys = await tickPlain(context, company, 8);
  const popup = new PopupPage(await openPopup());
  await signIn(context, popup.page, company.companyName);
  await expect.poll(() => sim.oauthStats(company.realmId).codeExchanges, { message: 'A was connected' }).toBe(1);
  await popup.waitForPreflight(aKeys.length);

  // The bookkeeper opens client B in the web app and ticks there: the page's company picks B's connection.
  sim.setPageCompany(other.realmId);
  const bKeys = await tickPlain(context, other, 8);
  await popup.page.reload();
  await expect(popup.page.getByRole('button', { name: 'Connect to QuickBooks' })).toBeVisible();
  await signIn(context, popup.page, other.companyName);
  await popup.waitForPreflight(bKeys.length);
  await expect(popup.page.getByText('Connected companies (2)')).toBeVisible();
  await popup.deleteButton().click(); // B's job

  // Back to A's page: A's job starts while B's runs.
  sim.setPageCompany(company.realmId);
  const ledger = await new LedgerPage(await context.newPage()).open('/app/invoices');
  const fresh = (await pick(ledger, company, 'Invoice', { plain: 9 })).filter((id) => !aKeys.includes(`Invoice:${id}`));
  await ledger.tick(fresh[0] ?? '');
  const more = [`Invoice:${fresh[0]}`];
  await untilFiled(context, company.realmId, aKeys.length + more.length);
  await popup.page.reload();
  await popup.waitForPreflight(aKeys.length + more.length);
  await popup.deleteButton().click();
  await popup.resultCounts();
  await expect.poll(() => sim.truth(other.realmId).deletedKeys().length, { timeout: 60_000 }).toBe(bKeys.length);
  expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...aKeys, ...more].sort());
  for (const realm of [company.realmId, other.realmId]) {
    const log = sim.requestLog(realm);
    expect(log.filter((e) => e.status === 429)).toEqual([]);
    expect(log.every((e) => e.tokenRealmId === realm)).toBe(true); // no token ever sent for the other company
  }
});
