/**
 * The client in view: the popup opens on the company of the active QuickBooks tab.
 * When the popup opens it names the active tab; the background reads that tab's company the way it
 * reads a reporting page's (the `qbo.currentcompanyid` cookie of the tab's own cookie store) and
 * makes it the company the views show, as a tick on that page would. It reads nothing from the page
 * itself, selects nothing and starts nothing: a view that still showed another company has its next
 * click refused with both names (./view-scope.ts), and a job keeps its own company.
 *
 * The cookie is one per browser (per cookie store): a tab loaded under A still shows A after B was
 * opened in another tab. When the tab's hello was answered with another company than the cookie
 * names now, the view is the tab's company, with the stale-tab alert naming both (the tab's ticks
 * are refused until it is reloaded, and a start reads the cookie again).
 */
import { ok, type Reply } from '../messaging/protocol';
import { classifySender } from '../messaging/sender';
import type { PageIssues } from '../selection/page-issues';
import type { SelectionStore } from '../selection/store';
import type { TabsApi } from './deps';
import { type CookiesApi, readPageCompany, storeIdOfTab } from './page-company';
import type { ViewNotices } from './view-notices';

export type { TabInfo, TabsApi } from './deps';

/** What the view's tab reads: the tab, its cookie, what it said when it loaded; and the selection's last page. */
export interface ViewTabServices {
  tabs?: TabsApi;
  cookies: CookiesApi;
  extensionId: string;
  extensionOrigin: string;
  pageIssues: Pick<PageIssues, 'tabCompany' | 'staleTab'>;
  selection: Pick<SelectionStore, 'lastPage' | 'setLastPage'>;
  now: () => number;
  view: Pick<ViewNotices, 'changed'>;
}

export interface ViewTabReply {
  /** The active tab's company, when it is a QuickBooks page with a company open. */
  realmId?: string;
}

export async function focusViewTab(s: ViewTabServices, tabId: number): Promise<Reply<ViewTabReply>> {
  const tab = await s.tabs?.get(tabId).catch(() => undefined);
  if (!tab?.url) return ok({});
  // The same rule as a content script's page: a QuickBooks web-app address, never a private window.
  const page = classifySender({ id: s.extensionId, url: tab.url, tab }, s.extensionId, s.extensionOrigin);
  if (page.kind !== 'contentScript') return ok({});
  const storeId = await storeIdOfTab(s.cookies, tab);
  const company = await readPageCompany(s.cookies, page.pageUrl.href, storeId);
  if (!company?.realmId) return ok({});
  const url = page.pageUrl.href;
  const loaded = await s.pageIssues.tabCompany(tabId);
  const stale = loaded && loaded.environment === company.environment && loaded.realmId !== company.realmId;
  const scope = { realmId: stale ? loaded.realmId : company.realmId, environment: company.environment };
  if (stale) {
    const at = s.now();
    const issue = {
      tabId,
      url,
      why: 'companyChanged',
      at,
      loadedUnder: loaded.realmId,
      nowOpen: company.realmId,
    } as const;
    await s.pageIssues.staleTab({ ...issue, environment: company.environment });
  }
  const last = await s.selection.lastPage();
  const moved = last?.realmId !== scope.realmId || last.environment !== scope.environment || last.url !== url;
  if (moved) await s.selection.setLastPage({ ...scope, url, storeId, at: s.now() });
  if (moved || stale) s.view.changed();
  return ok({ realmId: scope.realmId });
}
