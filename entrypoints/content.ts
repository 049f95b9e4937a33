/**
 * Content script on the web app's pages: wiring only. The logic (rows, checkboxes, deltas) lives in
 * lib/collect; this file hands it the page, the clock, WXT's context and the messaging channel.
 */
import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { startCollector } from '../lib/collect/collector';

export default defineContentScript({
  // Production and sandbox web-app hosts (service-facts.md): qbo.intuit.com, app./cNN./sandbox. ...
  matches: ['https://qbo.intuit.com/app/*', 'https://*.qbo.intuit.com/app/*'],
  runAt: 'document_idle',
  main(ctx: ContentScriptContext) {
    document.documentElement.dataset.safeDelete = 'ready';
    startCollector({
      document,
      location: () => window.location.href,
      now: () => Date.now(),
      send: (report) => browser.runtime.sendMessage(report),
      signal: ctx.signal,
      onLocationChange: (listener) => ctx.addEventListener(window, 'wxt:locationchange', listener),
    });
  },
});
