/**
 * The company open in the service's page: the cookie `qbo.currentcompanyid` on the page's host
 * (service-facts: the realmId is never in the web app's URL, and the cookie changes the moment an
 * accountant switches client books). Read fresh when it matters (starting a delete).
 */

import { type Environment, isRealmId } from '../domain/ids';
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
  realmId?: string;
  environment: Environment;
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
  const value = cookie?.value;
  return { environment, realmId: isRealmId(value) ? value : undefined };
}
