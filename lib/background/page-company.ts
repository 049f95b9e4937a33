/**
 * The company open in the service's page: the cookie `qbo.currentcompanyid` on the page's host
 * (service-facts: the realmId is never in the web app's URL, and the cookie changes the moment an
 * accountant switches client books). Read fresh when it matters (starting a delete).
 */
import { type Environment, environmentFromHost } from '../qbo/entities';

export const COMPANY_COOKIE = 'qbo.currentcompanyid';

export interface CookiesApi {
  get(details: { url: string; name: string }): Promise<{ value: string } | null | undefined>;
}

export interface PageCompany {
  realmId?: string;
  environment: Environment;
}

export async function readPageCompany(cookies: CookiesApi, pageUrl: string): Promise<PageCompany | undefined> {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const environment = environmentFromHost(url.hostname);
  if (!environment) return undefined;
  const cookie = await cookies.get({ url: `${url.origin}/`, name: COMPANY_COOKIE }).catch(() => undefined);
  const value = cookie?.value;
  return { environment, realmId: value && /^[0-9]{1,20}$/.test(value) ? value : undefined };
}
