/**
 * `npm run demo`: the whole product against the simulator in Chromium, or with `--browser firefox`
 * in Firefox ESR. Starts the simulator over HTTPS with a seeded demo company, launches the browser
 * with the production build loaded and the service's host names mapped to the simulator, and opens
 * a ledger page. The npm script builds the Chromium package; the Firefox package is built here.
 * - With a display: headed; it prints what to do and waits until the browser is closed.
 * - Without one: headless; it walks the flow itself, saves a screenshot of each popup state in
 *   demo-screenshots/ (demo-screenshots/firefox/ for Firefox), prints where they are, and exits.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { FIREFOX, firefoxProblem, launchFirefox, openPopupTab, POPUP_URL } from '../../tests/e2e-firefox/firefox';
import { FirefoxLedger } from '../../tests/e2e-firefox/pages/ledger';
import { walkThroughFirefox } from '../../tests/e2e-firefox/walkthrough';
import { CHROMIUM, launchWithExtension } from '../chromium/chromium';
import { ensureInstalled } from '../chromium/ensure-browser';
import type { SeededCompany, Simulator } from '../simulator/api';
import { ensureTestCertificate } from '../simulator/cert';
import { startSimulator } from '../simulator/index';
import { walkThrough } from './demo-walkthrough';

/** `--browser firefox` or `--browser=firefox`; Chromium by default. */
function browserArg(argv: string[]): 'chromium' | 'firefox' {
  const i = argv.findIndex((a) => a === '--browser' || a.startsWith('--browser='));
  const value = i < 0 ? 'chromium' : argv[i]?.includes('=') ? argv[i]?.split('=')[1] : argv[i + 1];
  if (value === 'chromium' || value === 'firefox') return value;
  throw new Error(`--browser must be chromium or firefox, not ${value}`);
}

// One line, never a stack trace, whatever goes wrong (issue 21 §11).
const oneLine = (error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exit(1);
};
process.on('uncaughtException', oneLine);
process.on('unhandledRejection', oneLine);

const browserName = browserArg(process.argv.slice(2));
// A fresh machine: install Debian's browser (and openssl for the test certificate) when we can.
const setUp = ensureInstalled([
  browserName === 'firefox'
    ? { name: 'Firefox ESR', path: FIREFOX, apt: 'firefox-esr' }
    : { name: 'Chromium', path: CHROMIUM, apt: 'chromium' },
  { name: 'openssl', path: '/usr/bin/openssl', apt: 'openssl' },
]);
if (setUp) {
  console.error(setUp);
  process.exit(1);
}
const headed = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY) && process.env.DEMO_HEADLESS !== '1';
if (browserName === 'firefox') {
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit' });
  const problem = firefoxProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
const { cert, key } = ensureTestCertificate();
// Headless walk-through: the rate limit is lowered (1 batch call per window, window 60 s → 4 s) so
// the screenshots show a real wait; a headed demo gets the service's own limits.
const sim = await startSimulator({ tls: { cert, key }, ...(headed ? {} : { batchLimit: 1, timeScale: 15 }) });
const company = sim.seedCompany({
  realmId: '9341452000001',
  count: 450,
  seed: 1,
  reconciledShare: 0.08,
  closedShare: 0.1,
  depositedShare: 0.06,
  linkedShare: 0.1,
});
sim.setPageCompany(company.realmId);
console.log(`
Safe Delete demo in ${browserName} — simulator at ${sim.url} (host names of QuickBooks Online mapped to it)
  Company ID:    ${company.realmId}
  Access token:  ${company.token}
`);
if (browserName === 'firefox') await firefoxDemo(sim, company);
else await chromiumDemo(sim, company);
await sim.close();

async function chromiumDemo(sim: Simulator, company: SeededCompany): Promise<void> {
  const context = await launchWithExtension({ port: sim.port, headless: !headed });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const ledger = context.pages()[0] ?? (await context.newPage());
  await ledger.goto('https://app.qbo.intuit.com/app/invoices');
  if (headed) {
    console.log(`In the Chromium window:
  1. Tick a few invoices (page on with "Next"; open /app/register?accountId=35 for a register).
  2. Open the Safe Delete popup (toolbar puzzle icon → Safe Delete, or the tab we opened:
     chrome-extension://${extensionId}/popup.html), paste the access token above and Save.
  3. Read the statuses, then click "Verify and delete selected".
Close the browser window to stop the demo.`);
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await ledger.bringToFront();
    await new Promise<void>((resolve) => context.on('close', () => resolve()));
    return;
  }
  const dir = path.resolve('demo-screenshots');
  mkdirSync(dir, { recursive: true });
  console.log('No display: walking through the flow headless (rate limit lowered to show a wait).');
  const shots = await walkThrough({ context, sim, company, extensionId, dir, ledger });
  console.log(`\nScreenshots of each popup state:\n${shots.map((s) => `  ${s}`).join('\n')}`);
  await context.close();
}

async function firefoxDemo(sim: Simulator, company: SeededCompany): Promise<void> {
  const firefox = await launchFirefox({ port: sim.port, headless: !headed });
  const ledger = await FirefoxLedger.open(firefox.browser, '/app/invoices');
  if (headed) {
    console.log(`In the Firefox window (${FIREFOX}):
  1. Tick a few invoices (page on with "Next"; open /app/register?accountId=35 for a register).
  2. Open the Safe Delete popup (toolbar → Extensions → Safe Delete, or the window we opened:
     ${POPUP_URL}), paste the access token above and Save.
  3. Read the statuses, then click "Verify and delete selected".
Close the browser to stop the demo.`);
    await openPopupTab(firefox.browser);
    await ledger.page.bringToFront();
    await new Promise<void>((resolve) => firefox.browser.once('disconnected', () => resolve()));
    await firefox.close();
    return;
  }
  const dir = path.resolve('demo-screenshots/firefox');
  mkdirSync(dir, { recursive: true });
  console.log('No display: walking through the flow headless in Firefox (rate limit lowered to show a wait).');
  const shots = await walkThroughFirefox({ firefox, sim, company, dir, ledger });
  console.log(`\nScreenshots of each popup state:\n${shots.map((s) => `  ${s}`).join('\n')}`);
  await firefox.close();
}
