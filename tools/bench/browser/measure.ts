/**
 * One measured render on a fresh page (shared by the popup and find-results benchmarks): the page is
 * served from memory at `url`, the bundled entry added, its `prepare(arg)` run unmeasured, then its
 * `render()` run with the renderer's main-thread CPU read around it (CDP's ThreadTime).
 */
import type { Browser, CDPSession } from '@playwright/test';

/** The renderer's main-thread CPU clock, in ms (CDP Performance metric ThreadTime, in seconds). */
export async function threadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const t = metrics.find((m) => m.name === 'ThreadTime');
  if (!t) throw new Error('Chromium reports no ThreadTime metric');
  return t.value * 1000;
}

export interface FreshPage {
  url: string;
  viewport: { width: number; height: number };
  html: string;
  /** The bundled entry (an IIFE) that defines the two globals below. */
  script: string;
  /** The global that builds the state to render (unmeasured), called with `arg`. */
  prepare: string;
  /** The global that renders and resolves to the run's own figures. */
  render: string;
  arg: number;
}

/** Runs one render on a page of its own and returns its figures with the main thread's CPU. */
export async function measureOnFreshPage<R extends object>(
  browser: Browser,
  p: FreshPage,
): Promise<R & { cpuMs: number }> {
  const page = await browser.newPage({ viewport: p.viewport });
  try {
    await page.route(p.url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: p.html }));
    await page.goto(p.url, { waitUntil: 'load' });
    await page.addScriptTag({ content: p.script });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    // Runs in the page: calls the entry's global by name, and says so when the bundle lacks it.
    const call = ([name, arg]: readonly [string, number | undefined]) => {
      const f = (globalThis as unknown as Record<string, unknown>)[name];
      if (typeof f !== 'function') throw new Error(`the bench entry defines no ${name}()`);
      return (f as (arg?: number) => Promise<unknown>)(arg);
    };
    await page.evaluate(call, [p.prepare, p.arg] as const);
    const before = await threadMs(cdp);
    const run = (await page.evaluate(call, [p.render, undefined] as const)) as R;
    if (!run || typeof run !== 'object') throw new Error(`${p.render}() returned no figures`);
    return { ...run, cpuMs: (await threadMs(cdp)) - before };
  } finally {
    await page.close();
  }
}
