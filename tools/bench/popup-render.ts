/**
 * The popup's first render with N selected rows, in real Chromium: the real popup (renderPopupForBench:
 * model + components) bundled to an IIFE, on a page with the built popup CSS and the popup's size.
 * Each run is a fresh page, so every figure is a FIRST render (cold), then the median per size.
 *
 * Several sizes are measured interleaved (round after round, one fresh page per size, the order
 * rotated each round) so that the machine's load, which drifts over seconds on a shared 2-core box,
 * falls on every size alike: the ratio between two sizes is then about the code, not about when
 * each size happened to run. One unmeasured round first: the browser's first pages pay its own
 * start-up (renderer process, code cache), which would otherwise land on whichever size came first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { bundleForPage } from './browser/bundle';
import { median } from './browser/launch';
import { measureOnFreshPage } from './browser/measure';
import type { Row } from './table';

export const POPUP_RUNS = 11;
const PAGE_URL = 'https://bench.invalid/popup.html';

export interface PopupRenderResult {
  selected: number;
  medianMs: number;
  medianWithLayoutMs: number;
  /** One per round, in round order: index i of two sizes ran back to back (same round). */
  runsMs: number[];
  runsWithLayoutMs: number[];
  medianCpuMs: number;
  runsCpuMs: number[];
  rowElements: number;
}

interface Run {
  /** Main-thread CPU over the render call (render, layout, the call's own round trip). */
  cpuMs: number;
  renderMs: number;
  withLayoutMs: number;
  rowElements: number;
}

function builtPopupCss(dir = path.resolve('.output/chrome-mv3/assets')): string {
  return readdirSync(dir)
    .filter((f) => f.startsWith('popup') && f.endsWith('.css'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

function onePage(browser: Browser, html: string, script: string, selected: number): Promise<Run> {
  return measureOnFreshPage<Omit<Run, 'cpuMs'>>(browser, {
    url: PAGE_URL,
    viewport: { width: 460, height: 600 },
    html,
    script,
    prepare: '__benchPrepare',
    render: '__benchRender',
    arg: selected,
  });
}

/** Every size in `sizes`, `runs` fresh pages each, interleaved; results in the order of `sizes`. */
export async function measurePopupRenders(
  browser: Browser,
  sizes: readonly number[],
  runs = POPUP_RUNS,
): Promise<PopupRenderResult[]> {
  const script = await bundleForPage('tools/bench/browser/popup-entry.ts');
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>${builtPopupCss()}</style></head><body><div id="app"></div></body></html>`;
  for (const n of sizes) await onePage(browser, html, script, n); // the unmeasured round
  const bySize = new Map<number, Run[]>(sizes.map((n) => [n, []]));
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < sizes.length; k++) {
      const n = sizes[(round + k) % sizes.length]!;
      bySize.get(n)!.push(await onePage(browser, html, script, n));
    }
  }
  return sizes.map((selected) => {
    const r = bySize.get(selected)!;
    return {
      selected,
      medianMs: median(r.map((x) => x.renderMs)),
      medianWithLayoutMs: median(r.map((x) => x.withLayoutMs)),
      runsMs: r.map((x) => x.renderMs),
      runsWithLayoutMs: r.map((x) => x.withLayoutMs),
      medianCpuMs: median(r.map((x) => x.cpuMs)),
      runsCpuMs: r.map((x) => x.cpuMs),
      rowElements: r[0]?.rowElements ?? 0,
    };
  });
}

/** The sizes run.ts measures: the ratio's two, and the 50,000 of the bookkeeper's year of duplicates. */
export const POPUP_SIZES = { few: 50, many: 5_000, large: 50_000 } as const;

const count = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * `many` ÷ `few`, round by round (the two pages of a round ran seconds apart, under the same load),
 * then the median: a burst of load on the machine spoils one round's ratio, not the figure.
 */
export function pairedRatio(many: readonly number[], few: readonly number[]): number {
  return median(many.map((m, i) => m / (few[i] ?? Number.NaN)).filter(Number.isFinite));
}

/**
 * The popup's rows of the bench table. The ratio is the figure (issue 21: the first paint does not
 * grow with the selection), on the main thread's CPU time: the machine is shared, and wall time
 * under a load of 5–10 swings ×2 between two pages a second apart, where CPU time moves by a few
 * percent. The wall-clock ratio and the milliseconds are printed beside it, for information.
 */
export function popupRows(few: PopupRenderResult, many: PopupRenderResult, large: PopupRenderResult): Row[] {
  const ratio = pairedRatio(many.runsCpuMs, few.runsCpuMs);
  const wallRatio = pairedRatio(many.runsWithLayoutMs, few.runsWithLayoutMs);
  const runs = `median of ${many.runsMs.length}`;
  return [
    {
      figure: `popup first render, ${count(many.selected)} selected ÷ ${count(few.selected)} selected`,
      value: ratio.toFixed(2),
      goal: '≤ 1.3',
      pass: ratio <= 1.3,
    },
    {
      figure: `  main-thread CPU, ${count(many.selected)} / ${count(few.selected)} / ${count(large.selected)} selected`,
      value: [many, few, large].map((r) => ms(r.medianCpuMs)).join(' / '),
    },
    { figure: '  wall clock with style + layout, the same ratio', value: wallRatio.toFixed(2) },
    {
      figure: `  ${count(few.selected)} selected: render / with style + layout, ${runs}`,
      value: `${ms(few.medianMs)} / ${ms(few.medianWithLayoutMs)}`,
    },
    {
      figure: `popup first render, ${count(many.selected)} selected, median of ${many.runsMs.length}`,
      value: ms(many.medianMs),
      goal: '< 100 ms',
      pass: many.medianMs < 100,
    },
    {
      figure: '  with style + layout',
      value: ms(many.medianWithLayoutMs),
      goal: '< 100 ms',
      pass: many.medianWithLayoutMs < 100,
    },
    {
      figure: `popup first render, ${count(large.selected)} selected`,
      value: ms(large.medianMs),
      goal: '< 150 ms',
      pass: large.medianMs < 150,
    },
    { figure: `  ${count(large.selected)} selected: with style + layout`, value: ms(large.medianWithLayoutMs) },
  ];
}
