/**
 * The whole background, as entrypoints/background.ts builds it, in Node: fakeBrowser storage and
 * alarms, a cookies stub that answers the page's company, and the REAL client against the REAL
 * simulator over loopback HTTP, all on one manual clock. Security tests send it messages from the
 * senders a browser would report (popup, content script, web page, another extension).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BadgeApi } from '../../lib/background/badge';
import { createBackground } from '../../lib/background/index';
import { COMPANY_COOKIE } from '../../lib/background/page-company';
import type { TabInfo } from '../../lib/background/view-tab';
import { DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import type { JobSnapshot } from '../../lib/jobs/types';
import type { Reply } from '../../lib/messaging/protocol';
import type { SenderLike } from '../../lib/messaging/sender';
import type { PopupState } from '../../lib/messaging/views';
import type { StorageArea } from '../../lib/storage/area';
import { createIdbArea } from '../../lib/storage/idb-area';
import type { Endpoint, RequestLogEntry, SeedOptions, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { createManualClock, type ManualClock } from '../support/clock';

export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
export const PAGE_URL = 'https://app.qbo.intuit.com/app/sales';
/** Firefox's default cookie store id (Chrome's is '0'). */
export const DEFAULT_STORE = 'firefox-default';

/** What the browser reports for each kind of caller (runtime.MessageSender). */
export const SENDERS = {
  popup: { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}/popup.html`, origin: EXTENSION_ORIGIN },
  popupInTab: {
    id: EXTENSION_ID,
    url: `${EXTENSION_ORIGIN}/popup.html`,
    tab: { id: 9, url: `${EXTENSION_ORIGIN}/popup.html` },
  },
  contentScript: {
    id: EXTENSION_ID,
    url: PAGE_URL,
    origin: 'https://app.qbo.intuit.com',
    tab: { id: 1, url: PAGE_URL },
    frameId: 0,
  },
} satisfies Record<string, SenderLike>;

/** Senders that must get nothing but a refusal, whatever they send. */
export const HOSTILE_SENDERS: Record<string, SenderLike> = {
  'a web page (no extension id)': { url: 'https://evil.example/', origin: 'https://evil.example', tab: { id: 2 } },
  'a web page claiming our id': { id: EXTENSION_ID, url: 'https://evil.example/app/x', tab: { id: 2 } },
  'another extension': {
    id: 'ponmlkjihgfedcbaponmlkjihgfedcba',
    url: 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/bg.html',
  },
  'another extension page with our path': {
    id: 'ponmlkjihgfedcbaponmlkjihgfedcba',
    url: `chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/popup.html`,
  },
  'a look-alike host': { id: EXTENSION_ID, url: 'https://qbo.intuit.com.evil.example/app/sales', tab: { id: 3 } },
  'a look-alike suffix': { id: EXTENSION_ID, url: 'https://evilqbo.intuit.com/app/sales', tab: { id: 3 } },
  'the web app over plain HTTP': { id: EXTENSION_ID, url: 'http://app.qbo.intuit.com/app/sales', tab: { id: 4 } },
  'a web-app page outside /app/': { id: EXTENSION_ID, url: 'https://app.qbo.intuit.com/login', tab: { id: 4 } },
  'no sender url': { id: EXTENSION_ID },
  'an empty sender': {},
};

export interface SecurityHarness {
  clock: ManualClock;
  sim: Simulator;
  background: ReturnType<typeof createBackground>;
  /** The extension's own state (IndexedDB): what `storage.local` held before issue 18 §3. */
  local: StorageArea;
  /** The company the page's cookie names (undefined: no cookie), in the default cookie store. */
  setPageCompany(realmId: string | undefined): void;
  /** A browser tab `tabs.get` answers (the active tab the popup opens over). */
  setTab(tab: TabInfo & { id: number }): void;
  /** The tab is closed: `tabs.get` rejects, as the browser does. */
  closeTab(tabId: number): void;
  /** The same cookie in another store (a Firefox container, a Chrome incognito window). */
  setStoreCompany(storeId: string, realmId: string | undefined): void;
  send(message: unknown, sender: SenderLike): Promise<Reply<unknown>>;
  /**
   * A click in a view that has just polled: the message gets the `scope` that view shows (the
   * company and the stamp of its selection; for `restore/start`, the preview's). A message that
   * names its own `scope` goes as it is. Tests of a stale view send the scope they kept.
   */
  click(message: Record<string, unknown>, sender?: SenderLike): Promise<Reply<unknown>>;
  /** Lets the runner run until the job settles, firing the one alarm as the browser would. */
  settle(jobId: string): Promise<JobSnapshot>;
  log(realmId: string): RequestLogEntry[];
  callsTo(realmId: string, ...endpoints: Endpoint[]): number;
  close(): Promise<void>;
}

export async function createSecurityHarness(
  options: {
    notify?: (title: string, message: string) => Promise<void>;
    badge?: BadgeApi;
    estimateStorage?: () => Promise<{ usage?: number; quota?: number }>;
  } = {},
): Promise<SecurityHarness> {
  fakeBrowser.reset();
  const clock = createManualClock();
  const sim = await startSimulator({ now: clock.now });
  // As entrypoints/background.ts: the extension's state in its own IndexedDB, storage.local moved in.
  const local = createIdbArea({ indexedDB, legacy: fakeBrowser.storage.local });
  const realmByStore = new Map<string, string | undefined>();
  // The content script's tab (SENDERS.contentScript) is open until a test closes it.
  const tabs = new Map<number, TabInfo>([[1, { id: 1, url: PAGE_URL }]]);
  const background = createBackground({
    indexedDB,
    storage: { local, session: fakeBrowser.storage.session },
    alarms: fakeBrowser.alarms,
    cookies: {
      // As the browser does: without a storeId, the background's own (default) store answers.
      async get({ url, name, storeId }: { url: string; name: string; storeId?: string }) {
        const host = new URL(url).hostname;
        const onWebApp = host === 'qbo.intuit.com' || host.endsWith('.qbo.intuit.com');
        const realm = realmByStore.get(storeId ?? DEFAULT_STORE);
        return onWebApp && name === COMPANY_COOKIE && realm ? { value: realm } : null;
      },
    },
    tabs: {
      async get(tabId: number) {
        const tab = tabs.get(tabId);
        if (!tab) throw new Error(`No tab with id: ${tabId}.`);
        return tab;
      },
    },
    notify: options.notify,
    badge: options.badge,
    estimateStorage: options.estimateStorage,
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    clock,
    apiBaseUrl: () => sim.url,
    runner: { throttle: { batchLimit: 40, windowMs: 60_000 }, minAlarmDelayMs: 30_000, retryDelayMs: 1_000 },
  });
  fakeBrowser.alarms.onAlarm.addListener((alarm) => background.onAlarm(alarm));

  return {
    clock,
    sim,
    local,
    background,
    setPageCompany(realmId) {
      realmByStore.set(DEFAULT_STORE, realmId);
    },
    setTab(tab) {
      tabs.set(tab.id, tab);
    },
    closeTab(tabId) {
      tabs.delete(tabId);
    },
    setStoreCompany(storeId, realmId) {
      realmByStore.set(storeId, realmId);
    },
    send: (message, sender) => background.handleMessage(message, sender),
    click: async (message, sender = SENDERS.popup) =>
      background.handleMessage(await asShown(background, message), sender),
    async settle(jobId) {
      const runner = background.core.runner;
      await runner.whenIdle();
      for (let i = 0; i < 50; i++) {
        const job = await runner.getJob(jobId);
        if (!job || job.status === 'done' || job.status === 'tokenNeeded' || job.status === 'cancelled') break;
        const alarm = await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME);
        if (!alarm) break;
        clock.set(Math.max(clock.now(), alarm.scheduledTime));
        await fakeBrowser.alarms.onAlarm.trigger(alarm);
        await runner.whenIdle();
      }
      const job = await runner.getJob(jobId);
      if (!job) throw new Error('job vanished');
      return job;
    },
    log: (realmId) => sim.requestLog(realmId),
    callsTo: (realmId, ...endpoints) =>
      sim.requestLog(realmId).filter((e) => endpoints.some((x) => x === e.endpoint)).length,
    close: () => sim.close(),
  };
}

/** A seeded company whose page is open, connected from the popup, its rows ticked and checked. */
export async function connectedWithSelection(
  h: SecurityHarness,
  seed: Omit<SeedOptions, 'realmId'> = { count: 40, entities: { Invoice: 1 } },
  remember = false,
) {
  const company = h.sim.seedCompany(seed);
  h.setPageCompany(company.realmId);
  const report = selectionReport(company.keys.all, h.clock.now(), company.realmId);
  const reported = await h.send(report, SENDERS.contentScript);
  if (!reported.ok) throw new Error(`selection refused: ${reported.error}`);
  const saved = await h.send(saveConnection(company.realmId, company.token, remember), SENDERS.popup);
  if (!saved.ok) throw new Error(`connection refused: ${saved.error}`);
  await h.background.core.preflight.start({ realmId: company.realmId, environment: 'production' });
  return company;
}

/** The popup's view of the background now (what `state/get` answers an extension page). */
export async function popupStateOf(h: SecurityHarness): Promise<PopupState> {
  const reply = await h.send({ type: 'state/get' }, SENDERS.popup);
  if (!reply.ok) throw new Error(reply.error);
  return reply.data as PopupState;
}

export function saveConnection(realmId: string, token: string, remember = false) {
  return { type: 'connection/save', realmId, environment: 'production', token, remember } as const;
}

const toItems = (keys: readonly string[], shownAt: number, tickedAt: number) =>
  keys.map((key) => {
    const [entity, id] = key.split(':');
    return { entity, id, shownAt, tickedAt };
  });

/**
 * A well-formed `selection/report` for `Entity:Id` keys, as the content script on PAGE_URL sends it:
 * bound to `pageCompany` (the company the page was loaded under), ticked by the person at `tickedAt`
 * (default: `shownAt`); `pageTicked` keys were ticked with no gesture of the person.
 */
export function selectionReport(
  keys: readonly string[],
  shownAt: number,
  pageCompany: string | null,
  options: { tickedAt?: number; pageTicked?: readonly string[]; removed?: readonly string[] } = {},
) {
  return {
    type: 'selection/report',
    data: {
      pageUrl: PAGE_URL,
      host: new URL(PAGE_URL).hostname,
      pageCompany,
      replace: false,
      snapshot: true,
      added: toItems(keys, shownAt, options.tickedAt ?? shownAt),
      pageTicked: toItems(options.pageTicked ?? [], shownAt, options.tickedAt ?? shownAt),
      removed: (options.removed ?? []).map((key) => {
        const [entity, id] = key.split(':');
        return { entity, id };
      }),
    },
  };
}

/** `page/hello` as the content script on PAGE_URL sends it when the page loads. */
export function pageHello() {
  return { type: 'page/hello', data: { pageUrl: PAGE_URL, host: new URL(PAGE_URL).hostname } };
}

/** Every query statement a request carried: `?query=`, a POSTed statement, batch `Query` items. */
export function statementsIn(entry: RequestLogEntry): string[] {
  const out: string[] = [];
  const url = new URL(entry.path, 'http://sim.invalid');
  out.push(...url.searchParams.getAll('query'));
  if (entry.endpoint === 'query' && entry.method === 'POST' && entry.body) out.push(entry.body);
  if (entry.endpoint === 'batch' && entry.body) {
    try {
      const items = (JSON.parse(entry.body) as { BatchItemRequest?: { Query?: unknown }[] }).BatchItemRequest ?? [];
      for (const item of items) if (typeof item.Query === 'string') out.push(item.Query);
    } catch {
      out.push(entry.body); // unparseable: let the caller's strict match fail on it
    }
  }
  return out;
}

/** `message` with the scope a freshly polled view would send (see SecurityHarness.click). */
async function asShown(
  background: ReturnType<typeof createBackground>,
  message: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if ('scope' in message) return message;
  if (message.type === 'restore/start') {
    const preview = await asShown(background, { type: 'restore/preview', filter: message.filter });
    const reply = await background.handleMessage(preview, SENDERS.popup);
    return reply.ok ? { ...message, scope: (reply.data as { scope: unknown }).scope } : message;
  }
  // The state the view last showed, read without counting as a poll (a closed popup stays closed).
  const scope = (await background.core.state()).scope;
  if (!scope) return message;
  if (message.type === 'job/start') return { ...message, scope };
  return { ...message, scope: { realmId: scope.realmId, environment: scope.environment } };
}
