/**
 * The screens harness: the real popup (model, components, the popup's own CSS) drawn from a fixture
 * PopupState in a page of a plain Chromium, at the popup's 460 × 600 or the full view's 1280 × 800.
 * Used by the screens tool (run.ts) and the screens spec.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import type { PopupState } from '../../lib/messaging/views';
import { bundleForPage } from '../bench/browser/bundle';

export const POPUP_VIEWPORT = { width: 460, height: 600 };
export const FULL_VIEWPORT = { width: 1280, height: 800 };

export interface ScreenHarness {
  open(state: PopupState, full: boolean): Promise<Page>;
}

export async function screenHarness(browser: Browser): Promise<ScreenHarness> {
  const css = readFileSync('entrypoints/popup/style.css', 'utf8');
  const script = await bundleForPage('tools/screens/entry.tsx');
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><main id="app"></main></body></html>`;
  return {
    async open(state, full) {
      const page = await browser.newPage({ viewport: full ? FULL_VIEWPORT : POPUP_VIEWPORT });
      await page.route('https://screens.invalid/', (r) => r.fulfill({ contentType: 'text/html', body: html }));
      await page.goto('https://screens.invalid/');
      await page.evaluate(([s, f]) => Object.assign(globalThis, { __screenState: s, __screenFull: f }), [
        state,
        full,
      ] as const);
      await page.addScriptTag({ content: script });
      await page.waitForFunction(() => (globalThis as { __screenReady?: boolean }).__screenReady === true);
      // tsx compiles with esbuild's keepNames: a function it hands to page.evaluate calls __name.
      await page.evaluate('globalThis.__name = (f) => f');
      return page;
    },
  };
}
