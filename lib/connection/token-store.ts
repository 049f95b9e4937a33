/**
 * Connections, one per company and environment, and their secrets. The secrets live only in the
 * background's storage: storage.session (memory, not readable by content scripts: access level
 * TRUSTED_CONTEXTS) by default, storage.local only when the person opts in ("Remember on this
 * device" for a pasted token, "Stay connected on this device" for a sign-in). The non-secret part
 * of each connection (company, environment, how it was made, expiries) is in storage.local so the
 * popup can show it after a browser restart.
 *
 * A connection made by signing in with Intuit holds a refresh token (the long-lived secret: ~100
 * days, rotated on every use) next to its access token (1 hour); a pasted token has no refresh.
 *
 * A sign-in that ends here (Disconnect, or replaced by a new sign-in or a pasted token) must end at
 * Intuit too: its refresh token moves to the connection's `revoke` list and stays there, never used
 * again for anything but revoking, until Intuit confirms (lib/connection/revocation.ts). One the
 * broker will never revoke for this installation leaves the list and marks the connection
 * `endInQuickBooks` until the person dismisses the notice that says how to end it by hand.
 */
import { z } from 'zod';
import type { Environment } from '../domain/ids';
import type { StorageArea } from '../storage/area';
import { defineItem, setAside } from '../storage/item';
import { writeQueueFor } from '../storage/queue';
import { CONNECTIONS_ITEM, type Connection, ConnectionSchema, readConnections } from './connections';

export interface ConnectionScope {
  realmId: string;
  environment: Environment;
}

const CONNECTIONS_KEY = CONNECTIONS_ITEM.key();

const SecretsSchema = z.object({
  access: z.string().optional(),
  refresh: z.string().optional(),
  /** Refresh tokens of sign-ins that ended here and are not yet revoked at Intuit. */
  revoke: z.array(z.string()).max(20).optional(),
});
type Secrets = z.infer<typeof SecretsSchema>;
export const SECRETS_ITEM = defineItem('secrets', { schema: SecretsSchema, version: 1 });

export interface SaveConnection {
  realmId: string;
  environment: Environment;
  /** Omitted: keep the stored access token (same company and environment only). */
  token?: string;
  remember: boolean;
  tokenExpiresAt?: number;
  method?: 'oauth' | 'pasted';
  /** A sign-in's refresh token; omitted for a pasted token (which then has none). */
  refreshToken?: string;
  refreshExpiresAt?: number;
}

/** What became of a refresh's tokens (setTokens). */
export type SetTokensOutcome =
  | 'stored'
  /** The refresh started from a token that is no longer this connection's: its new token is queued for revoking. */
  | 'superseded'
  /** The connection is gone: nothing was stored. */
  | 'gone';

const hasSecrets = (s: Secrets) => !!(s.access || s.refresh || s.revoke?.length);
/** A revoke list with `token` added (once); undefined when empty. */
const withRevoke = (list: string[] | undefined, token: string | undefined) =>
  token && !list?.includes(token) ? [...(list ?? []), token] : list?.length ? list : undefined;

export const connectionId = (scope: ConnectionScope) => `${scope.environment}.${scope.realmId}`;
const secretKey = (scope: ConnectionScope) => SECRETS_ITEM.key(connectionId(scope));

export function createTokenStore(areas: { session: StorageArea; local: StorageArea }, now: () => number = Date.now) {
  const queue = writeQueueFor(areas.local);
  const serial = <T>(task: () => Promise<T>): Promise<T> => queue.run(task);

  const readAll = async () => readConnections((await areas.local.get(CONNECTIONS_KEY))[CONNECTIONS_KEY]);
  async function list(): Promise<Connection[]> {
    return Object.values((await readAll()).readable).sort((a, b) => b.at - a.at);
  }
  async function getConnection(scope: ConnectionScope): Promise<Connection | undefined> {
    return (await readAll()).readable[connectionId(scope)];
  }
  /**
   * Writes the map with `change` applied. Entries this build cannot read go back as they were; a
   * stored value that is no map at all has no place for them, so it is set aside whole first
   * (storageKey.unreadable of the connections key) and the map starts anew.
   */
  async function writeAll(change: (all: Record<string, unknown>) => void): Promise<void> {
    const raw = (await areas.local.get(CONNECTIONS_KEY))[CONNECTIONS_KEY];
    const { readable, unreadable, whole } = readConnections(raw);
    if (whole) await setAside(areas.local, CONNECTIONS_KEY, { kind: 'unreadable', raw, error: whole });
    const all: Record<string, unknown> = { ...unreadable, ...readable };
    change(all);
    await areas.local.set({ [CONNECTIONS_KEY]: all });
  }
  async function secrets(scope: ConnectionScope): Promise<Secrets> {
    for (const area of [areas.session, areas.local]) {
      const parsed = SecretsSchema.safeParse((await area.get(secretKey(scope)))[secretKey(scope)]);
      if (parsed.success && hasSecrets(parsed.data)) return parsed.data;
    }
    return {};
  }
  async function writeSecrets(scope: ConnectionScope, next: Secrets, remember: boolean): Promise<void> {
    const key = secretKey(scope);
    if (!hasSecrets(next)) {
      await areas.session.remove(key);
      await areas.local.remove(key);
      return;
    }
    // The durable copy first: a rotated refresh token is on disk before its access token becomes
    // readable (the old refresh token is dead at Intuit the moment the new one was issued).
    if (remember) await areas.local.set({ [key]: next });
    await areas.session.set({ [key]: next });
    if (!remember) await areas.local.remove(key);
  }
  async function forgetNow(scope: ConnectionScope): Promise<void> {
    await writeAll((all) => {
      delete all[connectionId(scope)];
    });
    await areas.session.remove(secretKey(scope));
    await areas.local.remove(secretKey(scope));
  }
  async function putConnection(connection: Connection): Promise<void> {
    await writeAll((all) => {
      all[connectionId(connection)] = ConnectionSchema.parse(connection);
    });
  }

  return {
    list,
    getConnection,
    /** How many stored connections this build cannot read (kept as they are; 0 when all read). */
    async unreadable(): Promise<number> {
      const { unreadable, whole } = await readAll();
      return whole ? 1 : Object.keys(unreadable).length;
    },
    /** The most recently made or used connection: the popup's default when no page names a company. */
    async latest(): Promise<Connection | undefined> {
      return (await list()).find((c) => !c.disconnecting);
    },
    /** The access token of a company's connection (no refresh here: see token-provider.ts). */
    async getToken(scope: ConnectionScope): Promise<string | undefined> {
      return (await secrets(scope)).access;
    },
    async getRefreshToken(scope: ConnectionScope): Promise<string | undefined> {
      return (await secrets(scope)).refresh;
    },
    /** Refresh tokens waiting to be revoked at Intuit (ended or replaced sign-ins). */
    async pendingRevokes(scope: ConnectionScope): Promise<string[]> {
      return (await secrets(scope)).revoke ?? [];
    },
    save: (input: SaveConnection): Promise<void> =>
      serial(async () => {
        const scope = { realmId: input.realmId, environment: input.environment };
        const before = await getConnection(scope);
        const old = await secrets(scope);
        // A save without a token (changing "Remember") keeps the stored one: only for the same
        // company, which this key guarantees. A pasted token replaces a sign-in's refresh token.
        const access = input.token ?? old.access;
        const refresh = input.refreshToken ?? (input.token === undefined ? old.refresh : undefined);
        // A live sign-in replaced by a new one (or a pasted token) is revoked, never dropped silently.
        const revoke = withRevoke(old.revoke, old.refresh !== refresh ? old.refresh : undefined);
        const method = input.method ?? (input.token === undefined ? (before?.method ?? 'pasted') : 'pasted');
        await putConnection({
          realmId: input.realmId,
          environment: input.environment,
          remember: input.remember,
          tokenExpiresAt: input.tokenExpiresAt,
          method,
          refreshExpiresAt: refresh ? (input.refreshExpiresAt ?? before?.refreshExpiresAt) : undefined,
          needsReconnect: false,
          disconnecting: undefined, // a new sign-in or token after Disconnect: in use again
          endInQuickBooks: before?.endInQuickBooks, // the older sign-in is still alive at Intuit
          at: now(),
        });
        await writeSecrets(scope, { access, refresh, revoke }, input.remember);
      }),
    /**
     * A refresh's answer: the new access token and (rotated) refresh token. `from`, the refresh token
     * the refresh presented: when it is no longer this connection's (a new sign-in, a pasted token
     * or Disconnect came meanwhile), nothing is stored and the answer's refresh token is queued for
     * revoking: a newer sign-in is never overwritten by an older one.
     */
    setTokens: (
      scope: ConnectionScope,
      tokens: { access: string; tokenExpiresAt: number; refresh?: string; refreshExpiresAt?: number },
      from?: string,
    ): Promise<SetTokensOutcome> =>
      serial(async () => {
        const c = await getConnection(scope);
        if (!c) return 'gone'; // forgotten meanwhile: do not resurrect it
        const old = await secrets(scope);
        if (c.disconnecting || (from !== undefined && old.refresh !== from)) {
          await writeSecrets(scope, { ...old, revoke: withRevoke(old.revoke, tokens.refresh) }, c.remember);
          return 'superseded';
        }
        await putConnection({
          ...c,
          tokenExpiresAt: tokens.tokenExpiresAt,
          refreshExpiresAt: tokens.refreshExpiresAt ?? c.refreshExpiresAt,
          needsReconnect: false,
        });
        const refresh = tokens.refresh ?? old.refresh;
        await writeSecrets(scope, { access: tokens.access, refresh, revoke: old.revoke }, c.remember);
        return 'stored';
      }),
    /**
     * The refresh token `from` was refused (invalid_grant): drop the secrets, ask the person to sign
     * in again. Not when `from` is no longer the connection's (a new sign-in came meanwhile).
     */
    markReconnect: (scope: ConnectionScope, from?: string): Promise<void> =>
      serial(async () => {
        const c = await getConnection(scope);
        const old = await secrets(scope);
        if (!c || (from !== undefined && old.refresh !== from)) return;
        await putConnection({ ...c, needsReconnect: true });
        await writeSecrets(scope, { revoke: old.revoke }, c.remember);
      }),
    /** Marks a connection as the one in use (the popup's default). */
    touch: (scope: ConnectionScope): Promise<void> =>
      serial(async () => {
        const c = await getConnection(scope);
        if (c) await putConnection({ ...c, at: now() });
      }),
    /**
     * The access token was refused (401): forget it so the popup asks for a new one (or a refresh
     * gets one). Only `used`, the token the refused call carried: a newer token stays. Without `used`,
     * nothing is dropped. A refresh token is kept.
     */
    dropToken: (scope: ConnectionScope, used: string | undefined): Promise<void> =>
      serial(async () => {
        const c = await getConnection(scope);
        const old = await secrets(scope);
        if (!c || used === undefined || old.access !== used) return;
        await writeSecrets(scope, { ...old, access: undefined }, c.remember);
      }),
    /**
     * Disconnect, first step: nothing may call the company any more (the access token goes) and its
     * refresh token is queued for revoking. The connection stays, marked, until the revoke is done.
     */
    beginDisconnect: (scope: ConnectionScope): Promise<void> =>
      serial(async () => {
        const c = await getConnection(scope);
        if (!c) return;
        const old = await secrets(scope);
        await putConnection({ ...c, disconnecting: true });
        await writeSecrets(scope, { revoke: withRevoke(old.revoke, old.refresh) }, c.remember);
      }),
    /** A disconnected company whose every sign-in is revoked is forgotten; true if it was. */
    forgetDisconnected: (scope: ConnectionScope): Promise<boolean> =>
      serial(async () => {
        const c = await getConnection(scope);
        if (!c?.disconnecting || c.endInQuickBooks || (await secrets(scope)).revoke?.length) return false;
        await forgetNow(scope);
        return true;
      }),
    /**
     * Intuit confirmed the revoke of `token`, or (`byHand`) the broker will never revoke it: it leaves
     * the list, and with `byHand` the connection says to end it in QuickBooks.
     */
    revoked: (scope: ConnectionScope, token: string, byHand = false): Promise<void> =>
      serial(async () => {
        const c = await getConnection(scope);
        const old = await secrets(scope);
        if (c && byHand) await putConnection({ ...c, endInQuickBooks: true });
        const revoke = old.revoke?.filter((t) => t !== token);
        await writeSecrets(scope, { ...old, revoke: revoke?.length ? revoke : undefined }, c?.remember ?? false);
      }),
    /** The person dismissed "end it in QuickBooks"; a disconnected company with nothing left is forgotten. */
    dismissEndInQuickBooks: (scope: ConnectionScope): Promise<void> =>
      serial(async () => {
        const c = await getConnection(scope);
        if (!c?.endInQuickBooks) return;
        if (c.disconnecting && !(await secrets(scope)).revoke?.length) await forgetNow(scope);
        else await putConnection({ ...c, endInQuickBooks: undefined });
      }),
    /** Disconnect: the connection and its secrets are gone (the caller revokes first). */
    forget: (scope: ConnectionScope): Promise<void> => serial(() => forgetNow(scope)),
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;
