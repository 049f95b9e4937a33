/**
 * The extension's event page, seen from an extension tab (the popup): Firefox gives extension pages
 * `runtime.getBackgroundPage()`, so a test can leave a mark in the background's globals and later see
 * whether it is the same page (kept alive) or a fresh one (unloaded or reloaded since). Asking starts
 * the event page if it is not running, so ask only when that is fine.
 */
import type { Page } from 'puppeteer-core';

const MARK = '__safeDeleteE2eMark';

/** Runs `body` as an async function in an extension page, where `browser` is the WebExtension API. */
export function inExtension<T>(page: Page, body: string): Promise<T> {
  return page.evaluate(`(async () => { const browser = globalThis.browser; ${body} })()`) as Promise<T>;
}

export function markBackground(page: Page, mark: string): Promise<string> {
  return inExtension(
    page,
    `const bg = await browser.runtime.getBackgroundPage(); bg.${MARK} = ${JSON.stringify(mark)}; return bg.${MARK};`,
  );
}

/** The mark the running event page holds, or null when it is a fresh page. */
export function readBackgroundMark(page: Page): Promise<string | null> {
  return inExtension(page, `const bg = await browser.runtime.getBackgroundPage(); return bg.${MARK} ?? null;`);
}

/** Reloads the event page, as Firefox does when it restarts it: fresh globals, same storage. */
export function reloadBackground(page: Page): Promise<void> {
  return inExtension(page, 'const bg = await browser.runtime.getBackgroundPage(); bg.location.reload();');
}

export function backgroundUrl(page: Page): Promise<string> {
  return inExtension(page, 'const bg = await browser.runtime.getBackgroundPage(); return bg.location.href;');
}
