/**
 * Launches Debian's Chromium with the production build loaded and the service's real host names
 * mapped to the local simulator (see ../shared/spike/NOTES.md for why each flag is here).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';

/** The production build; SD_OUTPUT_DIR (as in wxt.config.ts) points at a build made elsewhere. */
export const EXTENSION_DIR = path.resolve(process.env.SD_OUTPUT_DIR || '.output', 'chrome-mv3');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every host the product talks to or reads; all of them go to the simulator's one port. */
export const MAPPED_HOSTS = [
  'quickbooks.api.intuit.com',
  'sandbox-quickbooks.api.intuit.com',
  'qbo.intuit.com',
  '*.qbo.intuit.com',
  // Intuit's sign-in page (the simulator's OAuth server; discovery names it).
  'appcenter.intuit.com',
];

export function hostResolverRules(port: number, extra: Record<string, number> = {}): string {
  const maps = [
    ...Object.entries(extra).map(([h, p]) => `MAP ${h} 127.0.0.1:${p}`),
    ...MAPPED_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`),
  ];
  // MAP * ~NOTFOUND keeps Chromium's own background calls from leaving the machine.
  return [...maps, 'MAP * ~NOTFOUND', 'EXCLUDE localhost'].join(', ');
}

/** Flags that keep Chromium quiet and offline on this machine (spike NOTES). */
export const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  port: number;
  /** More real host names and the local ports they go to (the token broker). */
  extraHosts?: Record<string, number>;
  headless?: boolean;
  userDataDir?: string;
  extensionDir?: string;
  /** The browser's time zone (IANA id), when a test needs one other than this machine's. */
  timezoneId?: string;
}

export async function launchWithExtension(options: LaunchOptions): Promise<BrowserContext> {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(tmpdir(), 'safe-delete-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: options.headless ?? true,
    ignoreHTTPSErrors: true,
    viewport: { width: 1200, height: 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--host-resolver-rules=${hostResolverRules(options.port, options.extraHosts)}`,
      // The extension's service worker fetches the simulator's self-signed certificate;
      // Playwright's ignoreHTTPSErrors does not reach extension workers.
      '--ignore-certificate-errors',
      ...QUIET_FLAGS,
    ],
  });
  // A profile made here is thrown away with the browser (each test's profile was left in /tmp): once
  // close() has seen the browser exit, so nothing writes to it any more. A leftover never fails a test.
  if (!options.userDataDir) {
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      await close(closeOptions);
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
    };
  }
  return context;
}

export async function extensionWorker(context: BrowserContext) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker;
}
