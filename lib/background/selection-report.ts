/**
 * A content script's messages: `page/hello` and `selection/report`.
 *
 * The company a report's rows belong to is the company the PAGE was loaded under (`pageCompany`,
 * from the hello the page sent when it loaded), never only the cookie read now: the cookie is one
 * per browser (per cookie store), so a tab left open on client A after client B was opened in
 * another tab would otherwise file A's rows under B. A report is refused, and the popup names the
 * tab, when its page company differs from the company QuickBooks has open now (the cookie of the
 * sender tab's store). Rows are filed under that company; with one connection per company, the
 * page's company picks its own connection, so a report from a company that is not connected yet is
 * kept for when it is. The environment comes from the sender's host. The company's name the page's
 * header showed is kept as that company's label (the popup names it so before connecting).
 */
import type { createCompanyNames } from '../connection/company-names';
import type { PageHello, PageHelloReply, SelectionReport, SelectionReportReply } from '../messaging/content-protocol';
import {
  type ContentMessageType,
  dispatch,
  fail,
  type Handlers,
  ok,
  type Reply,
  type ReplyOf,
  type RequestOf,
} from '../messaging/protocol';
import { STALE_TAB_TEXT } from '../popup/words/page-issues';
import type { PreflightStore } from '../preflight/preflight-store';
import type { PageIssues } from '../selection/page-issues';
import type { SelectionStore } from '../selection/store';
import { MAX_PAGE_TICKED, MAX_SELECTION } from '../selection/store';
import {
  ADDRESS_DISAGREES_TEXT,
  type CookiesApi,
  noteAddressDisagrees,
  readPageCompany,
  storeIdOfTab,
} from './page-company';
import type { ViewNotices } from './view-notices';

export interface ContentSenderTab {
  id?: number;
  cookieStoreId?: string;
  title?: string;
}

/** What a content script's messages reach: the page's cookie, the page issues, the selection. */
export interface ContentServices {
  cookies: CookiesApi;
  pageIssues: Pick<PageIssues, 'loadedUnder' | 'tabFine' | 'staleTab' | 'pageInfo'>;
  selection: Pick<SelectionStore, 'setLastPage' | 'report'>;
  preflightStore: Pick<PreflightStore, 'forget'>;
  /** Where the name a page's header showed is kept, by the company its cookie named. */
  companyNames: Pick<ReturnType<typeof createCompanyNames>, 'pageShowed'>;
  now: () => number;
  view: ViewNotices;
}

type ContentContext = [s: ContentServices, senderUrl: URL, senderTab?: ContentSenderTab];
type ContentHandlers = Handlers<ContentMessageType, ContentContext>;

/** Each content-script message's handler, typed against the protocol map (lib/messaging/protocol.ts). */
export const contentHandlers: ContentHandlers = {
  'page/hello': (msg, s, senderUrl, senderTab) => handlePageHello(s, msg, senderUrl, senderTab),
  'selection/report': (msg, s, senderUrl, senderTab) => handleSelectionReport(s, msg, senderUrl, senderTab),
};

/** Answers a validated content-script message from the page at `senderUrl`. */
export function handleContentMessage<K extends ContentMessageType>(
  s: ContentServices,
  msg: RequestOf<K> & { type: K },
  senderUrl: URL,
  senderTab?: ContentSenderTab,
): Promise<Reply<ReplyOf<K>>> {
  return dispatch<ContentMessageType, K, ContentContext>(contentHandlers, msg, s, senderUrl, senderTab);
}

export async function handlePageHello(
  s: ContentServices,
  hello: PageHello,
  senderUrl: URL,
  senderTab?: ContentSenderTab,
): Promise<Reply<PageHelloReply>> {
  if (hello.data.host !== senderUrl.hostname) return fail('Refused: the hello names another host than its page.');
  const storeId = await storeIdOfTab(s.cookies, senderTab);
  const page = await readPageCompany(s.cookies, senderUrl.href, storeId);
  const at = s.now();
  // What this tab's rows are bound to from now on: the popup opened over it shows that company.
  const bound =
    page?.realmId && !page.addressDisagrees ? { realmId: page.realmId, environment: page.environment, at } : undefined;
  if (senderTab?.id !== undefined) await s.pageIssues.loadedUnder(senderTab.id, bound);
  if (page?.addressDisagrees) {
    await noteAddressDisagrees(s, { tabId: senderTab?.id, url: senderUrl.href, title: senderTab?.title, at });
    return ok({});
  }
  if (page?.realmId && (await s.pageIssues.tabFine(senderTab?.id, senderUrl.href))) s.view.changed();
  return ok(page?.realmId ? { realmId: page.realmId } : {});
}

export async function handleSelectionReport(
  s: ContentServices,
  report: SelectionReport,
  senderUrl: URL,
  senderTab?: ContentSenderTab,
): Promise<Reply<SelectionReportReply>> {
  const data = report.data;
  if (data.host !== senderUrl.hostname) return fail('Refused: the report names another host than its page.');
  const now = s.now();
  const storeId = await storeIdOfTab(s.cookies, senderTab);
  const page = await readPageCompany(s.cookies, senderUrl.href, storeId);
  if (page?.addressDisagrees) {
    await noteAddressDisagrees(s, { tabId: senderTab?.id, url: senderUrl.href, title: senderTab?.title, at: now });
    return fail(ADDRESS_DISAGREES_TEXT);
  }
  if (!page?.realmId) return fail('No company cookie on this page: open a company in QuickBooks first.');
  const stale = async (reason: string) => {
    await s.pageIssues.staleTab({
      tabId: senderTab?.id,
      url: senderUrl.href,
      title: senderTab?.title,
      why: 'companyChanged',
      at: now,
      loadedUnder: data.pageCompany,
      nowOpen: page.realmId,
      environment: page.environment,
    });
    s.view.changed();
    return fail(`${STALE_TAB_TEXT} ${reason}`);
  };
  if (data.pageCompany === null) return stale('The company this page was loaded under is not known.');
  if (data.pageCompany !== page.realmId) {
    return stale(`It was loaded under company ${data.pageCompany}; QuickBooks now has company ${page.realmId} open.`);
  }
  const scope = { realmId: page.realmId, environment: page.environment };
  await s.selection.setLastPage({ ...scope, url: senderUrl.href, storeId, at: now });
  // The header's name labels the company the cookie named (and the page was loaded under): a label
  // for the popup before connecting, never what decides whose rows these are.
  if (data.page?.companyName) await s.companyNames.pageShowed(scope, data.page.companyName);
  const outcome = await s.selection.report(scope, {
    added: data.added,
    pageTicked: data.pageTicked,
    removed: data.removed,
    addedRows: data.addedRows,
    removedRows: data.removedRows,
    pageTickedRows: data.pageTickedRows,
  });
  // A row that (re-)entered the selection never keeps an older check's status: it is checked afresh.
  if (outcome.entered.length > 0) await s.preflightStore.forget(scope, outcome.entered);
  await s.pageIssues.tabFine(senderTab?.id, senderUrl.href);
  await s.pageIssues.pageInfo(senderUrl.href, data.page, now);
  if (outcome.overCap > 0) {
    s.view.setNotice(
      {
        level: 'error',
        text: `The selection is full: Safe Delete holds at most ${MAX_SELECTION.toLocaleString('en-US')} selected rows (and ${MAX_PAGE_TICKED.toLocaleString('en-US')} rows ticked by the page). ${outcome.overCap} more were not added. Delete or clear some first.`,
      },
      scope,
    );
  } else {
    s.view.changed();
  }
  return ok({ selected: Object.keys(outcome.selection).length, refused: outcome.refused });
}
