/**
 * Refresh-token rotation without grace (issue 18 §8), against the simulator's OAuth server, which
 * refuses a rotated refresh token at once as Intuit now does: the provider stores the new refresh
 * token (disk copy first) before it hands out the new access token, never presents an old one after
 * a rotation, settles a lost answer with one further try ("Reconnect"), and never loops.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createTokenProvider,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MAX_MS,
  REFRESH_RETRY_MS,
} from '../../lib/connection/token-provider';
import { createTokenStore, type TokenStore } from '../../lib/connection/token-store';
import type { StorageArea } from '../../lib/storage/area';
import type { Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { CLIENT, connect } from '../simulator/oauth-test-helpers';
import { createManualClock } from '../support/clock';
import { simBroker } from './sim-broker';

const HOUR = 3_600_000;
const clock = createManualClock();
let sim: Simulator;
let realmId = '';
beforeAll(async () => {
  sim = await startSimulator({ now: clock.now, oauthClients: [CLIENT] }); // the default: no grace
  realmId = sim.seedCompany({ count: 1 }).realmId;
});
afterAll(() => sim.close());
beforeEach(() => fakeBrowser.reset());

/** Every storage write, in order, as `area:value` (the JSON of what was written). */
function recording(area: StorageArea, name: string, log: string[]): StorageArea {
  return {
    get: (keys) => area.get(keys),
    remove: (keys) => area.remove(keys),
    async set(items) {
      log.push(`${name}:${JSON.stringify(items)}`);
      await area.set(items);
    },
  };
}

async function signedIn(options: { remember?: boolean; store?: (s: TokenStore) => TokenStore; log?: string[] } = {}) {
  const log = options.log ?? [];
  const areas = {
    session: recording(fakeBrowser.storage.session, 'session', log),
    local: recording(fakeBrowser.storage.local, 'local', log),
  };
  const real = createTokenStore(areas, clock.now);
  const store = options.store ? options.store(real) : real;
  const scope = { realmId, environment: 'production' as const };
  const t0 = await connect(sim, realmId);
  await store.save({
    ...scope,
    token: t0.access_token,
    refreshToken: t0.refresh_token,
    tokenExpiresAt: clock.now() + HOUR,
    method: 'oauth',
    remember: options.remember ?? false,
  });
  log.length = 0;
  const intuit = simBroker(sim, clock.now);
  const provider = createTokenProvider({ store, broker: intuit.broker, now: clock.now });
  return { store, real, scope, t0, intuit, provider, log };
}
const expire = () => clock.advance(HOUR - REFRESH_MARGIN_MS + 1);

describe('rotation without grace', () => {
  it('with "Stay connected" the new refresh token is on disk before the new access token is readable or handed out', async () => {
    const { provider, scope, intuit, log, store, t0 } = await signedIn({ remember: true });
    expire();
    const handed = await provider.getToken(scope);
    log.push(`handed:${handed}`);
    expect(intuit.refreshed).toEqual([t0.refresh_token]);
    expect(handed).not.toBe(t0.access_token);
    const newRefresh = (await store.getRefreshToken(scope)) ?? '';
    expect(newRefresh).not.toBe(t0.refresh_token);
    const onDisk = log.findIndex((l) => l.startsWith('local:') && l.includes(newRefresh));
    const readable = log.findIndex((l) => l.startsWith('session:') && l.includes(handed ?? '-'));
    expect(onDisk).toBeGreaterThanOrEqual(0);
    expect(readable).toBeGreaterThan(onDisk);
    expect(log.at(-1)).toBe(`handed:${handed}`);
  });

  it('a rotation the store fails to write: the old refresh token is never sent again; the held tokens are written next time', async () => {
    let failWrites = 1;
    const writes: string[] = [];
    const { provider, scope, intuit, store, t0 } = await signedIn({
      store: (real) => ({
        ...real,
        async setTokens(s, tokens, from) {
          writes.push(tokens.refresh ?? '');
          if (failWrites-- > 0) throw new Error('QUOTA_BYTES quota exceeded');
          return real.setTokens(s, tokens, from);
        },
      }),
    });
    expire();
    // Not stored: the new access token does not go out (the old one, still valid, does).
    expect(await provider.getToken(scope)).toBe(t0.access_token);
    const fresh = await provider.getToken(scope);
    expect(fresh).not.toBe(t0.access_token);
    expect(intuit.refreshed).toEqual([t0.refresh_token]); // one rotation; rt-0 never presented again
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(writes[0]); // the same held tokens, written on the second need
    expect(await store.getRefreshToken(scope)).toBe(writes[0]);
    expect((await store.getConnection(scope))?.needsReconnect).toBe(false);
  });

  it('a day of hourly refreshes, ten callers at each expiry: one refresh per hour, always with the newest token', async () => {
    const before = sim.oauthStats(realmId);
    const { provider, scope, intuit, store } = await signedIn();
    for (let h = 0; h < 24; h++) {
      expire();
      const tokens = await Promise.all(Array.from({ length: 10 }, () => provider.getToken(scope)));
      expect(new Set(tokens).size).toBe(1);
      clock.advance(REFRESH_MARGIN_MS - 1);
    }
    expect(intuit.refreshed).toHaveLength(24);
    expect(new Set(intuit.refreshed).size).toBe(24);
    expect(sim.oauthStats(realmId).invalidGrants).toBe(before.invalidGrants);
    expect((await store.getConnection(scope))?.needsReconnect).toBe(false);
  });
});

describe('a lost refresh answer, and failures in a row', () => {
  it('a lost answer (rotated at Intuit, never received): one further try → invalid_grant → "Reconnect", then no more calls', async () => {
    const { provider, scope, intuit, store, t0 } = await signedIn();
    const before = sim.oauthStats(realmId);
    intuit.faults.loseAnswers = 1;
    // The job's call was refused (401): the background asks for a refresh once.
    expect(await provider.afterUnauthorized(scope, t0.access_token)).toBe(false);
    expect(intuit.refreshed).toEqual([t0.refresh_token, t0.refresh_token]);
    expect(sim.oauthStats(realmId).refreshes).toBe(before.refreshes + 1);
    expect(sim.oauthStats(realmId).invalidGrants).toBe(before.invalidGrants + 1);
    expect((await store.getConnection(scope))?.needsReconnect).toBe(true);
    expect(await store.getRefreshToken(scope)).toBeUndefined();
    for (let i = 0; i < 10; i++) {
      clock.advance(REFRESH_RETRY_MAX_MS);
      expect(await provider.getToken(scope)).toBeUndefined();
      expect(await provider.afterUnauthorized(scope, undefined)).toBe(false);
    }
    expect(intuit.refreshed).toHaveLength(2);
  });

  it('the broker unreachable: 100 callers make 2 calls; an hour of calls every 10 s makes 12; not "Reconnect"', async () => {
    const { provider, scope, intuit, store } = await signedIn();
    intuit.faults.down = true;
    clock.advance(HOUR); // expired
    await Promise.all(Array.from({ length: 50 }, () => provider.getToken(scope)));
    await Promise.all(Array.from({ length: 50 }, () => provider.afterUnauthorized(scope, undefined)));
    expect(intuit.refreshed).toHaveLength(2); // the call and its one further try
    clock.advance(REFRESH_RETRY_MS - 1);
    await provider.getToken(scope);
    expect(intuit.refreshed).toHaveLength(2);
    // Episodes at 1, 3, 7, 15 and 31 minutes (each wait doubles): 2 calls each, 12 in the hour.
    for (let s = 0; s < 3600; s += 10) {
      clock.advance(10_000);
      await provider.getToken(scope);
    }
    expect(intuit.refreshed).toHaveLength(12);
    expect((await store.getConnection(scope))?.needsReconnect).toBe(false);
    intuit.faults.down = false;
    clock.advance(REFRESH_RETRY_MAX_MS);
    expect(await provider.getToken(scope)).toMatch(/^eyJ/);
    expect(intuit.refreshed).toHaveLength(13);
  });

  it('a token fresh from a refresh refused (401) twice in a row is not refreshed a third time', async () => {
    const { provider, scope, intuit, store, t0 } = await signedIn();
    const invalid = sim.oauthStats(realmId).invalidGrants;
    let used = t0.access_token;
    // The job's calls are refused whatever token they carry (as the background reports each 401).
    for (let i = 0; i < 10; i++) {
      await provider.afterUnauthorized(scope, used);
      used = (await store.getToken(scope)) ?? used;
    }
    expect(intuit.refreshed).toHaveLength(2);
    expect(sim.oauthStats(realmId).invalidGrants).toBe(invalid); // each refresh used the newest token
  });
});

describe('a refresh that lands after the sign-in it started from was replaced', () => {
  it('a new sign-in during a refresh is kept; the older grant’s rotated token is revoked, never stored', async () => {
    const { provider, scope, intuit, store, t0 } = await signedIn();
    let open: () => void = () => undefined;
    intuit.faults.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    expire();
    const pending = provider.getToken(scope);
    const replacement = await connect(sim, realmId); // "Reconnect" while the refresh is on its way
    await store.save({
      ...scope,
      token: replacement.access_token,
      refreshToken: replacement.refresh_token,
      tokenExpiresAt: clock.now() + HOUR,
      method: 'oauth',
      remember: false,
    });
    open();
    expect(await pending).toBe(replacement.access_token);
    expect(await store.getRefreshToken(scope)).toBe(replacement.refresh_token);
    expect(await store.pendingRevokes(scope)).toEqual([]);
    // The replaced grant is dead at Intuit (its rotated token included); the new one lives.
    expect(intuit.revoked).toContain(t0.refresh_token);
    const next = simBroker(sim, clock.now).broker;
    expect((await next.refresh(t0.refresh_token)).kind).toBe('invalidGrant');
    expect((await next.refresh(replacement.refresh_token)).kind).toBe('ok');
  });
});
