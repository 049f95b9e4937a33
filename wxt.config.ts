import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

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

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  imports: false,
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Safe Delete for QuickBooks Online',
    description:
      'Tick transactions in the QuickBooks Online ledger, see which are safe, then verify and delete them in throttled batches with a full audit copy.',
    permissions: ['storage', 'unlimitedStorage', 'alarms', 'cookies', 'notifications'],
    host_permissions: [...API_HOSTS, ...APP_HOSTS],
    content_security_policy: {
      extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    },
  },
});
