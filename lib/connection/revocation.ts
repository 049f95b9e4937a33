/**
 * Ending sign-ins at Intuit. A sign-in ends here when the person presses Disconnect, or when a new
 * sign-in or a pasted token replaces it: its refresh token is queued (token-store's `revoke` list)
 * and revoked through the broker. A revoke that does not reach Intuit (network, 5xx) leaves the token
 * queued, and the company shows "Safe Delete could not reach Intuit to end the sign-in. Try again"
 * until a revoke succeeds: a grant must never stay alive silently.
 *
 * A token the broker will never revoke for this installation (stored raw before tokens were wrapped,
 * or wrapped for a key this installation no longer holds) would stay on "Try again" for ever: it
 * leaves the queue, and the company says instead how to end that sign-in in QuickBooks, until the
 * person dismisses it (token-store's `endInQuickBooks`). Such a token is useless to anyone without
 * the broker's secret or that key, but it is still a live grant at Intuit, so the person is told.
 *
 * Disconnect, decided as a bookkeeper would want it: the company stops at once (its access token is
 * dropped, no job or check can call it, it is no longer the popup's default), but the connection is
 * forgotten only once Intuit confirmed the revoke; until then it is kept, marked, holding nothing but
 * the token to revoke. Forgetting it silently would leave a grant able to delete for 100 days with
 * nothing on this device to end it.
 */
import type { Broker } from './broker';
import { type ConnectionScope, connectionId, type TokenStore } from './token-store';

export interface RevocationDeps {
  store: TokenStore;
  broker: Pick<Broker, 'revoke'>;
}

/**
 * Revokes every queued refresh token of a company (a disconnected company with none left and nothing
 * to end in QuickBooks is then forgotten). True when none is left.
 */
export async function revokeQueued(deps: RevocationDeps, scope: ConnectionScope): Promise<boolean> {
  for (const token of await deps.store.pendingRevokes(scope)) {
    const result = await deps.broker.revoke(token);
    if (result.kind !== 'failed') await deps.store.revoked(scope, token, result.kind === 'unrevocable');
  }
  const left = (await deps.store.pendingRevokes(scope)).length;
  await deps.store.forgetDisconnected(scope);
  return left === 0;
}

export function createRevocations(deps: RevocationDeps & { settle?: (scope: ConnectionScope) => Promise<void> }) {
  /** Companies whose revoke is being sent now (not shown as failed meanwhile). */
  const sending = new Map<string, Promise<boolean>>();

  function run(scope: ConnectionScope): Promise<boolean> {
    const id = connectionId(scope);
    const running = sending.get(id);
    if (running) return running;
    const task = revokeQueued(deps, scope).finally(() => sending.delete(id));
    sending.set(id, task);
    return task;
  }

  return {
    /** Revokes what is queued for a company (after a replaced sign-in, or "Try again"). True when none is left. */
    retry: run,
    /**
     * Disconnect: nothing calls the company from now on; its sign-in is revoked at Intuit, then the
     * company is forgotten. 'pending': Intuit could not be reached (kept, shown with "Try again").
     */
    async disconnect(scope: ConnectionScope): Promise<'done' | 'pending'> {
      await deps.settle?.(scope); // a refresh in flight lands first: its new token is the one to revoke
      await deps.store.beginDisconnect(scope);
      return (await run(scope)) ? 'done' : 'pending';
    },
    /** Queued revokes not being sent right now: the company shows the error and "Try again". */
    async failed(scope: ConnectionScope): Promise<boolean> {
      return !sending.has(connectionId(scope)) && (await deps.store.pendingRevokes(scope)).length > 0;
    },
  };
}
export type Revocations = ReturnType<typeof createRevocations>;
