/**
 * The extension's side of the token broker (broker/): it turns an authorization code into tokens,
 * refreshes and revokes them, holding the app's client secret so the extension never does. Every
 * answer is validated; a refresh refused with `invalid_grant` is told apart (the person must sign in
 * again); redirects are never followed (a token must not travel to another host).
 */
import { z } from 'zod';
import { DIGITS_ID } from '../domain/ids';

const TokensSchema = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().min(1).max(8192).optional(),
  expires_in: z.number().int().positive().max(86_400),
  x_refresh_token_expires_in: z.number().int().positive().optional(),
  realmId: z.string().regex(DIGITS_ID).optional(),
});
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

export interface Broker {
  /** Where launchWebAuthFlow starts: the broker's /oauth/start for this extension redirect and state. */
  startUrl(redirectUri: string, state: string): string;
  exchange(code: string): Promise<BrokerResult>;
  refresh(refreshToken: string): Promise<BrokerResult>;
  revoke(token: string): Promise<boolean>;
}

export function createBroker(options: { baseUrl: string; fetch?: typeof fetch; now: () => number }): Broker {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  async function post(path: string, body: unknown): Promise<Response | undefined> {
    try {
      return await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'error',
        credentials: 'omit',
      });
    } catch {
      return undefined;
    }
  }
  async function tokens(path: string, body: unknown): Promise<BrokerResult> {
    const res = await post(path, body);
    if (!res) return { kind: 'failed', message: 'The sign-in service could not be reached.' };
    const json: unknown = await res.json().catch(() => undefined);
    if (res.status === 400 && (json as { error?: unknown } | undefined)?.error === 'invalid_grant') {
      return { kind: 'invalidGrant' };
    }
    if (!res.ok) return { kind: 'failed', message: `The sign-in service answered ${res.status}.` };
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
  return {
    startUrl(redirectUri, state) {
      const q = new URLSearchParams({ redirect_uri: redirectUri, state });
      return `${base}/oauth/start?${q}`;
    },
    exchange: (code) => tokens('/oauth/token', { code }),
    refresh: (refreshToken) => tokens('/oauth/refresh', { refresh_token: refreshToken }),
    async revoke(token) {
      const res = await post('/oauth/revoke', { token });
      return res?.ok ?? false;
    },
  };
}
