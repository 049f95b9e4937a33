/**
 * Waits until a function evaluated in the page returns a truthy value, polling from Node. Puppeteer's
 * own waitForFunction builds its predicate with `new Function` inside the page, which the popup's
 * CSP (`script-src 'self'`, no eval) blocks in Firefox; `evaluate` itself runs outside the page's CSP.
 */
import type { ElementHandle, Page } from 'puppeteer-core';

export interface PollOptions {
  timeout?: number;
  interval?: number;
  /** Said in the error when the wait times out. */
  what?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: mirrors puppeteer's own evaluate signature
export async function pollPage<A extends any[], R>(
  page: Page,
  fn: (...args: A) => R | false | null | undefined,
  args: A,
  { timeout = 15_000, interval = 100, what }: PollOptions = {},
): Promise<R> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      // biome-ignore lint/suspicious/noExplicitAny: puppeteer's evaluate types cannot follow a generic fn
      const value = await page.evaluate(fn as any, ...args);
      if (value) return value as R;
      lastError = undefined;
    } catch (error) {
      lastError = error; // a navigation in progress, a page still loading: try again
    }
    if (Date.now() > deadline) {
      const why = lastError ? ` (last error: ${String(lastError)})` : '';
      throw new Error(`Timed out after ${timeout} ms waiting for ${what ?? fn.name ?? 'a condition'}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** The same for an element handle (evaluated with the element as first argument). */
export async function pollElement<R>(
  element: ElementHandle<Element>,
  fn: (el: Element) => R | false | null | undefined,
  options: PollOptions = {},
): Promise<R> {
  const { timeout = 15_000, interval = 50, what } = options;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await element.evaluate(fn);
    if (value) return value as R;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what ?? fn.name}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** Polls for an element: `fn` returns it or null. */
// biome-ignore lint/suspicious/noExplicitAny: mirrors puppeteer's own evaluateHandle signature
export async function pollForElement<A extends any[], E extends Element = Element>(
  page: Page,
  fn: (...args: A) => E | null | undefined,
  args: A,
  { timeout = 15_000, interval = 100, what }: PollOptions = {},
): Promise<ElementHandle<E>> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      // biome-ignore lint/suspicious/noExplicitAny: puppeteer's evaluateHandle types cannot follow a generic fn
      const handle = await page.evaluateHandle(fn as any, ...args);
      const element = handle.asElement();
      if (element) return element as ElementHandle<E>;
      await handle.dispose();
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError ? ` (last error: ${String(lastError)})` : '';
      throw new Error(`Timed out after ${timeout} ms waiting for ${what ?? 'an element'}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
