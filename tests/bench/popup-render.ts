/**
 * The popup's first render with N selected rows, in real Chromium: the real popup (renderPopupForBench:
 * model + components) bundled to an IIFE, on a page with the built popup CSS and the popup's size.
 * Each of the five runs is a fresh page, so every figure is a FIRST render (cold), then the median.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { bundleForPage } from './browser/bundle';
import { median } from './browser/launch';

const RUNS = 5;
const PAGE_URL = 'https://bench.invalid/popup.html';

export interface PopupRenderResult {
  selected: number;
  medianMs: number;
  medianWithLayoutMs: number;
  runsMs: number[];
  rowElements: number;
}

function builtPopupCss(dir = path.resolve('.output/chrome-mv3/assets')): string {
  return readdirSync(dir)
    .filter((f) => f.startsWith('popup') && f.endsWith('.css'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

export async function measurePopupRender(browser: Browser, selected = 5000): Promise<PopupRenderResult> {
  const script = await bundleForPage('tests/bench/browser/popup-entry.ts');
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>${builtPopupCss()}</style></head><body><div id="app"></div></body></html>`;
  const runs: { renderMs: number; withLayoutMs: number; rowElements: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await browser.newPage({ viewport: { width: 420, height: 600 } });
    try {
      await page.route(PAGE_URL, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
      await page.goto(PAGE_URL, { waitUntil: 'load' });
      await page.addScriptTag({ content: script });
      runs.push(
        await page.evaluate(
          (n) =>
            (
              globalThis as unknown as {
                __benchPopup(n: number): Promise<{ renderMs: number; withLayoutMs: number; rowElements: number }>;
              }
            ).__benchPopup(n),
          selected,
        ),
      );
    } finally {
      await page.close();
    }
  }
  return {
    selected,
    medianMs: median(runs.map((r) => r.renderMs)),
    medianWithLayoutMs: median(runs.map((r) => r.withLayoutMs)),
    runsMs: runs.map((r) => r.renderMs),
    rowElements: runs[0]?.rowElements ?? 0,
  };
}
