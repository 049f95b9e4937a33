/**
 * The Firefox suite's fixture: a simulator over HTTPS (test certificate), a seeded company, and
 * Firefox ESR with the production Firefox build installed and the real host names mapped to the
 * simulator. Playwright Test is only the runner here; puppeteer-core drives Firefox (WebDriver BiDi).
 * A fresh Firefox profile per test, so no storage leaks from one test to the next.
 */
import { mkdirSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { type FirefoxWithExtension, launchFirefox, openPopupTab } from '../../tools/firefox/firefox';
import type { SeededCompany, SeedOptions, Simulator, SimulatorOptions } from '../../tools/simulator/api';
import { ensureTestCertificate } from '../../tools/simulator/cert';
import { startSimulator } from '../../tools/simulator/index';
import { FirefoxLedger } from '../../tools/support/pages/firefox-ledger';
import { FirefoxPopup } from '../../tools/support/pages/firefox-popup';

export interface FirefoxE2EOptions {
  simulatorOptions: SimulatorOptions;
  seed: SeedOptions;
  /** Extra Firefox prefs for the test's profile. */
  firefoxPrefs: Record<string, unknown>;
}

export interface FirefoxE2EFixtures {
  sim: Simulator;
  company: SeededCompany;
  firefox: FirefoxWithExtension;
  /** The popup opened in a new tab (how tests drive it). */
  openPopup: () => Promise<FirefoxPopup>;
  /** A ledger page of the web app on its real host name, in a new tab. */
  openLedger: (path: string) => Promise<FirefoxLedger>;
}

export const test = base.extend<FirefoxE2EOptions & FirefoxE2EFixtures>({
  simulatorOptions: [{}, { option: true }],
  seed: [{ count: 120, seed: 7 }, { option: true }],
  firefoxPrefs: [{}, { option: true }],
  sim: async ({ simulatorOptions }, use) => {
    const { cert, key } = ensureTestCertificate();
    const sim = await startSimulator({ ...simulatorOptions, tls: { cert, key } });
    await use(sim);
    await sim.close();
  },
  company: async ({ sim, seed }, use) => {
    const company = sim.seedCompany(seed);
    sim.setPageCompany(company.realmId);
    await use(company);
  },
  firefox: async ({ sim, firefoxPrefs }, use, testInfo) => {
    const firefox = await launchFirefox({ port: sim.port, prefs: firefoxPrefs });
    await use(firefox);
    if (testInfo.status !== testInfo.expectedStatus) await attachPages(firefox, testInfo);
    await firefox.close();
  },
  openPopup: async ({ firefox }, use) => {
    await use(async () => new FirefoxPopup(await openPopupTab(firefox.browser)));
  },
  openLedger: async ({ firefox }, use) => {
    await use((path) => FirefoxLedger.open(firefox.browser, path));
  },
});

export const expect = test.expect;

/** On failure: a screenshot and the text of every open tab, and what the proxy refused. */
export async function attachPages(firefox: FirefoxWithExtension, testInfo: import('@playwright/test').TestInfo) {
  mkdirSync(testInfo.outputDir, { recursive: true });
  const pages = await firefox.browser.pages().catch(() => []);
  for (const [i, page] of pages.entries()) {
    const name = `tab-${i}`;
    const path = testInfo.outputPath(`${name}.png`);
    await page
      .screenshot({ path, fullPage: true })
      .then(() => testInfo.attachments.push({ name: `${name}.png`, path, contentType: 'image/png' }))
      .catch(() => undefined);
    const text = await page.evaluate(() => document.body?.innerText ?? '').catch((e: unknown) => String(e));
    await testInfo.attach(`${name}.txt`, { body: `${page.url()}\n\n${text}`, contentType: 'text/plain' });
  }
  await testInfo.attach('proxy-refused.txt', { body: firefox.proxy.refused.join('\n'), contentType: 'text/plain' });
}
