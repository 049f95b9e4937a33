/**
 * The OAuth 2.0 authorization server, on the service's paths (told apart by path, never by host):
 *   GET  /.well-known/openid_configuration, /.well-known/openid_sandbox_configuration  discovery
 *   GET|POST /connect/oauth2           authorize (oauth-authorize.ts)
 *   POST /oauth2/v1/tokens/bearer      token: authorization_code, refresh_token (HTTP Basic client auth only)
 *   POST /v2/oauth2/tokens/revoke      revocation (Basic; JSON {"token"}, or a form's token=)
 *   GET  /v1/openid_connect/userinfo   minimal userinfo (needs the openid scope)
 *   GET  /op/v1/jwks                   an empty key set (no id_token is ever issued)
 * Discovery names endpoints on the origin the discovery request came to (scheme + Host), so a
 * client that fetched it from the simulator's loopback URL talks to it directly, and one that
 * fetched it through a mapped service host name stays on that host name.
 *
 * Decisions where the documents are silent (never kinder than the service):
 * - Token endpoint: client authentication first (missing/wrong Basic, or client_secret in the body
 *   instead → 401 invalid_client); then the body must be a form (else 400 invalid_request); a
 *   parameter given twice → invalid_request; unknown grant_type → unsupported_grant_type.
 * - No CORS on any of these (the token endpoint has none at the service).
 * - Revocation: a token unknown to the server → 200 (RFC 7009); a token of another app → 400
 *   unauthorized_client, nothing revoked.
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { mountAuthorize } from './oauth-authorize';
import { KNOWN_SCOPES, type OAuthStore } from './oauth-store';
import type { SimState } from './state';

export const TOKEN_PATH = '/oauth2/v1/tokens/bearer';
export const REVOKE_PATH = '/v2/oauth2/tokens/revoke';
export const USERINFO_PATH = '/v1/openid_connect/userinfo';
export const JWKS_PATH = '/op/v1/jwks';
export const DISCOVERY_PATHS = ['/.well-known/openid_configuration', '/.well-known/openid_sandbox_configuration'];

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function discoveryDocument(origin: string, authorizeOrigin = origin): Record<string, unknown> {
  return {
    issuer: `${origin}/op/v1`,
    authorization_endpoint: `${authorizeOrigin}/connect/oauth2`,
    token_endpoint: `${origin}${TOKEN_PATH}`,
    userinfo_endpoint: `${origin}${USERINFO_PATH}`,
    revocation_endpoint: `${origin}${REVOKE_PATH}`,
    jwks_uri: `${origin}${JWKS_PATH}`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    scopes_supported: [...KNOWN_SCOPES],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
    claims_supported: ['sub', 'email', 'emailVerified'],
  };
}

function oauthError(c: Context, status: 400 | 401 | 403, error: string, scheme = 'Basic'): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (status === 401) headers['WWW-Authenticate'] = `${scheme} realm="Intuit"`;
  return c.json({ error }, status, headers);
}

const isForm = (c: Context): boolean =>
  (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

function mountToken(app: Hono, oauth: OAuthStore): void {
  app.post(TOKEN_PATH, async (c) => {
    const client = oauth.authenticateClient(c.req.header('Authorization'));
    if (!client) return oauthError(c, 401, 'invalid_client');
    if (!isForm(c)) return oauthError(c, 400, 'invalid_request');
    const form = new URLSearchParams(await c.req.text());
    if (form.has('client_secret')) return oauthError(c, 401, 'invalid_client');
    if ([...new Set(form.keys())].some((k) => form.getAll(k).length > 1)) return oauthError(c, 400, 'invalid_request');
    const grantType = form.get('grant_type');
    let result: ReturnType<OAuthStore['refresh']>;
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      if (!code || !redirectUri) return oauthError(c, 400, 'invalid_request');
      result = oauth.exchangeCode(client, code, redirectUri);
    } else if (grantType === 'refresh_token') {
      const token = form.get('refresh_token');
      if (!token) return oauthError(c, 400, 'invalid_request');
      result = oauth.refresh(client, token);
    } else {
      return oauthError(c, 400, grantType ? 'unsupported_grant_type' : 'invalid_request');
    }
    return result.ok ? c.json(result.body, 200, NO_STORE) : oauthError(c, 400, result.error);
  });
}

function mountRevoke(app: Hono, oauth: OAuthStore): void {
  app.post(REVOKE_PATH, async (c) => {
    const client = oauth.authenticateClient(c.req.header('Authorization'));
    if (!client) return oauthError(c, 401, 'invalid_client');
    const text = await c.req.text();
    let token: unknown;
    if ((c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json')) {
      try {
        token = (JSON.parse(text) as { token?: unknown } | null)?.token;
      } catch {
        return oauthError(c, 400, 'invalid_request');
      }
    } else if (isForm(c)) {
      token = new URLSearchParams(text).get('token');
    }
    if (typeof token !== 'string' || !token) return oauthError(c, 400, 'invalid_request');
    if (oauth.revoke(client, token) === 'other-client') return oauthError(c, 400, 'unauthorized_client');
    return c.body(null, 200, NO_STORE);
  });
}

export function mountOAuth(app: Hono, state: SimState): void {
  for (const path of DISCOVERY_PATHS) {
    app.get(path, (c) => {
      const origin = new URL(c.req.url).origin;
      return c.json(discoveryDocument(origin, state.config.authorizeOrigin ?? origin));
    });
  }
  app.get(JWKS_PATH, (c) => c.json({ keys: [] }));
  mountAuthorize(app, state);
  mountToken(app, state.oauth);
  mountRevoke(app, state.oauth);
  app.get(USERINFO_PATH, (c) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    const grant = match?.[1] ? state.oauth.liveAccessGrant(match[1], state.config.tokenLifetimeMs) : undefined;
    if (!grant) return oauthError(c, 401, 'invalid_token', 'Bearer');
    if (!grant.scope.split(' ').includes('openid')) return oauthError(c, 403, 'insufficient_scope');
    const sub = createHash('sha256').update(grant.email).digest('hex').slice(0, 32);
    return c.json({ sub, email: grant.email, emailVerified: true });
  });
}
