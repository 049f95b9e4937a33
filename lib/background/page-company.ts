/**
 * The company open in the service's page: the cookie `qbo.currentcompanyid` on the page's host
 * (service-facts: the cookie changes the moment an accountant switches client books). Read fresh
 * when it matters (starting a delete).
 *
 * Some addresses also carry a company Id (`?realmId=`, `companyId=`). It is a second witness, never
 * the first: the page can rewrite its own address (history.pushState) and an address outlives a
 * company switch made in another tab. The rule (pageCompanyFrom):
 * - cookie, and the address names no company or the same one → the cookie's company;
 * - cookie, and the address names another (or anything that is not exactly the cookie's Id) →
 *   unknown, `addressDisagrees`: nothing from that page is taken, and the popup says why;
 * - no cookie, whatever the address says → unknown (the address alone is never trusted).
 * The address read is the browser's (the message sender's URL, the tab's URL), never one a message
 * carries in its body.
 */

import { type Environment, isRealmId } from '../domain/ids';
import type { StaleTabWhy } from '../domain/refusals';
import { environmentFromHost } from '../domain/web-app';

export const COMPANY_COOKIE = 'qbo.currentcompanyid';

export interface CookiesApi {
  get(details: { url: string; name: string; storeId?: string }): Promise<{ value: string } | null | undefined>;
  getAllCookieStores?(): Promise<{ id: string; tabIds: number[] }[]>;
}

/**
 * The cookie store of the tab that sent a report. Without it the browser answers from the
 * background's own store: a company open in a Firefox container or an incognito window would be
 * read from the wrong one and its Ids filed under another company.
 */
export async function storeIdOfTab(
  cookies: CookiesApi,
  tab: { id?: number; cookieStoreId?: string } | undefined,
): Promise<string | undefined> {
  if (tab?.cookieStoreId) return tab.cookieStoreId; // Firefox
  if (tab?.id === undefined || !cookies.getAllCookieStores) return undefined;
  const stores = await cookies.getAllCookieStores().catch(() => []);
  return stores.find((s) => s.tabIds.includes(tab.id as number))?.id;
}

export interface PageCompany {
  /** Undefined when the page's company is unknown (no cookie, or the address disagrees). */
  realmId?: string;
  environment: Environment;
  /** Set when the cookie names a company but the address names another one. */
  addressDisagrees?: { cookie: string; address: string[] };
}

/** What the popup says about a page whose address names another company than the cookie. */
export { ADDRESS_DISAGREES_TEXT } from '../popup/words/page-issues';

/** The address's query parameters that name a company (any letter case: a look-alike is a witness too). */
const ADDRESS_COMPANY_PARAMS = new Set(['realmid', 'companyid']);

/** Every company Id the address names, as written (empty when it names none). */
export function addressCompanyIds(url: URL): string[] {
  const out: string[] = [];
  for (const [name, value] of url.searchParams) if (ADDRESS_COMPANY_PARAMS.has(name.toLowerCase())) out.push(value);
  return out;
}

/** The rule above, on the cookie's value and the page's address. */
export function pageCompanyFrom(
  cookie: string | undefined,
  url: URL,
): Pick<PageCompany, 'realmId' | 'addressDisagrees'> {
  const address = addressCompanyIds(url);
  if (!isRealmId(cookie)) return {};
  if (address.every((id) => id === cookie)) return { realmId: cookie };
  return { addressDisagrees: { cookie, address } };
}

export async function readPageCompany(
  cookies: CookiesApi,
  pageUrl: string,
  storeId?: string,
): Promise<PageCompany | undefined> {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const environment = environmentFromHost(url.hostname);
  if (!environment) return undefined;
  const details = { url: `${url.origin}/`, name: COMPANY_COOKIE, ...(storeId ? { storeId } : {}) };
  const cookie = await cookies.get(details).catch(() => undefined);
  return { environment, ...pageCompanyFrom(cookie?.value, url) };
}

/** What noteAddressDisagrees needs of the background: the page issues and the views' change signal. */
export interface AddressIssueSink {
  pageIssues: {
    staleTab(tab: { tabId?: number; url: string; title?: string; why: StaleTabWhy; at: number }): Promise<boolean>;
  };
  view: { changed(): void };
}

/**
 * A page whose address disagrees with the cookie: the popup names the tab and says why nothing from
 * it is taken (the stale-tab alert; the tab's next hello under a company it can trust clears it).
 */
export async function noteAddressDisagrees(
  s: AddressIssueSink,
  tab: { tabId?: number; url: string; title?: string; at: number },
): Promise<void> {
  await s.pageIssues.staleTab({ ...tab, why: 'addressDisagrees' });
  s.view.changed();
}
