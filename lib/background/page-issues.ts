/**
 * What the QuickBooks pages told the background that the person must act on: a stale tab (its rows
 * belong to another company than QuickBooks has open now, or than the connected one), a page whose
 * own "N selected" counter claims more than the collector saw, a page whose ticked rows cannot be
 * read. Kept in storage.session (it outlives a worker restart, not the browser session; nothing here
 * is worth writing to disk) and shown by the popup until the page that caused it says otherwise.
 */
import { z } from 'zod';
import type { PageInfo } from '../messaging/content-protocol';
import type { PopupState } from '../messaging/views';
import type { StorageArea } from '../storage/area';
import { storageKey } from '../storage/keys';
import { writeQueueFor } from '../storage/queue';

const KEY = storageKey.pageIssues();
export const STALE_TAB_TEXT = 'This tab still shows another company. Reload it.';

const IssuesSchema = z.object({
  staleTab: z
    .object({
      tabId: z.number().optional(),
      url: z.string(),
      title: z.string().optional(),
      text: z.string(),
      at: z.number(),
    })
    .optional(),
  counter: z.object({ url: z.string(), claimed: z.number(), seen: z.number(), at: z.number() }).optional(),
  unreadable: z.object({ url: z.string(), tickedBoxes: z.number(), skeleton: z.string(), at: z.number() }).optional(),
});
type Issues = z.infer<typeof IssuesSchema>;

export function createPageIssues(session: StorageArea) {
  const queue = writeQueueFor(session);
  async function read(): Promise<Issues> {
    const parsed = IssuesSchema.safeParse((await session.get(KEY))[KEY]);
    return parsed.success ? parsed.data : {};
  }
  /** Serialised read-modify-write; resolves true when something changed. */
  function update(change: (issues: Issues) => Issues): Promise<boolean> {
    return queue.run(async () => {
      const before = await read();
      const after = change({ ...before });
      if (JSON.stringify(after) === JSON.stringify(before)) return false;
      await session.set({ [KEY]: after });
      return true;
    });
  }
  return {
    async view(): Promise<PopupState['pageIssues']> {
      const issues = await read();
      const staleTab = issues.staleTab ? { ...issues.staleTab } : undefined;
      if (staleTab) delete staleTab.tabId;
      const view = { staleTab, counter: issues.counter, unreadable: issues.unreadable };
      return view.staleTab || view.counter || view.unreadable ? view : undefined;
    },
    staleTab: (tab: { tabId?: number; url: string; title?: string; text: string; at: number }) =>
      update((i) => ({ ...i, staleTab: tab })),
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
        if (page?.unreadable) next.unreadable = { url, ...page.unreadable, at };
        else if (next.unreadable?.url === url) next.unreadable = undefined;
        return next;
      }),
    clearCounters: () => update((i) => ({ staleTab: i.staleTab })),
  };
}
export type PageIssues = ReturnType<typeof createPageIssues>;
