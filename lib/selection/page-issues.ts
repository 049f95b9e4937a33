/**
 * What the QuickBooks pages told the background that the person must act on: a stale tab (its rows
 * belong to another company than QuickBooks has open now, or than the connected one), a page whose
 * own "N selected" counter claims more than the collector saw, a page whose ticked rows cannot be
 * read. Kept in storage.session (it outlives a worker restart, not the browser session; nothing here
 * is worth writing to disk) and shown by the popup until the page that caused it says otherwise.
 */
import { z } from 'zod';
import type { Environment } from '../domain/ids';
import { type NamedCompany, STALE_TAB_WHYS, type StaleTabWhy } from '../domain/refusals';
import { EnvironmentSchema } from '../domain/schemas';
import type { PageInfo } from '../messaging/content-protocol';
import type { PopupState } from '../messaging/views';
import type { StorageArea } from '../storage/area';
import { defineItem, readItem, setAside } from '../storage/item';
import { writeQueueFor } from '../storage/queue';

/** Names a company for an alert: its CompanyInfo name when known. */
export type CompanyNamer = (realmId: string, environment: Environment) => Promise<string | undefined>;

export interface IssueViewOptions {
  /** False when the tab is gone (closed): its alert goes with it. Absent: every tab is assumed open. */
  tabOpen?: (tabId: number) => Promise<boolean>;
  name?: CompanyNamer;
  /** The stale-tab alert's words (lib/popup/words/page-issues.ts): the issues hold codes only. */
  word: (why: StaleTabWhy, shows?: NamedCompany, open?: NamedCompany) => string;
}

export type PageIssueKind = 'staleTab' | 'counter' | 'unreadable' | 'bankLines';

const TabCompanySchema = z.object({ realmId: z.string(), environment: EnvironmentSchema, at: z.number() });
export type TabCompany = z.infer<typeof TabCompanySchema>;
/** Tabs remembered at most (the oldest hello goes first): a session rarely has this many QuickBooks tabs. */
const MAX_TABS = 200;

const IssuesSchema = z.object({
  staleTab: z
    .object({
      tabId: z.number().optional(),
      /** The company the page was loaded under (null: not known) and the one QuickBooks has open now. */
      loadedUnder: z.string().nullable().optional(),
      nowOpen: z.string().optional(),
      environment: EnvironmentSchema.optional(),
      url: z.string(),
      title: z.string().optional(),
      /**
       * Why its rows are not taken, as a code the popup words. Issues live in storage.session, which
       * an update of the extension empties, so no stored sentence survives to migrate; a value
       * written before the code (its `text` dropped) reads as a company that changed.
       */
      why: z.enum(STALE_TAB_WHYS).catch('companyChanged'),
      at: z.number(),
    })
    .optional(),
  counter: z.object({ url: z.string(), claimed: z.number(), seen: z.number(), at: z.number() }).optional(),
  /** `read`: the ticked rows read on that page; then why the others were not (no date, no amount, the bank feed's tab not told). */
  unreadable: z
    .object({
      url: z.string(),
      tickedBoxes: z.number(),
      skeleton: z.string(),
      at: z.number(),
      read: z.number().optional(),
      noDate: z.number().optional(),
      noAmount: z.number().optional(),
      bankTabUnknown: z.literal(true).optional(),
    })
    .optional(),
  /** Bank lines ticked on the bank feed's Pending tab: not transactions, never collected. */
  bankLines: z.object({ url: z.string(), count: z.number(), at: z.number() }).optional(),
  /**
   * The company each QuickBooks tab (by id) was loaded under: the one its last `page/hello` was
   * answered with. A content script asks only until it learns its company and keeps the first it
   * learns, so the last answer naming one is what that tab's rows are bound to.
   */
  tabs: z.record(z.string(), TabCompanySchema).optional(),
});
type Issues = z.infer<typeof IssuesSchema>;
export const PAGE_ISSUES_ITEM = defineItem('pageIssues', { schema: IssuesSchema, version: 1 });
const KEY = PAGE_ISSUES_ITEM.key();

export function createPageIssues(session: StorageArea) {
  const queue = writeQueueFor(session);
  async function read(): Promise<Issues> {
    const stored = await readItem(PAGE_ISSUES_ITEM, session, KEY);
    return stored.kind === 'ok' ? stored.value : {};
  }
  /** Serialised read-modify-write; resolves true when something changed. */
  function update(change: (issues: Issues) => Issues): Promise<boolean> {
    return queue.run(async () => {
      const before = await read();
      const after = change({ ...before });
      if (JSON.stringify(after) === JSON.stringify(before)) return false;
      // Read as none when unreadable: what was there is set aside (in storage.session, like the
      // issues themselves, never on disk) before the write replaces it.
      await setAside(session, KEY, await readItem(PAGE_ISSUES_ITEM, session, KEY));
      await session.set({ [KEY]: after });
      return true;
    });
  }
  return {
    async view(options: IssueViewOptions): Promise<PopupState['pageIssues']> {
      let issues = await read();
      const tabId = issues.staleTab?.tabId;
      // A closed tab's alert clears itself: the cause is gone.
      if (tabId !== undefined && options.tabOpen && !(await options.tabOpen(tabId))) {
        await update((i) => (i.staleTab?.tabId === tabId ? { ...i, staleTab: undefined } : i));
        issues = await read();
      }
      const stale = issues.staleTab;
      const name = async (realm: string | null | undefined): Promise<NamedCompany | undefined> =>
        realm ? { realmId: realm, name: await options.name?.(realm, stale?.environment ?? 'production') } : undefined;
      const staleTab = stale
        ? {
            url: stale.url,
            at: stale.at,
            text: options.word(stale.why, await name(stale.loadedUnder), await name(stale.nowOpen)),
          }
        : undefined;
      const view = { staleTab, counter: issues.counter, unreadable: issues.unreadable, bankLines: issues.bankLines };
      return view.staleTab || view.counter || view.unreadable || view.bankLines ? view : undefined;
    },
    staleTab: (tab: {
      tabId?: number;
      url: string;
      title?: string;
      why: StaleTabWhy;
      at: number;
      loadedUnder?: string | null;
      nowOpen?: string;
      environment?: Environment;
    }) => update((i) => ({ ...i, staleTab: tab })),
    /** "Dismiss": the person has seen it; a new report brings it back. */
    dismiss: (kind: PageIssueKind) => update((i) => ({ ...i, [kind]: undefined })),
    /** The tab that was stale reported (or said hello) under the right company: the warning goes. */
    tabFine: (tabId: number | undefined, url: string) =>
      update((i) =>
        i.staleTab && (tabId !== undefined ? i.staleTab.tabId === tabId : i.staleTab.url === url)
          ? { ...i, staleTab: undefined }
          : i,
      ),
    /** A page's own counter and unreadable rows, as of its latest report. */
    pageInfo: (url: string, page: PageInfo | undefined, at: number) =>
      update((i) => {
        const next = { ...i };
        const claimed = page?.claimedSelected;
        if (page && claimed !== undefined && claimed > page.seenSelected) {
          next.counter = { url, claimed, seen: page.seenSelected, at };
        } else if (next.counter?.url === url) next.counter = undefined;
        if (page?.unreadable) next.unreadable = { url, ...page.unreadable, read: page.seenSelected, at };
        else if (next.unreadable?.url === url) next.unreadable = undefined;
        if (page?.bankLines) next.bankLines = { url, count: page.bankLines, at };
        else if (next.bankLines?.url === url) next.bankLines = undefined;
        return next;
      }),
    clearCounters: () => update((i) => ({ staleTab: i.staleTab, tabs: i.tabs })),
    /** A tab's hello was answered with `company` (undefined: no company it can trust). */
    loadedUnder: (tabId: number, company: TabCompany | undefined) =>
      update((i) => {
        const tabs = { ...i.tabs };
        delete tabs[tabId];
        if (company) tabs[tabId] = company;
        const kept = Object.entries(tabs).sort(([, x], [, y]) => y.at - x.at);
        return { ...i, tabs: kept.length ? Object.fromEntries(kept.slice(0, MAX_TABS)) : undefined };
      }),
    /** The company the tab's page was loaded under, when its hello named one. */
    tabCompany: async (tabId: number): Promise<TabCompany | undefined> => (await read()).tabs?.[tabId],
  };
}
export type PageIssues = ReturnType<typeof createPageIssues>;
