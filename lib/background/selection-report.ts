/**
 * A content script's selection report. The company comes from the page's cookie (read by us with
 * chrome.cookies, not told by the page) and the environment from the sender's host, so a page cannot
 * steer where its Ids land.
 */
import type { SelectionReport } from '../collect/selection-message';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { BackgroundCore } from './app';
import type { BackgroundDeps } from './deps';
import { readPageCompany, storeIdOfTab } from './page-company';

export async function handleSelectionReport(
  core: BackgroundCore,
  deps: BackgroundDeps,
  report: SelectionReport,
  senderUrl: URL,
  senderTab?: { id?: number; cookieStoreId?: string },
): Promise<Reply<unknown>> {
  if (report.data.host !== senderUrl.hostname) return fail('Refused: the report names another host than its page.');
  const storeId = await storeIdOfTab(deps.cookies, senderTab);
  const page = await readPageCompany(deps.cookies, senderUrl.href, storeId);
  if (!page?.realmId) return fail('No company cookie on this page: open a company in QuickBooks first.');
  const scope = { realmId: page.realmId, environment: page.environment };
  await core.selection.setLastPage({ ...scope, url: senderUrl.href, storeId, at: deps.clock.now() });
  const next = await core.selection.report(scope, report.data.added, report.data.removed);
  core.changed();
  return ok({ selected: Object.keys(next).length });
}
