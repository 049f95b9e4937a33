/**
 * `npx tsx tools/screens/find-run.ts [outdir]`: the full view's find tools (issue 22) at
 * 1280 × 800 in Debian Chromium, each tool opened and filled in as a person would: a screenshot of
 * each, with whether the page scrolls sideways and where the tool's buttons are.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { launchChromium } from '../bench/browser/launch';
import { SCREENS } from './states';

const out = path.resolve(process.argv[2] ?? 'test-results/screens');
mkdirSync(out, { recursive: true });
const css = ['entrypoints/popup/style.css', 'components/find/results-table.css', 'components/find/find-tools.css']
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
// The tools import their CSS (the build serves it with their chunk): here it is inlined above.
const bundled = await build({
  entryPoints: ['tools/screens/find-entry.tsx'],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  write: false,
  jsx: 'automatic',
  jsxImportSource: 'preact',
  loader: { '.css': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
});
const script = bundled.outputFiles[0]?.text ?? '';
const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><main id="app"></main></body></html>`;
const REPORT = [
  'Cool Cars Ltd',
  'Transaction List by Date',
  'November 2024',
  '',
  'Date,Transaction Type,Num,Name,Memo/Description,Account,Amount',
  ...Array.from(
    { length: 40 },
    (_, i) => `11/0${(i % 9) + 1}/2024,Invoice,${1040 + i},Cool Cars,,Accounts Receivable,${100 + i}.00`,
  ),
  ',,,TOTAL,,,"4,780.00"',
].join('\n');

const STEPS: [string, (page: Page) => Promise<void>][] = [
  ['find-closed', async () => {}],
  [
    'find-transactions',
    async (page) => {
      await page.getByRole('button', { name: 'Find transactions' }).click();
      await page.getByLabel('Invoice', { exact: true }).check();
      await page.getByLabel('Created from').fill('2024-11-03T14:00');
      await page.getByLabel('Created to').fill('2024-11-03T14:05');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: /^Add all/ }).waitFor();
      await page.getByRole('button', { name: 'Find transactions' }).scrollIntoViewIfNeeded();
    },
  ],
  [
    'find-all-types',
    async (page) => {
      await page.getByRole('button', { name: 'Find transactions' }).click();
      await page.getByLabel('Created to').fill('2024-11-03T14:05');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: /^Add all/ }).waitFor();
      await page.getByRole('button', { name: 'Find transactions' }).scrollIntoViewIfNeeded();
    },
  ],
  [
    'find-none',
    async (page) => {
      await page.getByRole('button', { name: 'Find transactions' }).click();
      await page.getByLabel('Date from').fill('2024-11-01');
      await page.getByLabel('Date to').fill('2024-11-30');
      await page.getByLabel('Name').fill('Nobody');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText(/^0 found/).waitFor();
      await page.getByRole('button', { name: 'Find transactions' }).scrollIntoViewIfNeeded();
    },
  ],
  [
    'import-a-list',
    async (page) => {
      await page.getByRole('button', { name: 'Import a list' }).click();
      await page
        .getByLabel('Choose a report file')
        .setInputFiles({ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(REPORT) });
      await page.getByRole('button', { name: 'Match in QuickBooks' }).click();
      await page.getByText(/^Matched \(/).waitFor();
      await page.getByRole('button', { name: 'Import a list' }).scrollIntoViewIfNeeded();
    },
  ],
  [
    'import-cant-tell',
    async (page) => {
      await page.getByRole('button', { name: 'Import a list' }).click();
      await page
        .getByLabel('Choose a report file')
        .setInputFiles({ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(REPORT) });
      await page.getByRole('button', { name: 'Match in QuickBooks' }).click();
      await page.getByText(/^Matched \(/).click(); // closed, to bring the can't-tell lines up
      await page.getByRole('heading', { name: /^Can't tell/ }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    },
  ],
  [
    'find-duplicates',
    async (page) => {
      await page.getByRole('button', { name: 'Find likely duplicates' }).click();
      await page.getByLabel('Expense', { exact: true }).check();
      await page.getByLabel('Date from').fill('2024-11-01');
      await page.getByLabel('Date to').fill('2024-11-30');
      await page.getByRole('button', { name: 'Find duplicates' }).click();
      await page.getByRole('table').first().waitFor();
      await page.getByRole('button', { name: 'Select all proposed' }).click();
      await page.getByRole('button', { name: 'Find duplicates' }).evaluate((b) => b.scrollIntoView({ block: 'start' }));
    },
  ],
];

const state = SCREENS.find((s) => s.name === 'checked-50')?.state;
const browser = await launchChromium();
try {
  for (const [name, step] of STEPS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route('https://screens.invalid/', (r) => r.fulfill({ contentType: 'text/html', body: html }));
    await page.goto('https://screens.invalid/');
    await page.evaluate((s) => Object.assign(globalThis, { __screenState: s }), state);
    await page.addScriptTag({ content: script });
    await page.getByRole('button', { name: 'Find transactions' }).waitFor();
    await step(page);
    const file = path.join(out, `${name}-full.png`);
    await page.screenshot({ path: file });
    const figures = await page.evaluate(() => {
      const panel = document.querySelector('.find');
      const buttons = [...(panel?.querySelectorAll('button') ?? [])].map((b) => {
        const r = b.getBoundingClientRect();
        return { name: b.textContent, right: Math.round(r.right), visible: r.width > 0 && r.right <= innerWidth };
      });
      return {
        horizontalScroll: document.documentElement.scrollWidth > innerWidth,
        widest: Math.max(...[...(panel?.querySelectorAll('*') ?? [])].map((e) => e.getBoundingClientRect().right)),
        buttons: buttons.filter((b) => !b.visible || /Add|Search|Match|Find/.test(b.name ?? '')),
      };
    });
    console.log(`${path.relative(process.cwd(), file)}  ${JSON.stringify(figures)}`);
    await page.close();
  }
} finally {
  await browser.close();
}
