/**
 * Tokens that refresh themselves: before expiry, once after a 401, single-flight per company (the
 * refresh token rotates: two refreshes racing with one token would leave a dead one), "Reconnect"
 * on invalid_grant. Against a fake broker that behaves like Intuit's token endpoint.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Broker, type BrokerResult, createBroker } from '../../lib/connection/broker';
import { createTokenProvider, REFRESH_MARGIN_MS } from '../../lib/connection/token-provider';
import { createTokenStore } from '../../lib/connection/token-store';

const scope = { realmId: '4620816365', environment: 'production' as const };
const other = { realmId: '4620816366', environment: 'production' as const };

function fakeIntuit(now: () => number) {
  let valid = new Set(['rt-0']);
  let n = 0;
  const calls: string[] = [];
  const broker: Broker = {
    startUrl: async (r, s) => `https://broker.test/oauth/start?redirect_uri=${r}&state=${s}`,
    exchange: async () => ({ kind: 'failed', message: 'unused' }),
    async refresh(rt): Promise<BrokerResult> {
      calls.push(rt);
      await new Promise((r) => setTimeout(r, 5)); // a network round trip: lets races happen
      if (!valid.has(rt)) return { kind: 'invalidGrant' };
      n += 1;
      valid = new Set([`rt-${n}`]); // rotation (the grace period is the simulator's business)
      return { kind: 'ok', tokens: { access: `at-${n}`, refresh: `rt-${n}`, accessExpiresAt: now() + 3_600_000 } };
    },
    revoke: async () => ({ kind: 'revoked' }),
  };
  return { broker, calls, revokeAll: () => (valid = new Set()) };
}

describe('token provider', () => {
  let now = 1_000_000;
  beforeEach(() => {
    fakeBrowser.reset();
    now = 1_000_000;
  });
  const setup = async () => {
    const store = createTokenStore(
      { session: fakeBrowser.storage.session, local: fakeBrowser.storage.local },
      () => now,
    );
    const intuit = fakeIntuit(() => now);
    const provider = createTokenProvider({ store, broker: intuit.broker, now: () => now });
    await store.save({
      ...scope,
      token: 'at-0',
      refreshToken: 'rt-0',
      method: 'oauth',
      remember: false,
      tokenExpiresAt: now + 3_600_000,
    });
    return { store, intuit, provider };
  };

  it('uses the access token while it is fresh, refreshes a few minutes before it expires', async () => {
    const { provider, intuit } = await setup();
    expect(await provider.getToken(scope)).toBe('at-0');
    now += 3_600_000 - REFRESH_MARGIN_MS + 1;
    expect(await provider.getToken(scope)).toBe('at-1');
    expect(intuit.calls).toEqual(['rt-0']);
    expect(await provider.getToken(scope)).toBe('at-1'); // no second refresh
  });

  it('is single-flight: ten callers at expiry cause one refresh, and all get the new token', async () => {
    const { provider, intuit, store } = await setup();
    now += 3_600_000;
    const tokens = await Promise.all(Array.from({ length: 10 }, () => provider.getToken(scope)));
    expect(new Set(tokens)).toEqual(new Set(['at-1']));
    expect(intuit.calls).toEqual(['rt-0']);
    expect(await store.getRefreshToken(scope)).toBe('rt-1'); // the newest is kept
  });

  it('after a 401 drops the refused token and refreshes once; a second 401 for the same token refreshes no more', async () => {
    const { provider, intuit } = await setup();
    expect(await provider.afterUnauthorized(scope, 'at-0')).toBe(true);
    expect(await provider.getToken(scope)).toBe('at-1');
    expect(await provider.afterUnauthorized(scope, 'at-0')).toBe(true); // stale 401: the new token stays
    expect(intuit.calls).toEqual(['rt-0']);
  });

  it('invalid_grant marks the company "Reconnect", drops its secrets, and no token goes out', async () => {
    const { provider, intuit, store } = await setup();
    intuit.revokeAll();
    now += 3_600_000;
    expect(await provider.getToken(scope)).toBeUndefined();
    expect((await store.getConnection(scope))?.needsReconnect).toBe(true);
    expect(await store.getRefreshToken(scope)).toBeUndefined();
    expect(await provider.getToken(scope)).toBeUndefined();
    expect(intuit.calls).toHaveLength(1); // no retry loop against a dead refresh token
  });

  it('never hands one company’s token to another, and a pasted token is never refreshed', async () => {
    const { provider, store, intuit } = await setup();
    expect(await provider.getToken(other)).toBeUndefined();
    await store.save({ ...other, token: 'pasted', remember: false, tokenExpiresAt: now - 1 });
    expect(await provider.getToken(other)).toBe('pasted');
    expect(await provider.afterUnauthorized(other, 'pasted')).toBe(false);
    expect(await provider.getToken(other)).toBeUndefined();
    expect(intuit.calls).toEqual([]);
  });
});

describe('broker client', () => {
  const answer = (status: number, body: unknown) => async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  const key = { thumbprint: async () => 'k'.repeat(43), proof: async () => 'a-proof' }; // see broker-proof.test.ts
  const make = (f: typeof fetch) => createBroker({ baseUrl: 'https://broker.test/', fetch: f, now: () => 1_000, key });

  it('reads a token answer into expiries', async () => {
    const ok = await make(
      answer(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600, x_refresh_token_expires_in: 8726400 }),
    ).refresh('r0');
    expect(ok).toEqual({
      kind: 'ok',
      tokens: {
        access: 'a',
        refresh: 'r',
        accessExpiresAt: 3_601_000,
        refreshExpiresAt: 8_726_401_000,
        realmId: undefined,
      },
    });
  });

  it('tells invalid_grant apart from other failures; odd answers are failures, not throws', async () => {
    expect(await make(answer(400, { error: 'invalid_grant' })).refresh('r')).toEqual({ kind: 'invalidGrant' });
    expect((await make(answer(500, 'oops')).refresh('r')).kind).toBe('failed');
    expect((await make(answer(200, '<xml/>')).refresh('r')).kind).toBe('failed');
    expect((await make(answer(200, { access_token: 'a' })).refresh('r')).kind).toBe('failed');
    expect((await make(async () => Promise.reject(new TypeError('offline'))).refresh('r')).kind).toBe('failed');
  });

  it('never follows a redirect and never sends cookies', async () => {
    const seen: RequestInit[] = [];
    const f = (async (_: unknown, init?: RequestInit) => {
      seen.push(init ?? {});
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    await make(f).revoke('t');
    expect(seen[0]).toMatchObject({ redirect: 'error', credentials: 'omit', method: 'POST' });
    expect(await make(f).startUrl('https://abc.chromiumapp.org/', 's1')).toBe(
      `https://broker.test/oauth/start?redirect_uri=https%3A%2F%2Fabc.chromiumapp.org%2F&state=s1&jkt=${'k'.repeat(43)}`,
    );
  });
});
