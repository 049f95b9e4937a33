/**
 * The access token lives only in the background's storage: storage.session (memory, not readable by
 * content scripts: access level TRUSTED_CONTEXTS) by default, storage.local only when the user opts
 * in to "Remember on this device". The non-secret connection (company, environment, expiry) is in
 * storage.local so the popup can show it after a browser restart.
 */
import { z } from 'zod';
import type { StorageArea } from '../journal/storage-api';
import type { Environment } from '../qbo/entities';

const TOKEN_KEY = 'auth.token';
const CONNECTION_KEY = 'connection';

const ConnectionSchema = z.object({
  realmId: z.string().regex(/^[0-9]{1,20}$/),
  environment: z.enum(['production', 'sandbox']),
  remember: z.boolean(),
  tokenExpiresAt: z.number().optional(),
});
export type Connection = z.infer<typeof ConnectionSchema>;

export interface SaveConnection {
  realmId: string;
  environment: Environment;
  /** Omitted: keep the stored token when the company and environment are unchanged (else none). */
  token?: string;
  remember: boolean;
  tokenExpiresAt?: number;
}

export function createTokenStore(areas: { session: StorageArea; local: StorageArea }) {
  async function getConnection(): Promise<Connection | undefined> {
    const parsed = ConnectionSchema.safeParse((await areas.local.get(CONNECTION_KEY))[CONNECTION_KEY]);
    return parsed.success ? parsed.data : undefined;
  }
  async function getToken(): Promise<string | undefined> {
    const fromSession = (await areas.session.get(TOKEN_KEY))[TOKEN_KEY];
    if (typeof fromSession === 'string') return fromSession;
    const fromLocal = (await areas.local.get(TOKEN_KEY))[TOKEN_KEY];
    return typeof fromLocal === 'string' ? fromLocal : undefined;
  }
  return {
    getConnection,
    getToken,
    async save(input: SaveConnection): Promise<void> {
      const { token: given, ...connection } = input;
      const before = await getConnection();
      const sameCompany = before?.realmId === input.realmId && before.environment === input.environment;
      // A save without a token (changing "Remember", re-saving the company) keeps the stored token,
      // but only for the same company: another company's token must never carry over.
      const token = given ?? (sameCompany ? await getToken() : undefined);
      await areas.local.set({ [CONNECTION_KEY]: ConnectionSchema.parse(connection) });
      if (token === undefined) {
        await areas.session.remove(TOKEN_KEY);
        await areas.local.remove(TOKEN_KEY);
        return;
      }
      await areas.session.set({ [TOKEN_KEY]: token });
      if (input.remember) await areas.local.set({ [TOKEN_KEY]: token });
      else await areas.local.remove(TOKEN_KEY);
    },
    /**
     * The token was refused (401): forget it so the popup asks for a new one. Only `used`, the token
     * the refused call carried: a newer token pasted meanwhile stays. Without `used`, nothing is dropped.
     */
    async dropToken(used: string | undefined): Promise<void> {
      if (used === undefined || (await getToken()) !== used) return;
      await areas.session.remove(TOKEN_KEY);
      await areas.local.remove(TOKEN_KEY);
    },
    async forget(): Promise<void> {
      await areas.session.remove(TOKEN_KEY);
      await areas.local.remove([TOKEN_KEY, CONNECTION_KEY]);
    },
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;
