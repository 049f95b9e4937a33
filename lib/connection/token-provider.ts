/**
 * Access tokens that refresh themselves. A connection made by signing in refreshes its access token
 * a few minutes before it expires, and once after a 401. Only the background refreshes (the popup
 * and the full view only send messages), through this one provider per worker.
 *
 * Intuit rotates the refresh token on every refresh and the previous one stops working at once, so:
 * - One refresh at a time per company (single-flight): two racing with one token would leave one of
 *   them holding a dead token.
 * - The new refresh token is stored (awaited; the disk copy first) before the new access token is
 *   handed out. If the store refuses the write, the new tokens are held here, never the old refresh
 *   token sent again, and the write is tried again on the next need.
 * - A refresh that got no answer may have rotated at Intuit anyway (the answer was lost): one further
 *   try with the same token settles it — new tokens, or `invalid_grant`, which marks the connection
 *   "Reconnect" (its jobs wait for the sign-in). Never a loop: after an episode without an answer
 *   the company waits REFRESH_RETRY_MS (doubling up to REFRESH_RETRY_MAX_MS) before the broker is
 *   asked again, and a token fresh from a refresh that is refused (401) twice in a row is not
 *   refreshed again until a token lives to its expiry.
 * - Whatever path refreshes (a job, the popup's poll, the wake at the end of a backoff:
 *   token-wake.ts), `onRefreshed` says so, and the background resumes that company's jobs waiting
 *   for a token.
 */
import type { Broker } from './broker';
import { revokeQueued } from './revocation';
import { type ConnectionScope, connectionId, type TokenStore } from './token-store';

/** Refresh when the access token has less than this left. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** After a refresh episode without an answer, no broker call for this long (doubled per episode in a row). */
export const REFRESH_RETRY_MS = 60_000;
export const REFRESH_RETRY_MAX_MS = 30 * 60_000;

interface Rotated {
  from: string;
  access: string;
  tokenExpiresAt: number;
  refresh?: string;
  refreshExpiresAt?: number;
}

/** What the provider counts per company (memory only: a restarted worker starts afresh). */
interface Attempts {
  /** Refresh episodes in a row without an answer. */
  failures: number;
  /** Access tokens fresh from a refresh refused (401) in a row. */
  refused: number;
  /** No broker call before this time. */
  notBefore: number;
  /** The access token the last refresh gave. */
  issued?: string;
  /** Tokens Intuit issued that the store refused to write: the only valid refresh token now. */
  unsaved?: Rotated;
}

export function createTokenProvider(deps: {
  store: TokenStore;
  broker: Broker;
  now: () => number;
  onChange?: () => void;
  /** A refresh stored new tokens for this company (by whatever path it was asked for). */
  onRefreshed?: (scope: ConnectionScope) => void;
  /** Revokes a company's queued sign-ins (default: revokeQueued; the background passes its Revocations). */
  revoke?: (scope: ConnectionScope) => Promise<unknown>;
}) {
  const revoke = deps.revoke ?? ((scope: ConnectionScope) => revokeQueued(deps, scope));
  const inFlight = new Map<string, Promise<boolean>>();
  const attempts = new Map<string, Attempts>();
  const attemptsOf = (id: string): Attempts => {
    const known = attempts.get(id);
    if (known) return known;
    const fresh: Attempts = { failures: 0, refused: 0, notBefore: 0 };
    attempts.set(id, fresh);
    return fresh;
  };

  /** Stores a refresh's tokens; true when the new access token may go out. */
  async function keep(scope: ConnectionScope, a: Attempts, t: Rotated): Promise<boolean> {
    let outcome: Awaited<ReturnType<TokenStore['setTokens']>>;
    try {
      outcome = await deps.store.setTokens(scope, t, t.from);
    } catch {
      a.unsaved = t; // not on disk: hand nothing out, and never present the old refresh token again
      return false;
    }
    a.unsaved = undefined;
    if (outcome === 'stored') {
      a.issued = t.access;
      return true;
    }
    // Another sign-in (or Disconnect) replaced the one this refresh started from: end this one too.
    if (outcome === 'superseded') await revoke(scope);
    else if (t.refresh) await deps.broker.revoke(t.refresh);
    return false;
  }

  async function episode(scope: ConnectionScope, a: Attempts): Promise<boolean> {
    if (a.unsaved) return keep(scope, a, a.unsaved);
    if (deps.now() < a.notBefore) return false;
    const token = await deps.store.getRefreshToken(scope);
    if (!token) return false;
    let result = await deps.broker.refresh(token);
    if (result.kind === 'failed') result = await deps.broker.refresh(token); // the answer may have been lost
    if (result.kind === 'invalidGrant') {
      attempts.delete(connectionId(scope));
      await deps.store.markReconnect(scope, token);
      return false;
    }
    if (result.kind === 'failed') {
      a.failures += 1;
      a.notBefore = deps.now() + Math.min(REFRESH_RETRY_MS * 2 ** (a.failures - 1), REFRESH_RETRY_MAX_MS);
      return false;
    }
    a.failures = 0;
    const t = result.tokens;
    return keep(scope, a, {
      from: token,
      access: t.access,
      tokenExpiresAt: t.accessExpiresAt,
      refresh: t.refresh,
      refreshExpiresAt: t.refreshExpiresAt,
    });
  }

  function refresh(scope: ConnectionScope): Promise<boolean> {
    const id = connectionId(scope);
    const running = inFlight.get(id);
    if (running) return running;
    let fresh = false;
    const task = episode(scope, attemptsOf(id))
      .then((stored) => (fresh = stored))
      .finally(() => {
        inFlight.delete(id);
        deps.onChange?.();
        if (fresh) deps.onRefreshed?.(scope);
      });
    inFlight.set(id, task);
    return task;
  }

  return {
    refresh,
    /** Resolves once no refresh of this company is in flight (Disconnect revokes the newest token). */
    async settle(scope: ConnectionScope): Promise<void> {
      await inFlight.get(connectionId(scope))?.catch(() => undefined);
    },
    /** When the broker may be asked again for this company, if it is waiting out a backoff now. */
    retryAt(scope: ConnectionScope): number | undefined {
      const notBefore = attempts.get(connectionId(scope))?.notBefore ?? 0;
      return notBefore > deps.now() ? notBefore : undefined;
    },
    /** The access token for a company, refreshed first when it is (nearly) expired. */
    async getToken(scope: ConnectionScope): Promise<string | undefined> {
      const c = await deps.store.getConnection(scope);
      if (!c || c.needsReconnect || c.disconnecting) return undefined;
      const access = await deps.store.getToken(scope);
      const expiring = c.tokenExpiresAt !== undefined && c.tokenExpiresAt - deps.now() < REFRESH_MARGIN_MS;
      if (c.method === 'oauth' && (access === undefined || expiring)) {
        if (access !== undefined) attemptsOf(connectionId(scope)).refused = 0; // it lived to its expiry
        await refresh(scope);
        return deps.store.getToken(scope);
      }
      return access;
    },
    /** A call was refused (401) with `used`: drop it and, for a sign-in, refresh once. True if a new token is there. */
    async afterUnauthorized(scope: ConnectionScope, used: string | undefined): Promise<boolean> {
      await deps.store.dropToken(scope, used);
      const c = await deps.store.getConnection(scope);
      if (c?.method !== 'oauth' || c.disconnecting) return false;
      if (used !== undefined && (await deps.store.getToken(scope)) !== undefined) return true; // refreshed meanwhile
      const a = attemptsOf(connectionId(scope));
      // A token straight from a refresh refused: one more refresh can reveal a revoked sign-in
      // (invalid_grant → "Reconnect"); a second in a row would only rotate in a loop.
      if (used !== undefined && used === a.issued && ++a.refused > 1) return false;
      return refresh(scope);
    },
  };
}
export type TokenProvider = ReturnType<typeof createTokenProvider>;
