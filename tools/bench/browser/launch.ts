/** Debian's Chromium, headless, no extension: the page-side figures need only a real engine. */
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM, QUIET_FLAGS } from '../../chromium/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...QUIET_FLAGS,
      // Nothing leaves the machine: pages are served with page.route.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
    ],
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
