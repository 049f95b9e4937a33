/**
 * The shared Playwright fixture: a simulator over HTTPS (test certificate), a seeded company, and
 * Chromium with the production build loaded and the real host names mapped to the simulator.
 */
import { type BrowserContext, test as base, type Page, type Worker } from '@playwright/test';
import { extensionWorker, launchWithExtension } from '../../tools/chromium/chromium';
import type { SeededCompany, SeedOptions, Simulator, SimulatorOptions } from '../../tools/simulator/api';
import { ensureTestCertificate } from '../../tools/simulator/cert';
import { startSimulator } from '../../tools/simulator/index';

export interface E2EOptions {
  simulatorOptions: SimulatorOptions;
  seed: SeedOptions;
}

export interface E2EFixtures {
  sim: Simulator;
  company: SeededCompany;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** The extension's popup opened in a tab (how tests drive it). */
  openPopup: () => Promise<Page>;
}

export const test = base.extend<E2EOptions & E2EFixtures>({
  simulatorOptions: [{}, { option: true }],
  seed: [{ count: 120, seed: 7 }, { option: true }],
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
  context: async ({ sim }, use) => {
    const context = await launchWithExtension({ port: sim.port });
    await use(context);
    await context.close();
  },
  serviceWorker: async ({ context }, use) => {
    await use(await extensionWorker(context));
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  openPopup: async ({ context, extensionId }, use) => {
    await use(async () => {
      const page = await context.newPage();
      // The real popup's size: the body is 460 px wide and Chrome caps a popup at 600 px high.
      await page.setViewportSize({ width: 460, height: 600 });
      await page.goto(`chrome-extension://${extensionId}/popup.html`);
      return page;
    });
  },
});

export const expect = test.expect;
