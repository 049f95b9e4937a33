/**
 * `npm run demo`: the whole product against the simulator in Chromium, or with `--browser firefox`
 * in Firefox ESR. Builds the browser's package (unless `--no-build`), starts the simulator over HTTPS
 * with a seeded demo company, launches the browser with the production build loaded and the
 * service's host names mapped to the simulator, and opens a ledger page.
 * - With a display: headed; it prints what to do and waits until the browser is closed.
 * - Without one, or with `--headless`: it walks the flow itself, saves a screenshot of each state in
 *   demo-screenshots/ (demo-screenshots/firefox/ for Firefox; `--screenshots <dir>` for another
 *   folder, the popup states only: `--screenshots docs/screenshots` makes the README's), with the
 *   texts each popup state shows in <dir>/screens.json, and exits: 0 when the walk finished and
 *   deleted only what it should, 1 otherwise. `--compare <dir>` also fails when the walk's popup
 *   states show other texts than those <dir>'s screenshots were taken with (npm test: the README's).
 * Whatever happens, the browser and the simulator are ended before it exits; a walk that has not
 * finished in 6 minutes fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM, extensionWorker, launchWithExtension } from '../chromium/chromium';
import { ensureInstalled } from '../chromium/ensure-browser';
import { FIREFOX, firefoxProblem, launchFirefox, openPopupTab, POPUP_URL } from '../firefox/firefox';
import type { SeededCompany, Simulator } from '../simulator/api';
import { ensureTestCertificate } from '../simulator/cert';
import { startSimulator } from '../simulator/index';
import { FirefoxLedger } from '../support/pages/firefox-ledger';
import { type WalkResult, walkThrough } from './demo-walkthrough';
import { walkThroughFirefox } from './demo-walkthrough-firefox';
import { compareScreens, readManifest } from './screen-texts';
import { Shooter } from './shots';

const { values: args } = parseArgs({
  options: {
    browser: { type: 'string', default: 'chromium' },
    headless: { type: 'boolean', default: false },
    build: { type: 'boolean', default: true },
    screenshots: { type: 'string' },
    compare: { type: 'string' },
  },
  allowNegative: true,
});
const browserName = args.browser;
if (browserName !== 'chromium' && browserName !== 'firefox') {
  console.error(`demo: --browser must be chromium or firefox, not ${browserName}`);
  process.exit(1);
}

/** What to end before exiting, last started first. */
const cleanups: (() => Promise<unknown>)[] = [];
let ending = false;
async function end(code: number, error?: unknown): Promise<never> {
  // One line, never a stack trace, whatever goes wrong.
  if (error !== undefined)
    console.error(`demo: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  if (!ending) {
    ending = true;
    for (const cleanup of cleanups.reverse()) {
      await Promise.race([cleanup().catch(() => undefined), new Promise((r) => setTimeout(r, 15_000))]);
    }
  }
  process.exit(code);
}
process.on('uncaughtException', (e) => void end(1, e));
process.on('unhandledRejection', (e) => void end(1, e));
process.on('SIGINT', () => void end(130));
process.on('SIGTERM', () => void end(143));

// A fresh machine: install Debian's browser (and openssl for the test certificate) when we can.
const setUp = ensureInstalled([
  browserName === 'firefox'
    ? { name: 'Firefox ESR', path: FIREFOX, apt: 'firefox-esr' }
    : { name: 'Chromium', path: CHROMIUM, apt: 'chromium' },
  { name: 'openssl', path: '/usr/bin/openssl', apt: 'openssl' },
]);
if (setUp) await end(1, setUp);
const headed =
  Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY) && !args.headless && process.env.DEMO_HEADLESS !== '1';
if (args.build)
  execFileSync('npx', ['wxt', 'build', ...(browserName === 'firefox' ? ['-b', 'firefox'] : [])], { stdio: 'inherit' });
if (browserName === 'firefox') {
  const problem = firefoxProblem();
  if (problem) await end(1, problem);
}
const { cert, key } = ensureTestCertificate();
// Headless walk-through: the window is shortened (60 s → 4 s) and, once the check is done, the walk
// lowers the rate limit to 1 batch call per window (sim.setBatchLimit) so the screenshots show a real
// wait; a headed demo gets the service's own limits.
const sim = await startSimulator({ tls: { cert, key }, ...(headed ? {} : { timeScale: 15 }) });
cleanups.push(() => sim.close());
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
  Access token:  ${company.token}  (in the popup: Advanced, then "Use an access token instead")
`);
const dir = path.resolve(
  args.screenshots ?? (browserName === 'firefox' ? 'demo-screenshots/firefox' : 'demo-screenshots'),
);
if (!headed) {
  mkdirSync(dir, { recursive: true });
  setTimeout(() => void end(1, 'the walk did not finish in 6 minutes'), 6 * 60_000).unref();
  console.log('No display: walking through the flow headless (rate limit lowered to show a wait).');
}
const shots = new Shooter(dir, args.screenshots !== undefined, browserName === 'firefox');
const walked = browserName === 'firefox' ? await firefoxDemo(sim, company) : await chromiumDemo(sim, company);
if (walked) {
  console.log(`\nScreenshots of each state:\n${shots.lines.map((s) => `  ${s}`).join('\n')}`);
  console.log(`  ${shots.save()}  (the texts each popup state shows)`);
  console.log(`  simulator: ${walked.deleted} deleted, ${walked.wrong} that should not have been`);
  if (walked.wrong > 0 || walked.deleted === 0) await end(1, 'the walk deleted what it should not have, or nothing');
  if (args.compare) {
    const problems = compareScreens(shots.screens, readManifest(path.resolve(args.compare)));
    if (problems.length > 0) {
      console.error(`The popup no longer shows what the screenshots in ${args.compare} show:`);
      for (const p of problems) console.error(`  ${p}`);
      await end(1, `regenerate them: npm run demo -- --headless --screenshots ${args.compare}`);
    }
    console.log(`  the popup states show what the screenshots in ${args.compare} show`);
  }
}
await end(0);

async function chromiumDemo(sim: Simulator, company: SeededCompany): Promise<WalkResult | undefined> {
  const context = await launchWithExtension({ port: sim.port, headless: !headed });
  cleanups.push(() => context.close());
  // However long the browser takes to start its extension's worker (a cold start on a busy machine).
  context.setDefaultTimeout(60_000);
  const worker = await extensionWorker(context);
  const extensionId = new URL(worker.url()).host;
  const ledger = context.pages()[0] ?? (await context.newPage());
  await ledger.goto('https://app.qbo.intuit.com/app/invoices');
  if (headed) {
    console.log(`In the Chromium window:
  1. Tick a few invoices (page on with "Next"; open /app/register?accountId=35 for a register).
  2. Open the Safe Delete popup (toolbar puzzle icon → Safe Delete, or the tab we opened:
     chrome-extension://${extensionId}/popup.html), open Advanced, "Use an access token instead",
     paste the Company ID and access token above and Save.
  3. Read the statuses, then click "Verify and delete selected".
Close the browser window to stop the demo.`);
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await ledger.bringToFront();
    await new Promise<void>((resolve) => context.on('close', () => resolve()));
    return undefined;
  }
  return walkThrough({ context, sim, company, extensionId, shots, ledger });
}

async function firefoxDemo(sim: Simulator, company: SeededCompany): Promise<WalkResult | undefined> {
  const firefox = await launchFirefox({ port: sim.port, headless: !headed });
  cleanups.push(() => firefox.close());
  const ledger = await FirefoxLedger.open(firefox.browser, '/app/invoices');
  if (headed) {
    console.log(`In the Firefox window (${FIREFOX}):
  1. Tick a few invoices (page on with "Next"; open /app/register?accountId=35 for a register).
  2. Open the Safe Delete popup (toolbar → Extensions → Safe Delete, or the window we opened:
     ${POPUP_URL}), open Advanced, "Use an access token instead", paste the Company ID and
     access token above and Save.
  3. Read the statuses, then click "Verify and delete selected".
Close the browser to stop the demo.`);
    await openPopupTab(firefox.browser);
    await ledger.page.bringToFront();
    await new Promise<void>((resolve) => firefox.browser.once('disconnected', () => resolve()));
    return undefined;
  }
  return walkThroughFirefox({ firefox, sim, company, shots, ledger });
}
