/**
 * "Connect to QuickBooks" in Firefox ESR (issue 10): the production Firefox build, the token broker
 * under Node (HTTPS, reached under the build's real broker host name through the proxy), the
 * simulator's OAuth server on Intuit's real sign-in host. Firefox's identity.launchWebAuthFlow opens
 * the sign-in in a window of its own, which the test finds among the browser's targets and drives as
 * a person would. The broker allows Firefox's redirect URL (`https://<hash>.extensions.allizom.org/`),
 * read from the extension. Judged by the simulator's ground truth.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { launchFirefox } from '../../tools/firefox/firefox';
import { pollForElement } from '../../tools/firefox/poll';
import { BROKER_HOST, type E2EBroker, startE2EBroker } from '../e2e/broker';
import { inExtension } from './background';
import { untilFiled } from './extension-state';
import { attachPages, test as base, expect } from './fixtures';
import { pick } from './helpers';

const test = base.extend<{ broker: E2EBroker }>({
  broker: async ({ sim }, use) => {
    const broker = await startE2EBroker(sim);
    await use(broker);
    await broker.close();
  },
  firefox: async ({ sim, firefoxPrefs, broker }, use, testInfo) => {
    const firefox = await launchFirefox({
      port: sim.port,
      prefs: firefoxPrefs,
      extraHosts: { [BROKER_HOST]: broker.port },
    });
    await use(firefox);
    if (testInfo.status !== testInfo.expectedStatus) await attachPages(firefox, testInfo);
    await firefox.close();
  },
});

test.use({
  seed: { count: 120, seed: 21 },
  simulatorOptions: { authorizeOrigin: 'https://appcenter.intuit.com' },
});

/** The input a `<label>` names: by `for`, or the one inside it (the company radios). */
function labelled(page: Page, text: string): Promise<ElementHandle<HTMLInputElement>> {
  return pollForElement(
    page,
    (name: string) => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
      if (!label) return null;
      return (
        label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input')
      ) as HTMLInputElement;
    },
    [text],
    { timeout: 15_000, what: `the field "${text}" at ${page.url()}` },
  );
}

function buttonNamed(page: Page, text: string): Promise<ElementHandle<HTMLButtonElement>> {
  return pollForElement(
    page,
    (name: string) =>
      [...document.querySelectorAll('button')].find(
        (b) => (b.textContent ?? '').replace(/\s+/g, ' ').trim() === name,
      ) ?? null,
    [text],
    { timeout: 15_000, what: `the button "${text}" at ${page.url()}` },
  );
}

test('Connect to QuickBooks: sign in in the launchWebAuthFlow window, pick the company, then delete the ticked invoices', async ({
  firefox,
  broker,
  sim,
  company,
  openLedger,
  openPopup,
}) => {
  const ledger = await openLedger('/app/invoices');
  const ids = await pick(ledger, company, 'Invoice', { plain: 6 }, sim);
  expect(ids).toHaveLength(6);
  for (const id of ids) await ledger.tick(id);
  const keys = ids.map((id) => `Invoice:${id}`);

  const popup = await openPopup();
  await untilFiled(popup.page, company.realmId, ids.length);
  // Firefox's redirect URL is derived from the add-on id: the broker must allow exactly it.
  const redirectUrl = await inExtension<string>(popup.page, 'return browser.identity.getRedirectURL();');
  expect(redirectUrl).toMatch(/^https:\/\/[0-9a-f]+\.extensions\.allizom\.org\/$/);
  broker.configure(firefox.addonId, { redirectUrl });

  const connect = await popup.button('Connect to QuickBooks');
  await popup.screenshot('sign-in-connect');
  await connect.click();
  // launchWebAuthFlow opens a browser window of its own on the broker's start, redirected to Intuit's sign-in.
  const target = await firefox.browser.waitForTarget((t) => t.url().includes('/connect/oauth2'), { timeout: 30_000 });
  const auth = await target.page();
  if (!auth) throw new Error(`the sign-in window at ${target.url()} has no page`);
  expect(new URL(auth.url()).origin).toBe('https://appcenter.intuit.com');

  await (await labelled(auth, 'Email')).type('bookkeeper@example.com');
  await (await labelled(auth, 'Password')).type('correct horse battery staple');
  await (await buttonNamed(auth, 'Sign in')).click();
  const radio = await labelled(auth, company.companyName);
  await radio.click();
  expect(await radio.evaluate((r) => r.checked)).toBe(true);
  await (await buttonNamed(auth, 'Next')).click();
  await (await buttonNamed(auth, 'Connect')).click();

  // Back in the popup: connected through the broker, statuses checked with the new token.
  await popup.waitForBodyText(/signed in with Intuit/);
  await popup.waitForBodyText(new RegExp(company.companyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await popup.waitForPreflight(keys.length);
  expect(sim.oauthStats(company.realmId).codeExchanges).toBe(1);
  await popup.screenshot('sign-in-connected');

  await popup.clickDelete();
  const result = await popup.resultCounts();
  expect(result.Deleted).toBe(keys.length);
  expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
  const log = sim.requestLog(company.realmId);
  expect(log.length).toBeGreaterThan(0);
  expect(log.every((e) => e.tokenRealmId === company.realmId)).toBe(true);
  expect(sim.oauthStats(company.realmId).codeExchanges).toBe(1);
  for (const line of broker.log) expect(line).not.toMatch(/access_token|refresh_token|code=|e2e-broker-secret/);
});
