/**
 * The connections' map as stored (storage.local, the registry's `connections` key): one entry per
 * company and environment, no secret in it (the secrets: ./token-store.ts). Read entry by entry: an
 * entry this build cannot read (damaged, or written by a newer build) never hides the others and is
 * never dropped; the token store writes it back as it was and says how many there are.
 */
import { z } from 'zod';
import { EnvironmentSchema, RealmIdSchema } from '../domain/schemas';
import { defineItem } from '../storage/item';

export const ConnectionSchema = z.object({
  realmId: RealmIdSchema,
  environment: EnvironmentSchema,
  /** Keep the secrets on this device (storage.local) rather than only until the browser closes. */
  remember: z.boolean(),
  tokenExpiresAt: z.number().optional(),
  /** 'oauth': signed in with Intuit through the broker (refreshes itself); 'pasted': a token pasted by hand. */
  method: z.enum(['oauth', 'pasted']).default('pasted'),
  refreshExpiresAt: z.number().optional(),
  /** The refresh was refused (invalid_grant): the person must sign in again ("Reconnect"). */
  needsReconnect: z.boolean().optional(),
  /** The person disconnected it: no call uses it; it stays only until Intuit confirms the revoke. */
  disconnecting: z.boolean().optional(),
  /** A sign-in that ended here cannot be revoked through the broker: the person ends it in QuickBooks. */
  endInQuickBooks: z.boolean().optional(),
  /** When this connection was made or last used from the popup (the most recent one is the default). */
  at: z.number().default(0),
});
export type Connection = z.infer<typeof ConnectionSchema>;
const ConnectionsSchema = z.record(z.string(), ConnectionSchema);
/** (Before many companies there was one connection and one token: lib/storage/migrations/layout-v2-key-style.ts moves them.) */
export const CONNECTIONS_ITEM = defineItem('connections', { schema: ConnectionsSchema, version: 1 });

/** What a stored map holds: the entries this build reads, and the raw ones it cannot. */
export interface StoredConnections {
  readable: Record<string, Connection>;
  /** By connection id, as stored. */
  unreadable: Record<string, unknown>;
  /** Set when the stored value is no map at all: why (its entries cannot be told apart). */
  whole?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored value (undefined: nothing stored) read entry by entry through ConnectionSchema. */
export function readConnections(raw: unknown): StoredConnections {
  const readable: Record<string, Connection> = {};
  const unreadable: Record<string, unknown> = {};
  if (raw === undefined) return { readable, unreadable };
  if (!isRecord(raw)) return { readable, unreadable, whole: `${CONNECTIONS_ITEM.key()}: not a map of connections` };
  for (const [id, value] of Object.entries(raw)) {
    const parsed = ConnectionSchema.safeParse(value);
    if (parsed.success) readable[id] = parsed.data;
    else unreadable[id] = value;
  }
  return { readable, unreadable };
}
