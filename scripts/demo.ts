/**
 * `npm run demo`: the whole product against the simulator in Chromium. Builds nothing itself (the
 * npm script runs `wxt build` first), starts the simulator over HTTPS with a seeded demo company,
 * launches Debian's Chromium with the production build loaded and the service's host names mapped
 * to the simulator, and opens a ledger page.
 * - With a display: headed; it prints what to do and waits until the browser is closed.
 * - Without one: headless; it walks the flow itself, saves a screenshot of each popup state in
 *   demo-screenshots/, prints where they are, and exits.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchWithExtension } from '../tests/e2e/chromium';
import { ensureTestCertificate } from '../tests/simulator/cert';
import { startSimulator } from '../tests/simulator/index';
import { walkThrough } from './demo-walkthrough';

const headed = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY) && process.env.DEMO_HEADLESS !== '1';
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
const context = await launchWithExtension({ port: sim.port, headless: !headed });
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const extensionId = new URL(worker.url()).host;
const ledger = context.pages()[0] ?? (await context.newPage());
await ledger.goto('https://app.qbo.intuit.com/app/invoices');

console.log(`
Safe Delete demo — simulator at ${sim.url} (host names of QuickBooks Online mapped to it)
  Company ID:    ${company.realmId}
  Access token:  ${company.token}
`);

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
} else {
  const dir = path.resolve('demo-screenshots');
  mkdirSync(dir, { recursive: true });
  console.log('No display: walking through the flow headless (rate limit lowered to show a wait).');
  const shots = await walkThrough({ context, sim, company, extensionId, dir, ledger });
  console.log(`\nScreenshots of each popup state:\n${shots.map((s) => `  ${s}`).join('\n')}`);
  await context.close();
}
await sim.close();
