/**
 * `npx tsx tools/bench/collect-main.ts`: the collector's figures alone, as run.ts prints them (no
 * build needed: the collector is bundled from lib/collect), in 2–3 minutes instead of the whole
 * bench's minutes. BENCH_COLLECT_RUNS=11 takes more runs per page (default 7, as run.ts).
 */
import os from 'node:os';
import { launchChromium } from './browser/launch';
import { collectFigureRows, measureCollect } from './collect-chromium';
import { renderTable } from './table';

async function main() {
  const browser = await launchChromium();
  try {
    const results = await measureCollect(browser, 10_000, Number(process.env.BENCH_COLLECT_RUNS) || undefined);
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`load ${load()}, Chromium ${browser.version()}`);
    console.log(renderTable(collectFigureRows(results)));
    const f = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' ');
    for (const r of results) {
      console.log(
        `${r.page}: pass ${f(r.runs.map((x) => x.ms))} | layout ${f(r.runs.map((x) => x.layoutMs))} | settle ${f(r.runs.map((x) => x.settleMs))} | re-layout ${f(r.runs.map((x) => x.relayoutMs))} | ratio ${r.runs.map((x) => x.ratio.toFixed(3)).join(' ')}`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
