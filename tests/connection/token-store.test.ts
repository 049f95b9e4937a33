/**
 * The token store against the storage registry: what it cannot read it reports and keeps (a damaged
 * connection never hides the others, is never dropped by a write, and a stored value that is no map
 * is set aside whole before a new map replaces it); and every key it writes lands only in an area
 * the registry names for that key (lib/storage/keys.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createTokenStore } from '../../lib/connection/token-store';
import type { StorageArea } from '../../lib/storage/area';
import { type AreaName, areasOf, type StorageKeyName, storageKey } from '../../lib/storage/keys';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.test-token-value-long-enough';
const REFRESH = 'refresh-token-of-a-sign-in';
const s123 = { realmId: '123', environment: 'sandbox' as const };
const p9 = { realmId: '9', environment: 'production' as const };
const CONNECTIONS = storageKey.connections();
/** A connection a newer build wrote: a method this build does not know. */
const FROM_A_NEWER_BUILD = { realmId: '777', environment: 'production', remember: false, method: 'passkey', at: 5 };

const local = () => fakeBrowser.storage.local;
const session = () => fakeBrowser.storage.session;
const store = () => createTokenStore({ session: session(), local: local() }, () => 1_000);

describe('connections this build cannot read', () => {
  beforeEach(() => fakeBrowser.reset());

  it('one damaged connection hides no other, is counted, and every write keeps it as it was', async () => {
    await store().save({ ...s123, token: TOKEN, remember: false });
    const stored = (await local().get(CONNECTIONS))[CONNECTIONS] as Record<string, unknown>;
    await local().set({ [CONNECTIONS]: { ...stored, 'production.777': FROM_A_NEWER_BUILD } });

    expect((await store().list()).map((c) => c.realmId)).toEqual(['123']);
    expect(await store().unreadable()).toBe(1);

    await store().save({ ...p9, token: TOKEN, remember: false });
    await store().forget(s123);
    const after = (await local().get(CONNECTIONS))[CONNECTIONS] as Record<string, unknown>;
    expect(Object.keys(after).sort()).toEqual(['production.777', 'production.9']);
    expect(after['production.777']).toEqual(FROM_A_NEWER_BUILD);
    expect(await store().unreadable()).toBe(1);
    expect(await local().get(storageKey.unreadable(CONNECTIONS))).toEqual({});
  });

  it('a stored value that is no map is reported, then set aside whole before a new map replaces it', async () => {
    await local().set({ [CONNECTIONS]: 'written by something else' });
    expect(await store().list()).toEqual([]);
    expect(await store().unreadable()).toBe(1);

    await store().save({ ...s123, token: TOKEN, remember: false });
    expect((await store().list()).map((c) => c.realmId)).toEqual(['123']);
    expect(await store().unreadable()).toBe(0);
    const aside = storageKey.unreadable(CONNECTIONS);
    expect((await local().get(aside))[aside]).toBe('written by something else');
  });

  it('nothing stored is nothing unreadable', async () => {
    expect(await store().list()).toEqual([]);
    expect(await store().unreadable()).toBe(0);
  });
});

/** A storage area that notes every key written to it, by area. */
function recording(area: StorageArea, name: AreaName, writes: { area: AreaName; key: string }[]): StorageArea {
  return {
    get: (keys) => area.get(keys),
    remove: (keys) => area.remove(keys),
    async set(items) {
      for (const key of Object.keys(items)) writes.push({ area: name, key });
      await area.set(items);
    },
  };
}

/** The registry entry a key the token store writes belongs to. */
function entryOf(key: string): StorageKeyName {
  if (key === CONNECTIONS) return 'connections';
  if (key.startsWith(storageKey.unreadable(''))) return 'unreadable';
  if (key.startsWith(storageKey.secrets(''))) return 'secrets';
  throw new Error(`a key the registry does not know: ${key}`);
}

describe('the token store and the registry agree on areas', () => {
  beforeEach(() => fakeBrowser.reset());

  it('every key it writes, remembered or not, lands only in an area the registry names for it', async () => {
    const writes: { area: AreaName; key: string }[] = [];
    const tokens = createTokenStore({
      session: recording(session(), 'session', writes),
      local: recording(local(), 'local', writes),
    });
    await local().set({ [CONNECTIONS]: 'no map' }); // so the set-aside path writes too
    await tokens.save({ ...s123, token: TOKEN, remember: false });
    await tokens.save({ ...p9, token: TOKEN, remember: true, method: 'oauth', refreshToken: REFRESH });
    await tokens.setTokens(p9, { access: `${TOKEN}-2`, tokenExpiresAt: 2_000, refresh: `${REFRESH}-2` }, REFRESH);
    await tokens.beginDisconnect(p9);
    await tokens.revoked(p9, `${REFRESH}-2`);
    await tokens.forgetDisconnected(p9);

    const seen = writes.map(({ area, key }) => ({ key: entryOf(key), area }));
    expect(seen).toEqual(
      expect.arrayContaining([
        { key: 'secrets', area: 'session' },
        { key: 'secrets', area: 'local' },
      ]),
    );
    const outside = seen.filter(({ key, area }) => !areasOf(key).includes(area));
    expect(outside).toEqual([]);
  });

  it('the registry says where secrets live: session, and local too when the person stays connected', () => {
    expect(areasOf('secrets')).toEqual(['session', 'local']);
    expect(areasOf('connections')).toEqual(['local']);
    expect(areasOf('pageIssues')).toEqual(['session']);
  });
});
