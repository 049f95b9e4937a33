/**
 * Content script on the web app's pages: wiring only. The logic (rows, checkboxes, provenance, deltas)
 * lives in lib/collect; this file hands it the page, the clock, WXT's context and the messaging
 * channel. It runs at document_start so its gesture listeners precede the page's own scripts and the
 * person's first click; the collector waits for the DOM before its first scan. It leaves no marker in
 * the page.
 */
import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { startCollector } from '../lib/collect/collector';

export default defineContentScript({
  // Production and sandbox web-app hosts (service-facts.md): qbo.intuit.com, app./cNN./sandbox. ...,
  // on `/app/…` and on the cluster-prefixed `/c28/app/…`. A match pattern cannot say "1 to 3 digits",
  // so `/c*/app/*` is wider than the rule: the background refuses every page outside isWebAppPath
  // (lib/domain/web-app.ts, lib/messaging/sender.ts).
  matches: [
    'https://qbo.intuit.com/app/*',
    'https://*.qbo.intuit.com/app/*',
    'https://qbo.intuit.com/c*/app/*',
    'https://*.qbo.intuit.com/c*/app/*',
  ],
  runAt: 'document_start',
  // No window.postMessage announcing the script to the page (WXT's old start-up signal).
  noScriptStartedPostMessage: true,
  main(ctx: ContentScriptContext) {
    startCollector({
      document,
      location: () => window.location.href,
      now: () => Date.now(),
      send: (message) => browser.runtime.sendMessage(message),
      signal: ctx.signal,
      onLocationChange: (listener) => ctx.addEventListener(window, 'wxt:locationchange', listener),
    });
  },
});
