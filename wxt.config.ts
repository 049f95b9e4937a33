import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { brokerOrigin, DEFAULT_BROKER_URL } from './lib/connection/broker-url';

// Host names come from ../shared/spec/service-facts.md. The API hosts are what the background
// calls; the web-app hosts are where the content script reads selections.
export const API_HOSTS = ['https://quickbooks.api.intuit.com/*', 'https://sandbox-quickbooks.api.intuit.com/*'];
export const APP_HOSTS = [
  'https://qbo.intuit.com/*',
  'https://app.qbo.intuit.com/*',
  'https://*.qbo.intuit.com/*',
  'https://app.sandbox.qbo.intuit.com/*',
  'https://sandbox.qbo.intuit.com/*',
];

/**
 * CSP of the extension's pages and background. Scripts only from the package; `connect-src` pinned to
 * the API hosts and the broker (the only hosts the extension talks to); everything else a page loads
 * (images, styles, fonts, frames, media, workers) only from the package (`default-src`), and no form
 * posts anywhere (`form-action`, which `default-src` does not cover). So injected code in a page
 * could neither fetch nor load from another host; a navigation (a link, `window.open`) is outside
 * what a CSP governs. `wxt` dev mode (command `serve`) also needs its local dev server for reloads.
 */
/** The token broker (a build setting: WXT_BROKER_URL, default DEFAULT_BROKER_URL; see broker/README.md). */
export const BROKER_ORIGIN = brokerOrigin(process.env.WXT_BROKER_URL || DEFAULT_BROKER_URL);
export const CONNECT_HOSTS = [...API_HOSTS.map((pattern) => new URL(pattern.replace(/\*$/, '')).origin), BROKER_ORIGIN];
export function extensionPagesCsp(command: 'build' | 'serve' = 'build'): string {
  const dev = command === 'serve' ? ' http://localhost:* ws://localhost:*' : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
    `connect-src 'self' ${CONNECT_HOSTS.join(' ')}${dev}`,
  ].join('; ');
}

/** Every size in public/icon (tools/scripts/make-icons.mjs): the toolbar button gets them too. */
export const ICONS = {
  16: 'icon/16.png',
  32: 'icon/32.png',
  48: 'icon/48.png',
  96: 'icon/96.png',
  128: 'icon/128.png',
};

/**
 * Firefox only (docs/FIREFOX.md). A placeholder id under the reserved `.invalid` TLD until AMO
 * assigns the real one. 140 is the ESR that has MV3 event pages, storage.session, host permissions
 * granted at install, and the built-in data-consent key; the extension collects nothing.
 */
export const GECKO = {
  id: 'safe-delete-qbo@example.invalid',
  strict_min_version: '140.0',
  data_collection_permissions: { required: ['none'] },
};

/** Firefox for Android reads the data-consent key from 142 on. */
export const GECKO_ANDROID = { strict_min_version: '142.0' };

/**
 * The pages' lazy parts (find tools, restore preview, report, rows not tied to one transaction) share
 * Preact and a few domain modules with the popup: one shared chunk for them instead of several small
 * ones compressed apart, the operations' declarations included (the popup's JS budget: 60 KB gz, bench "bundle sizes"). Only for the pages'
 * ES build: the background and content script are single IIFE files.
 */
const SHARED_MODULES =
  /node_modules[\\/](preact|@preact[\\/]signals)|lib[\\/]domain[\\/](entities|record-key|ids|operations|operations-(delete|void|restore|types))\.ts|lib[\\/]popup[\\/]format\.ts/;
const sharedChunk = {
  name: 'safe-delete-shared-chunk',
  outputOptions(options: { format?: string; codeSplitting?: unknown }) {
    if (options.format !== 'es') return null;
    return { ...options, codeSplitting: { groups: [{ name: 'shared', test: SHARED_MODULES }] } };
  },
};

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  imports: false,
  // SD_OUTPUT_DIR builds somewhere else than .output (several builds side by side on one machine);
  // the e2e launchers read the same variable.
  outDir: process.env.SD_OUTPUT_DIR || '.output',
  // MV3 everywhere: WXT's Firefox default is MV2, which has no `action` (the badge) and a different CSP shape.
  manifestVersion: 3,
  vite: () => ({
    plugins: [preact(), sharedChunk],
    // The Excel report's zip without blob: workers, which the CSP above refuses (lib/popup/fflate-sync.ts).
    resolve: {
      alias: [{ find: /^fflate$/, replacement: fileURLToPath(new URL('./lib/popup/fflate-sync.ts', import.meta.url)) }],
    },
  }),
  manifest: ({ browser, command }) => ({
    name: 'Safe Delete for QuickBooks Online',
    // At most 132 characters: the Chrome Web Store refuses a longer manifest description.
    description:
      'Tick transactions in QuickBooks Online, see which are safe to delete, then verify and delete them in batches with a full audit copy.',
    permissions: ['storage', 'unlimitedStorage', 'alarms', 'cookies', 'notifications', 'identity'],
    // The broker too: Firefox gives each install a random moz-extension:// origin the broker's CORS
    // cannot name; a host permission exempts the background's calls from CORS (Chrome's too).
    host_permissions: [...API_HOSTS, ...APP_HOSTS, `${BROKER_ORIGIN}/*`],
    content_security_policy: {
      extension_pages: extensionPagesCsp(command),
    },
    action: { default_icon: ICONS },
    // Never in private windows: nothing of a private session may be written to disk (docs/SECURITY.md, T6).
    incognito: 'not_allowed',
    ...(browser === 'firefox' ? { browser_specific_settings: { gecko: GECKO, gecko_android: GECKO_ANDROID } } : {}),
  }),
});
