/**
 * Service worker: wiring only. Every listener is registered synchronously at start (MV3 wakes the
 * worker for an event only if its listener exists after the first run); the logic is in lib/background.
 */
import '../lib/zod-setup';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackground } from '../lib/background/index';
import { systemClock } from '../lib/clock';
import { adoptStoredJobs } from '../lib/journal/job-seal';
import { createIdbArea } from '../lib/storage/idb-area';

export default defineBackground(() => {
  const background = createBackground({
    // The extension's state lives in its own IndexedDB, out of reach of content scripts (storage.local
    // is not: Chrome's default and always in Firefox); what storage.local held moves there once, after
    // the jobs a previous build kept there are adopted (a job the extension did not write never runs).
    storage: {
      local: createIdbArea({ indexedDB, legacy: browser.storage.local, beforeMove: adoptStoredJobs }),
      session: browser.storage.session,
    },
    // The worker's own IndexedDB (the extension origin's): the state above, the audit log, the installation key.
    indexedDB,
    alarms: browser.alarms,
    cookies: browser.cookies,
    tabs: { get: (tabId) => browser.tabs.get(tabId) },
    badge: browser.action,
    notify: async (title, message) => {
      await browser.notifications.create({
        type: 'basic',
        iconUrl: browser.runtime.getURL('/icon/128.png'),
        title,
        message,
      });
    },
    // "Connect to QuickBooks" (the sign-in window) and the token broker of this build.
    identity: {
      getRedirectURL: (path) => browser.identity.getRedirectURL(path),
      launchWebAuthFlow: (details) => browser.identity.launchWebAuthFlow(details),
    },
    brokerUrl: import.meta.env.WXT_BROKER_URL || undefined,
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/').replace(/\/$/, ''),
    clock: systemClock,
    estimateStorage: () => navigator.storage.estimate(),
  });

  // Content scripts must never read the token: keep session storage to trusted contexts (the default).
  // storage.local keeps nothing now; closed to content scripts too where the browser allows it (Chrome;
  // Firefox has no such setting). Nothing relies on either: the state is in IndexedDB, storage.local is
  // never read into it after the first start, and a job runs only with its tag (lib/journal/job-seal.ts).
  for (const [name, area] of [
    ['session', browser.storage.session],
    ['local', browser.storage.local],
  ] as const) {
    const close = async () => {
      if (!area.setAccessLevel) throw new Error('this browser has no setAccessLevel for it');
      await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    };
    close().catch((error: unknown) =>
      console.warn(`safe-delete: storage.${name} stays open to content scripts:`, error),
    );
  }

  browser.runtime.onMessage.addListener((message, sender) => background.handleMessage(message, sender));
  browser.alarms.onAlarm.addListener((alarm) => {
    void background.onAlarm(alarm);
  });
  void background.onStartup();
});
