import { defineConfig } from '@playwright/test';

// The production Firefox build (.output/firefox-mv3) in Debian's Firefox ESR, driven by puppeteer-core
// over WebDriver BiDi; Playwright Test is only the runner. One worker on a 2-core machine.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../../test-results/firefox-report' }]]
    : 'list',
  outputDir: '../../test-results/firefox',
});
