/**
 * The content script's collection of a 10,000-row page, in real Chromium: the simulator's look-alike
 * sales list (`/app/sales?rows=10000`, a company of 10,000 sales records) served at the web app's real
 * origin through page.route, lib/collect bundled to an IIFE and injected, `collectRows(document,
 * location.href)` timed with performance.now() in the page. Five runs on the same page.
 */
import type { Browser } from '@playwright/test';
import { startSimulator } from '../../tools/simulator/index';
import { bundleForPage } from './browser/bundle';
import { median } from './browser/launch';

export const PAGE_URL = 'https://app.qbo.intuit.com/app/sales?rows=10000';
const RUNS = 5;

export interface CollectResult {
  rows: number;
  firstMs: number;
  medianMs: number;
  runsMs: number[];
  htmlBytes: number;
}

async function bigSalesPage(rows: number): Promise<string> {
  const sim = await startSimulator();
  try {
    const company = sim.seedCompany({ count: rows, seed: 3, entities: { Invoice: 6, SalesReceipt: 2, Payment: 2 } });
    sim.setPageCompany(company.realmId);
    const res = await fetch(`${sim.url}/app/sales?rows=${rows}`);
    return await res.text();
  } finally {
    await sim.close();
  }
}

export async function measureCollect(browser: Browser, rows = 10_000): Promise<CollectResult> {
  const [html, script] = await Promise.all([bigSalesPage(rows), bundleForPage('tests/bench/browser/collect-entry.ts')]);
  const page = await browser.newPage();
  try {
    await page.route('https://app.qbo.intuit.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    );
    await page.goto(PAGE_URL, { waitUntil: 'load' });
    await page.addScriptTag({ content: script });
    const runs: { ms: number; rows: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(
        await page.evaluate(() =>
          (globalThis as unknown as { __benchCollect(): { ms: number; rows: number } }).__benchCollect(),
        ),
      );
    }
    const runsMs = runs.map((r) => r.ms);
    return {
      rows: runs[0]?.rows ?? 0,
      firstMs: runsMs[0] ?? 0,
      medianMs: median(runsMs),
      runsMs,
      htmlBytes: html.length,
    };
  } finally {
    await page.close();
  }
}
