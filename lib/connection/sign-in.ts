/**
 * "Connect to QuickBooks": the authorization-code flow through the broker, run by the background
 * (the popup closes when the sign-in window takes focus). identity.launchWebAuthFlow opens the
 * broker's /oauth/start, which sends the person to Intuit's sign-in and company picker and back to
 * the broker's callback, which hands `code`, `realmId` and our `state` to the extension's redirect
 * URL. We check the state (it must be the one we made), then exchange the code through the broker.
 * The code arrives wrapped for this installation's key (broker.ts): it is passed on as it is.
 */

import { isRealmId } from '../domain/ids';
import type { Broker, BrokerTokens } from './broker';

/**
 * The sign-in page did not open (no network, the sign-in service down): what a bookkeeper can try.
 * Never the developers' paste-a-token path (it sits behind "Advanced"): a bookkeeper has no token.
 */
export const SIGN_IN_UNREACHABLE =
  "The sign-in page could not be opened. Check this computer's internet connection and try again in a minute. If it keeps failing, the sign-in service may be down: try again later, or ask whoever set up Safe Delete for your firm.";

export interface IdentityApi {
  getRedirectURL(path?: string): string;
  launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
}

export type SignInResult =
  | { kind: 'ok'; realmId: string; tokens: BrokerTokens }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export function randomState(bytes = 24): string {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return [...a].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function signIn(deps: {
  identity: IdentityApi;
  broker: Broker;
  state?: () => string;
}): Promise<SignInResult> {
  const state = (deps.state ?? randomState)();
  const redirect = deps.identity.getRedirectURL();
  // Names this installation's key: the broker hands back the code wrapped for it, and exchange()
  // proves the key, so a code read off the redirect is useless anywhere else.
  const start = await deps.broker.startUrl(redirect, state);
  if (start === undefined) {
    return { kind: 'failed', message: "Safe Delete could not create this device's sign-in key. Try again." };
  }
  let responseUrl: string | undefined;
  try {
    responseUrl = await deps.identity.launchWebAuthFlow({ url: start, interactive: true });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // Chrome and Firefox report a closed window as an error.
    if (/cancel|closed|not approve|user/i.test(text)) return { kind: 'cancelled' };
    // "Authorization page could not be loaded": the browser could not open the sign-in page. Say
    // what to try, never the browser's own words.
    return { kind: 'failed', message: SIGN_IN_UNREACHABLE };
  }
  if (!responseUrl) return { kind: 'cancelled' };
  let url: URL;
  try {
    url = new URL(responseUrl);
  } catch {
    return { kind: 'failed', message: 'The sign-in came back with an address Safe Delete cannot read.' };
  }
  if (!responseUrl.startsWith(redirect))
    return { kind: 'failed', message: 'The sign-in came back to another address.' };
  const q = url.searchParams;
  if (q.get('state') !== state)
    return { kind: 'failed', message: 'The sign-in answer did not match this request. Try again.' };
  const error = q.get('error');
  if (error)
    return error === 'access_denied'
      ? { kind: 'cancelled' }
      : {
          kind: 'failed',
          message: `QuickBooks refused the sign-in (${error.slice(0, 64)}). Try again; if it keeps refusing, check that your Intuit user may connect apps to this company (company admin).`,
        };
  const code = q.get('code');
  const realmId = q.get('realmId');
  if (!code || !realmId || !isRealmId(realmId)) {
    return { kind: 'failed', message: 'The sign-in answer lacked the company or the code.' };
  }
  const exchanged = await deps.broker.exchange(code);
  if (exchanged.kind === 'invalidGrant')
    return { kind: 'failed', message: 'The sign-in expired before it finished. Try again.' };
  if (exchanged.kind === 'failed') return exchanged;
  if (exchanged.tokens.realmId && exchanged.tokens.realmId !== realmId) {
    return { kind: 'failed', message: 'The sign-in named two different companies. Try again.' };
  }
  return { kind: 'ok', realmId, tokens: exchanged.tokens };
}
