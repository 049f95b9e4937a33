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
  // An error from the event page's compartment (say, while it reloads) cannot cross to the test:
  // rethrow it as this page's own Error so the test sees its message, not an InternalError.
  return page.evaluate(
    `(async () => { const browser = globalThis.browser; try { ${body} } catch (e) { throw new Error(String((e && e.message) || e)); } })()`,
  ) as Promise<T>;
}

export function markBackground(page: Page, mark: string): Promise<string> {
  return inExtension(
    page,
    `const bg = await browser.runtime.getBackgroundPage(); bg.${MARK} = ${JSON.stringify(mark)}; return bg.${MARK};`,
  );
}

/** The mark the running event page holds, or null when it is a fresh page. */
export function readBackgroundMark(page: Page): Promise<string | null> {
  // While the event page is reloading it may not answer: say so, so a poll asks again.
  return inExtension<string | null>(
    page,
    `const bg = await browser.runtime.getBackgroundPage(); return bg.${MARK} ?? null;`,
  ).catch(() => 'not answering yet');
}

/** Reloads the event page, as Firefox does when it restarts it: fresh globals, same storage. */
export function reloadBackground(page: Page): Promise<void> {
  // The reload tears the page down under the call: an error then is the reload happening.
  return inExtension<void>(page, 'const bg = await browser.runtime.getBackgroundPage(); bg.location.reload();').catch(
    () => undefined,
  );
}

export function backgroundUrl(page: Page): Promise<string> {
  return inExtension(page, 'const bg = await browser.runtime.getBackgroundPage(); return bg.location.href;');
}
