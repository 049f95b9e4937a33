/**
 * Launches Debian's Firefox ESR through puppeteer-core over WebDriver BiDi (no geckodriver), with the
 * production Firefox build installed as a temporary add-on and the service's real host names mapped
 * to the local simulator (see ../shared/spike/NOTES.md, "Firefox", for why each setting is here).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { pollForElement } from './poll';
import { type ConnectProxy, startConnectProxy } from './proxy';

export const FIREFOX_EXTENSION_DIR = path.resolve(process.env.SD_OUTPUT_DIR || '.output', 'firefox-mv3');
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/**
 * The add-on's internal UUID is random per profile; pinned so the popup's address is known before launch.
 * Any fixed UUID works; this one is only used by the tests and the demo.
 */
export const ADDON_UUID = '5afe0de1-e7e0-4b0f-9f1e-0000000e2e00';
export const POPUP_URL = `moz-extension://${ADDON_UUID}/popup.html`;

/** Why Firefox cannot run here, in words a person can act on; undefined when it can. */
export function firefoxProblem(): string | undefined {
  if (!existsSync(FIREFOX)) {
    return [
      `Firefox ESR not found at ${FIREFOX}.`,
      'Install it with `apt-get install -y firefox-esr` (as root; .ci/run does this), or point FIREFOX_PATH at a Firefox 140+ binary.',
    ].join('\n');
  }
  if (!existsSync(path.join(FIREFOX_EXTENSION_DIR, 'manifest.json'))) {
    return `No Firefox build in ${FIREFOX_EXTENSION_DIR}: run \`npm run build:firefox\` (\`npm run test:e2e:firefox\` builds it first).`;
  }
  return undefined;
}

/** The gecko id of the build under test, as its manifest declares it (wxt.config.ts `GECKO`). */
export function builtGeckoId(): string {
  const manifest = JSON.parse(readFileSync(path.join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8'));
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (typeof id !== 'string') throw new Error(`${FIREFOX_EXTENSION_DIR}/manifest.json has no gecko id`);
  return id;
}

export interface LaunchFirefoxOptions {
  /** The simulator's HTTPS port: every mapped host name goes there. */
  port: number;
  headless?: boolean;
  /** Extra Firefox prefs, e.g. a short `extensions.background.idle.timeout`. */
  prefs?: Record<string, unknown>;
  /** Further host names and the local HTTPS port each goes to (e.g. the token broker). */
  extraHosts?: Record<string, number>;
}

export interface FirefoxWithExtension {
  browser: Browser;
  proxy: ConnectProxy;
  /** The gecko id `installExtension` answered with. */
  addonId: string;
  close(): Promise<void>;
}

export async function launchFirefox(options: LaunchFirefoxOptions): Promise<FirefoxWithExtension> {
  const problem = firefoxProblem();
  if (problem) throw new Error(problem);
  const proxy = await startConnectProxy(options.port, options.extraHosts);
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: options.headless ?? true,
      // The simulator's self-signed test certificate, for pages and for the extension's own fetches.
      acceptInsecureCerts: true,
      // Lets WebDriver open moz-extension:// pages (Firefox 138+), i.e. the popup in a tab.
      args: ['--remote-allow-system-access'],
      // ESR 140's BiDi lacks the emulation command puppeteer's setViewport sends: size the window instead.
      defaultViewport: null,
      env: { ...process.env, MOZ_HEADLESS_WIDTH: '1280', MOZ_HEADLESS_HEIGHT: '900' },
      extraPrefsFirefox: {
        'network.proxy.type': 2, // PAC
        'network.proxy.autoconfig_url': proxy.pacUrl,
        'extensions.webextensions.uuids': JSON.stringify({ [builtGeckoId()]: ADDON_UUID }),
        ...options.prefs,
      },
    });
    const addonId = await browser.installExtension(FIREFOX_EXTENSION_DIR);
    const opened = browser;
    return {
      browser: opened,
      proxy,
      addonId,
      close: async () => {
        await opened.close().catch(() => undefined);
        await proxy.close();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await proxy.close();
    throw error;
  }
}

/**
 * A new page in a new window. Once the extension has shown a notification (a job finished while the
 * popup was closed), headless Firefox 140's most recent window is the alert, not a browser window,
 * and WebDriver BiDi's `browsingContext.create({ type: 'tab' })` fails there ("TabManager.getTabBrowser(...)
 * is undefined"); a new window has no such dependency.
 */
export function newWindow(browser: Browser): Promise<Page> {
  return browser.newPage({ type: 'window' });
}

/**
 * Opens the popup in a new window. Firefox never reports `load` for a moz-extension:// navigation to
 * WebDriver (puppeteer's `goto` would time out), yet the page renders: start it, wait for the heading.
 * The wait polls and retries an evaluation that fails while the window is still leaving about:blank
 * (puppeteer's waitForSelector gives up on that protocol error).
 */
export async function openPopupTab(browser: Browser): Promise<Page> {
  const page = await newWindow(browser);
  void page.goto(POPUP_URL, { timeout: 10_000 }).catch(() => undefined);
  await pollForElement(page, () => document.querySelector('h1'), [], { timeout: 15_000, what: 'the popup heading' });
  return page;
}
