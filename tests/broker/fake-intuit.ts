/**
 * A small fake of Intuit's OAuth service for the broker's tests (NOT the simulator's OAuth server):
 * discovery at Intuit's non-standard path, an authorize endpoint that signs in at once and redirects
 * back with a code, a token endpoint that checks HTTP Basic client authentication, exchanges each code
 * once, rotates refresh tokens (the previous one stays valid for `refreshGraceMs`) and answers
 * `invalid_grant`, and a revocation endpoint that takes Intuit's JSON body {"token"}.
 *
 * `createFakeIntuit()` is the Hono app (usable in memory, e.g. as miniflare's outbound service);
 * `startFakeIntuit()` serves it on 127.0.0.1. Every request is recorded, every code and token issued
 * is listed, so tests can assert on what the broker sent and scan for leaks.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export const FAKE_SCOPE = 'com.intuit.quickbooks.accounting';
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 8_726_400;

export interface FakeIntuitOptions {
  clientId: string;
  clientSecret: string;
  /** The company every sign-in picks. */
  realmId?: string;
  /** How long a superseded refresh token keeps working (Intuit: about 24 h). */
  refreshGraceMs?: number;
  now?: () => number;
  /** Changes the discovery document (a foreign issuer or host); `base` is the fake's origin. */
  discoveryPatch?: (base: string) => Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

interface RefreshRecord {
  family: string;
  supersededAt?: number;
}

export interface FakeIntuit {
  app: Hono;
  requests: RecordedRequest[];
  /** Every code, access token and refresh token this fake ever issued. */
  issued: string[];
  /** The next authorize request is answered with this error instead of a code. */
  denyNext: (error: string) => void;
  /** Revoke every token of the family this refresh (or access) token belongs to. */
  revoke: (token: string) => void;
}

let counter = 0;
const mint = (prefix: string): string => `${prefix}-${++counter}-${crypto.randomUUID()}`;

export function createFakeIntuit(options: FakeIntuitOptions): FakeIntuit {
  const now = options.now ?? (() => Date.now());
  const realmId = options.realmId ?? '9341452000001';
  const grace = options.refreshGraceMs ?? 86_400_000;
  const expectedAuth = `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`;
  const codes = new Map<string, { redirectUri: string }>();
  const refreshTokens = new Map<string, RefreshRecord>();
  const accessFamilies = new Map<string, string>();
  const revokedFamilies = new Set<string>();
  const requests: RecordedRequest[] = [];
  const issued: string[] = [];
  let deny: string | undefined;

  const issue = (family: string) => {
    const access_token = mint('AT');
    const refresh_token = mint('RT');
    issued.push(access_token, refresh_token);
    accessFamilies.set(access_token, family);
    refreshTokens.set(refresh_token, { family });
    return {
      token_type: 'bearer',
      access_token,
      refresh_token,
      expires_in: ACCESS_TOKEN_SECONDS,
      x_refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    };
  };
  const revoke = (token: string): void => {
    const family = refreshTokens.get(token)?.family ?? accessFamilies.get(token);
    if (family) revokedFamilies.add(family);
  };

  const app = new Hono();
  app.use(async (c, next) => {
    const body = c.req.method === 'GET' ? '' : await c.req.raw.clone().text();
    requests.push({
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      authorization: c.req.header('authorization'),
      contentType: c.req.header('content-type'),
      body,
    });
    await next();
  });

  app.get('/.well-known/openid_configuration', (c) => {
    const base = new URL(c.req.url).origin;
    return c.json({
      issuer: `${base}/op/v1`,
      authorization_endpoint: `${base}/connect/oauth2`,
      token_endpoint: `${base}/oauth2/v1/tokens/bearer`,
      userinfo_endpoint: `${base}/v1/openid_connect/userinfo`,
      revocation_endpoint: `${base}/v2/oauth2/tokens/revoke`,
      jwks_uri: `${base}/op/v1/jwks`,
      response_types_supported: ['code'],
      scopes_supported: ['openid', 'email', 'profile', FAKE_SCOPE],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      ...options.discoveryPatch?.(base),
    });
  });

  app.get('/connect/oauth2', (c) => {
    const q = c.req.query();
    if (q.client_id !== options.clientId || q.response_type !== 'code' || q.scope !== FAKE_SCOPE || !q.redirect_uri) {
      return c.text('bad authorize request', 400);
    }
    const back = new URL(q.redirect_uri);
    if (deny) {
      back.searchParams.set('error', deny);
      deny = undefined;
    } else {
      const code = mint('CODE');
      issued.push(code);
      codes.set(code, { redirectUri: q.redirect_uri });
      back.searchParams.set('code', code);
      back.searchParams.set('realmId', realmId);
    }
    if (q.state !== undefined) back.searchParams.set('state', q.state);
    return c.redirect(back.href, 302);
  });

  app.post('/oauth2/v1/tokens/bearer', async (c) => {
    if (c.req.header('authorization') !== expectedAuth) return c.json({ error: 'invalid_client' }, 401);
    const form = new URLSearchParams(await c.req.text());
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri')) return c.json({ error: 'invalid_grant' }, 400);
      codes.delete(form.get('code') ?? '');
      return c.json(issue(crypto.randomUUID()));
    }
    if (grant === 'refresh_token') {
      const record = refreshTokens.get(form.get('refresh_token') ?? '');
      const alive =
        record !== undefined &&
        !revokedFamilies.has(record.family) &&
        (record.supersededAt === undefined || now() - record.supersededAt < grace);
      if (!record || !alive) return c.json({ error: 'invalid_grant' }, 400);
      record.supersededAt ??= now();
      return c.json(issue(record.family));
    }
    return c.json({ error: 'unsupported_grant_type' }, 400);
  });

  app.post('/v2/oauth2/tokens/revoke', async (c) => {
    if (c.req.header('authorization') !== expectedAuth) return c.json({ error: 'invalid_client' }, 401);
    if (!c.req.header('content-type')?.startsWith('application/json')) return c.json({ error: 'invalid_request' }, 400);
    const body = (await c.req.json().catch(() => ({}))) as { token?: unknown };
    if (typeof body.token !== 'string') return c.json({ error: 'invalid_request' }, 400);
    revoke(body.token);
    return c.body(null, 200);
  });

  return {
    app,
    requests,
    issued,
    denyNext: (error) => {
      deny = error;
    },
    revoke,
  };
}

export interface RunningFakeIntuit extends FakeIntuit {
  url: string;
  discoveryUrl: string;
  close: () => Promise<void>;
}

export async function startFakeIntuit(options: FakeIntuitOptions): Promise<RunningFakeIntuit> {
  const fake = createFakeIntuit(options);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: fake.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    s.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...fake,
    url,
    discoveryUrl: `${url}/.well-known/openid_configuration`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
