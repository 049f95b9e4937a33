/**
 * The authorization server's state: registered apps (clients), sign-in sessions of the authorize
 * page, authorization codes, grants (one per code exchange) with their refresh-token families, and
 * grant counts per company. Access tokens live in the API's token store (store.ts) so the /v3
 * routes accept them for the grant's company only.
 *
 * Decisions where the documents are silent (never kinder than the service):
 * - A code is single-use: any presentation by its client consumes it, even one refused for a wrong
 *   redirect_uri or for expiry; presenting a used code again also revokes the grant it produced
 *   (RFC 6749 §4.1.2). Codes live 10 minutes of the injected clock.
 * - Every refresh returns a NEW refresh token (the service may keep the same one for a while); the
 *   token(s) it supersedes stop working at once (`refreshGraceMs`, default 0: Intuit documents
 *   that the previous refresh token stops when a new one is returned), then → invalid_grant. Each
 *   new refresh token lives `refreshTokenLifetimeMs` (rolling), capped at five years from the grant.
 * - Revoking either token of a grant (or `revokeGrants`) kills the whole family: every refresh token
 *   and every access token the grant ever produced.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthClient, OAuthStats } from './api';
import { createClientRegistry } from './oauth-clients';
import type { Store } from './store';

export const AUTH_CODE_LIFETIME_MS = 600_000;
export const AUTH_SESSION_LIFETIME_MS = 1_800_000;
export const GRANT_HARD_CAP_MS = 5 * 365 * 86_400_000;
export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
export const KNOWN_SCOPES = [
  ACCOUNTING_SCOPE,
  'com.intuit.quickbooks.payment',
  'openid',
  'profile',
  'email',
  'phone',
  'address',
] as const;
export const DEFAULT_APP_NAME = 'Safe Delete for QuickBooks Online';

export interface OAuthConfig {
  accessTokenLifetimeMs: number;
  refreshTokenLifetimeMs: number;
  refreshGraceMs: number;
}

export type AuthStep = 'signin' | 'company' | 'consent';

export interface AuthSession {
  id: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  step: AuthStep;
  email?: string;
  realmId?: string;
  createdAt: number;
}

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  realmId: string;
  scope: string;
  email: string;
  expiresAt: number;
  used: boolean;
  grantId?: string;
}

export interface Grant {
  id: string;
  clientId: string;
  realmId: string;
  scope: string;
  email: string;
  createdAt: number;
  revoked: boolean;
  accessTokens: string[];
  refreshTokens: string[];
}

interface RefreshRecord {
  grantId: string;
  expiresAt: number;
  supersededAt?: number;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  x_refresh_token_expires_in: number;
}

export type GrantResult = { ok: true; body: TokenResponse } | { ok: false; error: 'invalid_grant' };

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alnum = (n: number): string => [...randomBytes(n)].map((b) => ALNUM[b % ALNUM.length]).join('');

const emptyStats = (): OAuthStats => ({ codeExchanges: 0, refreshes: 0, revocations: 0, invalidGrants: 0 });

export function createOAuthStore(store: Store, now: () => number, config: () => OAuthConfig) {
  const clients = createClientRegistry();
  const sessions = new Map<string, AuthSession>();
  const codes = new Map<string, CodeRecord>();
  const grants = new Map<string, Grant>();
  const refreshTokens = new Map<string, RefreshRecord>();
  const accessGrants = new Map<string, string>(); // access token → grant id
  const totals = emptyStats();
  const perRealm = new Map<string, OAuthStats>();

  const bump = (realmId: string | undefined, field: keyof OAuthStats): void => {
    totals[field] += 1;
    if (realmId === undefined) return;
    const s = perRealm.get(realmId) ?? emptyStats();
    s[field] += 1;
    perRealm.set(realmId, s);
  };
  const refuse = (realmId: string | undefined): GrantResult => {
    bump(realmId, 'invalidGrants');
    return { ok: false, error: 'invalid_grant' };
  };

  const revokeGrant = (grant: Grant): boolean => {
    if (grant.revoked) return false;
    grant.revoked = true;
    for (const token of grant.accessTokens) store.revokeToken(token);
    return true;
  };

  /** A new access token and a new refresh token for the grant; the family's newest so far is superseded. */
  const issue = (grant: Grant): TokenResponse => {
    const t = now();
    const cfg = config();
    const access = store.issueAccessToken(grant.realmId, t + cfg.accessTokenLifetimeMs);
    grant.accessTokens.push(access);
    accessGrants.set(access, grant.id);
    for (const value of grant.refreshTokens) {
      const rec = refreshTokens.get(value);
      if (rec && rec.supersededAt === undefined) rec.supersededAt = t;
    }
    const expiresAt = Math.min(t + cfg.refreshTokenLifetimeMs, grant.createdAt + GRANT_HARD_CAP_MS);
    const refresh = `AB11${Math.floor(expiresAt / 1000)}${alnum(36)}`;
    refreshTokens.set(refresh, { grantId: grant.id, expiresAt });
    grant.refreshTokens.push(refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: Math.round(cfg.accessTokenLifetimeMs / 1000),
      x_refresh_token_expires_in: Math.floor((expiresAt - t) / 1000),
    };
  };

  const grantOf = (token: string): Grant | undefined => {
    const id = refreshTokens.get(token)?.grantId ?? accessGrants.get(token);
    return id === undefined ? undefined : grants.get(id);
  };

  return {
    registerClient: (client: OAuthClient): void => clients.register(client),
    client: (clientId: string): OAuthClient | undefined => clients.get(clientId),
    /** HTTP Basic client authentication (the only method the token endpoint takes). */
    authenticateClient: (authorization: string | undefined): OAuthClient | undefined =>
      clients.authenticate(authorization),

    openSession(fields: Omit<AuthSession, 'id' | 'step' | 'createdAt'>): AuthSession {
      const session: AuthSession = {
        ...fields,
        id: randomBytes(24).toString('base64url'),
        step: 'signin',
        createdAt: now(),
      };
      sessions.set(session.id, session);
      return session;
    },

    /** A live sign-in session (30 minutes of the injected clock), or undefined. */
    session(id: string): AuthSession | undefined {
      const session = sessions.get(id);
      if (session && now() >= session.createdAt + AUTH_SESSION_LIFETIME_MS) sessions.delete(id);
      return sessions.get(id);
    },

    closeSession: (id: string): void => {
      sessions.delete(id);
    },

    /** The authorization code for a consented session (which then ends). */
    issueCode(session: AuthSession): string {
      const t = now();
      const code = `AB11${Math.floor(t / 1000)}${alnum(36)}`;
      codes.set(code, {
        clientId: session.clientId,
        redirectUri: session.redirectUri,
        realmId: session.realmId ?? '',
        scope: session.scope,
        email: session.email ?? '',
        expiresAt: t + AUTH_CODE_LIFETIME_MS,
        used: false,
      });
      sessions.delete(session.id);
      return code;
    },

    exchangeCode(client: OAuthClient, code: string, redirectUri: string): GrantResult {
      const rec = codes.get(code);
      if (!rec || rec.clientId !== client.clientId) return refuse(rec?.realmId);
      if (rec.used) {
        const earlier = rec.grantId === undefined ? undefined : grants.get(rec.grantId);
        if (earlier) revokeGrant(earlier);
        return refuse(rec.realmId);
      }
      rec.used = true;
      if (now() >= rec.expiresAt || rec.redirectUri !== redirectUri) return refuse(rec.realmId);
      const grant: Grant = {
        id: randomBytes(12).toString('hex'),
        clientId: client.clientId,
        realmId: rec.realmId,
        scope: rec.scope,
        email: rec.email,
        createdAt: now(),
        revoked: false,
        accessTokens: [],
        refreshTokens: [],
      };
      grants.set(grant.id, grant);
      rec.grantId = grant.id;
      bump(grant.realmId, 'codeExchanges');
      return { ok: true, body: issue(grant) };
    },

    refresh(client: OAuthClient, token: string): GrantResult {
      const rec = refreshTokens.get(token);
      const grant = rec ? grants.get(rec.grantId) : undefined;
      if (!rec || !grant || grant.revoked || grant.clientId !== client.clientId) return refuse(grant?.realmId);
      const t = now();
      const graceOver = rec.supersededAt !== undefined && t >= rec.supersededAt + config().refreshGraceMs;
      if (t >= rec.expiresAt || graceOver) return refuse(grant.realmId);
      bump(grant.realmId, 'refreshes');
      return { ok: true, body: issue(grant) };
    },

    /** Revocation endpoint: either token of a grant kills the family. Unknown tokens: nothing to do. */
    revoke(client: OAuthClient, token: string): 'revoked' | 'unknown' | 'other-client' {
      const grant = grantOf(token);
      if (!grant) return 'unknown';
      if (grant.clientId !== client.clientId) return 'other-client';
      if (revokeGrant(grant)) bump(grant.realmId, 'revocations');
      return 'revoked';
    },

    /** The person revokes the app at the service: every grant of the company dies. */
    revokeGrants(realmId: string): number {
      let n = 0;
      for (const grant of grants.values()) if (grant.realmId === realmId && revokeGrant(grant)) n += 1;
      return n;
    },

    stats: (realmId?: string): OAuthStats => ({
      ...(realmId === undefined ? totals : (perRealm.get(realmId) ?? emptyStats())),
    }),

    /** The grant of a live (unexpired, unrevoked) access token, for userinfo. */
    liveAccessGrant(token: string, defaultLifetimeMs: number): Grant | undefined {
      const id = accessGrants.get(token);
      if (id === undefined || store.tokenStatus(token, defaultLifetimeMs) !== 'ok') return undefined;
      return grants.get(id);
    },
  };
}

export type OAuthStore = ReturnType<typeof createOAuthStore>;
