/**
 * The extension's side of the token broker (broker/): it turns an authorization code into tokens,
 * refreshes and revokes them, holding the app's client secret so the extension never does. Every
 * answer is validated; a refresh refused with `invalid_grant` is told apart (the person must sign in
 * again); redirects are never followed (a token must not travel to another host).
 *
 * Only this installation can use what the broker hands out: sign-in starts with the installation
 * key's thumbprint (`jkt`), every call carries a `DPoP` proof signed by that key
 * (installation-key.ts), and the code and refresh token come back wrapped for it. The extension
 * stores the wrapped refresh token as it is (opaque); one stored before wrapping existed is refused
 * by the broker with invalid_grant, which shows "Reconnect".
 *
 * Such a token (raw, or wrapped for a key this installation no longer holds) cannot be revoked
 * through the broker either: `revoke` says `unrevocable`, apart from a revoke that may work later
 * (`failed`: no answer, a 5xx, a rate limit, a proof refused for the time).
 */
import { z } from 'zod';
import { DIGITS_ID } from '../domain/ids';
import type { InstallationKey } from './installation-key';

const TokensSchema = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().min(1).max(8192).optional(),
  expires_in: z.number().int().positive().max(86_400),
  x_refresh_token_expires_in: z.number().int().positive().optional(),
  realmId: z.string().regex(DIGITS_ID).optional(),
});
const ErrorSchema = z.object({ error: z.string() });
export interface BrokerTokens {
  access: string;
  refresh?: string;
  /** Epoch ms. */
  accessExpiresAt: number;
  refreshExpiresAt?: number;
  realmId?: string;
}
export type BrokerResult =
  | { kind: 'ok'; tokens: BrokerTokens }
  | { kind: 'invalidGrant' }
  | { kind: 'failed'; message: string };

export type RevokeResult =
  | { kind: 'revoked' }
  /** The broker will never take this token from this installation: it must be ended at Intuit by hand. */
  | { kind: 'unrevocable' }
  | { kind: 'failed'; message: string };

export interface Broker {
  /**
   * Where launchWebAuthFlow starts: the broker's /oauth/start for this extension redirect, state and
   * installation key; undefined when the key cannot be made or read (IndexedDB unavailable).
   */
  startUrl(redirectUri: string, state: string): Promise<string | undefined>;
  exchange(code: string): Promise<BrokerResult>;
  refresh(refreshToken: string): Promise<BrokerResult>;
  revoke(token: string): Promise<RevokeResult>;
}

const NO_KEY = "Safe Delete could not read this device's sign-in key. Restart the browser, then try again.";
const PROOF_REFUSED =
  "The sign-in service refused this device's proof. Check that the computer's date and time are right, then try again.";

export function createBroker(options: {
  baseUrl: string;
  fetch?: typeof fetch;
  now: () => number;
  key: InstallationKey;
}): Broker {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  /** The broker's answer, or why there is none. */
  async function post(path: string, body: unknown): Promise<Response | string> {
    let proof: string;
    try {
      // A fresh proof per call: the broker refuses a replayed one.
      proof = await options.key.proof('POST', `${base}${path}`);
    } catch {
      return NO_KEY;
    }
    try {
      return await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', dpop: proof },
        body: JSON.stringify(body),
        redirect: 'error',
        credentials: 'omit',
      });
    } catch {
      return 'The sign-in service could not be reached.';
    }
  }
  /** A non-2xx answer: invalid_grant, or why the call failed; undefined for a 2xx. */
  function refusal(
    res: Response,
    json: unknown,
  ): { kind: 'invalidGrant' } | { kind: 'failed'; message: string } | undefined {
    const error = ErrorSchema.safeParse(json).data?.error;
    if (res.status === 400 && error === 'invalid_grant') return { kind: 'invalidGrant' };
    if (res.status === 401 && error === 'invalid_proof') return { kind: 'failed', message: PROOF_REFUSED };
    if (res.status === 429) return { kind: 'failed', message: 'The sign-in service is busy. Try again in a minute.' };
    if (!res.ok) return { kind: 'failed', message: `The sign-in service answered ${res.status}.` };
    return undefined;
  }
  async function tokens(path: string, body: unknown): Promise<BrokerResult> {
    const res = await post(path, body);
    if (typeof res === 'string') return { kind: 'failed', message: res };
    const json: unknown = await res.json().catch(() => undefined);
    const refused = refusal(res, json);
    if (refused) return refused;
    const parsed = TokensSchema.safeParse(json);
    if (!parsed.success)
      return { kind: 'failed', message: 'The sign-in service sent an answer Safe Delete cannot read.' };
    const t = parsed.data;
    const now = options.now();
    return {
      kind: 'ok',
      tokens: {
        access: t.access_token,
        refresh: t.refresh_token,
        accessExpiresAt: now + t.expires_in * 1000,
        refreshExpiresAt: t.x_refresh_token_expires_in ? now + t.x_refresh_token_expires_in * 1000 : undefined,
        realmId: t.realmId,
      },
    };
  }
  /**
   * A refresh token wrapped for a key this installation no longer holds (IndexedDB lost it): only a
   * new sign-in helps, so it is told apart from a proof refused for the time (the broker answers
   * both with invalid_proof). `sdw1.<thumbprint>.…` is the broker's wrapped form (broker/src/wrap.ts).
   */
  async function boundToAnotherKey(token: string): Promise<boolean> {
    const bound = /^sdw1\.([A-Za-z0-9_-]{43})\./.exec(token)?.[1];
    if (bound === undefined) return false;
    const own = await options.key.thumbprint().catch(() => undefined);
    return own !== undefined && own !== bound;
  }
  return {
    async startUrl(redirectUri, state) {
      const jkt = await options.key.thumbprint().catch(() => undefined);
      if (jkt === undefined) return undefined;
      const q = new URLSearchParams({ redirect_uri: redirectUri, state, jkt });
      return `${base}/oauth/start?${q}`;
    },
    exchange: (code) => tokens('/oauth/token', { code }),
    refresh: async (refreshToken) =>
      (await boundToAnotherKey(refreshToken))
        ? { kind: 'invalidGrant' }
        : tokens('/oauth/refresh', { refresh_token: refreshToken }),
    async revoke(token) {
      const res = await post('/oauth/revoke', { token });
      if (typeof res === 'string') return { kind: 'failed', message: res };
      const refused = refusal(res, await res.json().catch(() => undefined));
      if (!refused) return { kind: 'revoked' };
      // invalid_grant: a token the broker cannot unwrap (raw from before wrapping, wrapped under
      // another BROKER_WRAP_KEY; rarely one Intuit itself calls dead). invalid_proof for a token bound
      // to another key: this installation can never present it. No later try helps either. An
      // invalid_proof for this installation's own key is a proof refused for now (the clock): retried.
      if (refused.kind === 'invalidGrant') return { kind: 'unrevocable' };
      if (refused.message === PROOF_REFUSED && (await boundToAnotherKey(token))) return { kind: 'unrevocable' };
      return refused;
    },
  };
}
