/**
 * Access tokens that refresh themselves. A connection made by signing in refreshes its access token
 * a few minutes before it expires, and once after a 401. One refresh at a time per company
 * (single-flight): the refresh token rotates on every use, so two refreshes racing with the same
 * token would leave one of them holding a token the other already replaced. A refresh refused with
 * `invalid_grant` marks the connection "Reconnect" and drops its secrets.
 */
import type { Broker } from './broker';
import { type ConnectionScope, connectionId, type TokenStore } from './token-store';

/** Refresh when the access token has less than this left. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export function createTokenProvider(deps: {
  store: TokenStore;
  broker: Broker;
  now: () => number;
  onChange?: () => void;
}) {
  const inFlight = new Map<string, Promise<boolean>>();

  function refresh(scope: ConnectionScope): Promise<boolean> {
    const id = connectionId(scope);
    const running = inFlight.get(id);
    if (running) return running;
    const task = (async () => {
      const token = await deps.store.getRefreshToken(scope);
      if (!token) return false;
      const result = await deps.broker.refresh(token);
      if (result.kind === 'ok') {
        await deps.store.setTokens(scope, {
          access: result.tokens.access,
          tokenExpiresAt: result.tokens.accessExpiresAt,
          refresh: result.tokens.refresh,
          refreshExpiresAt: result.tokens.refreshExpiresAt,
        });
        return true;
      }
      if (result.kind === 'invalidGrant') await deps.store.markReconnect(scope);
      return false;
    })().finally(() => {
      inFlight.delete(id);
      deps.onChange?.();
    });
    inFlight.set(id, task);
    return task;
  }

  return {
    refresh,
    /** The access token for a company, refreshed first when it is (nearly) expired. */
    async getToken(scope: ConnectionScope): Promise<string | undefined> {
      const c = await deps.store.getConnection(scope);
      if (!c || c.needsReconnect) return undefined;
      const access = await deps.store.getToken(scope);
      const expiring = c.tokenExpiresAt !== undefined && c.tokenExpiresAt - deps.now() < REFRESH_MARGIN_MS;
      if (c.method === 'oauth' && (access === undefined || expiring)) {
        await refresh(scope);
        return deps.store.getToken(scope);
      }
      return access;
    },
    /** A call was refused (401) with `used`: drop it and, for a sign-in, refresh once. True if a new token is there. */
    async afterUnauthorized(scope: ConnectionScope, used: string | undefined): Promise<boolean> {
      await deps.store.dropToken(scope, used);
      const c = await deps.store.getConnection(scope);
      if (c?.method !== 'oauth') return false;
      if (used !== undefined && (await deps.store.getToken(scope)) !== undefined) return true; // refreshed meanwhile
      return refresh(scope);
    },
  };
}
export type TokenProvider = ReturnType<typeof createTokenProvider>;
