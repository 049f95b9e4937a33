// Rate limits on the token endpoints: per client address (before anything else) and per
// installation key (after its proof), 429 with Retry-After; the in-memory window and the adapter for
// Cloudflare's rate-limiting binding.
import { afterEach, describe, expect, it } from 'vitest';
import { addressKey } from '../../broker/src/client-address';
import {
  createMemoryLimiter,
  fromWorkersBinding,
  RATE_LIMITS,
  type WorkersRateLimitBinding,
} from '../../broker/src/rate-limit';
import { type BrokerUnderTest, connect, manualClock, startBroker } from './harness';
import { createTestKey } from './proofs';

let b: BrokerUnderTest | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

describe('the broker', () => {
  it(`answers 429 with Retry-After after ${RATE_LIMITS.address.limit} token calls a minute from one address`, async () => {
    b = await startBroker();
    for (let i = 0; i < RATE_LIMITS.address.limit; i++) {
      expect((await b.postJson('/oauth/refresh', { refresh_token: 'x' }, { dpop: '' })).status).toBe(401);
    }
    const limited = await b.postJson('/oauth/revoke', { token: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited' });
    expect(limited.headers.get('retry-after')).toBe('60');
    b.clock.advance(30_000);
    expect((await b.postJson('/oauth/token', { code: 'x' })).headers.get('retry-after')).toBe('30');
    b.clock.advance(30_000);
    expect((await b.postJson('/oauth/refresh', { refresh_token: 'x' })).status).toBe(400); // a new minute
  });

  it(`answers 429 after ${RATE_LIMITS.family.limit} calls a minute from one installation key; another key goes on`, async () => {
    b = await startBroker();
    const tokens = await connect(b); // one call
    for (let i = 1; i < RATE_LIMITS.family.limit; i++) {
      expect((await b.postJson('/oauth/refresh', { refresh_token: 'x' })).status).toBe(400);
    }
    const limited = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await createTestKey(b.clock.now);
    const elsewhere = await b.postJson(
      '/oauth/refresh',
      { refresh_token: 'x' },
      { dpop: await other.proof('POST', `${b.url}/oauth/refresh`) },
    );
    expect(elsewhere.status).toBe(400);
    b.clock.advance(60_000);
    expect((await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(200);
  });

  it('does not count preflights', async () => {
    b = await startBroker();
    for (let i = 0; i <= RATE_LIMITS.address.limit; i++) {
      await b.request('/oauth/refresh', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    }
    expect((await b.postJson('/oauth/refresh', { refresh_token: 'x' })).status).toBe(400);
  });
});

describe('createMemoryLimiter', () => {
  it('counts per key in fixed windows and says how long is left', async () => {
    const clock = manualClock();
    const limiter = createMemoryLimiter({ limit: 2, periodS: 60, now: clock.now });
    expect((await limiter.limit('a')).success).toBe(true);
    clock.advance(10_000);
    expect((await limiter.limit('a')).success).toBe(true);
    expect(await limiter.limit('a')).toEqual({ success: false, retryAfterS: 50 });
    expect((await limiter.limit('b')).success).toBe(true);
    clock.advance(50_000);
    expect((await limiter.limit('a')).success).toBe(true);
  });
});

describe("Cloudflare's rate-limiting binding", () => {
  it('asks the binding with the key; over its limit the Retry-After is its period', async () => {
    const keys: string[] = [];
    const binding: WorkersRateLimitBinding = {
      limit: async ({ key }) => {
        keys.push(key);
        return { success: keys.length < 2 };
      },
    };
    const fallback = createMemoryLimiter({ limit: 0, periodS: 60, now: () => 0 });
    const limiter = fromWorkersBinding(binding, fallback, 60);
    expect(await limiter.limit('203.0.113.9')).toEqual({ success: true, retryAfterS: 0 });
    expect(await limiter.limit('203.0.113.9')).toEqual({ success: false, retryAfterS: 60 });
    expect(keys).toEqual(['203.0.113.9', '203.0.113.9']);
  });

  it('falls back to the in-memory limiter when the binding fails', async () => {
    const broken: WorkersRateLimitBinding = { limit: () => Promise.reject(new Error('binding down')) };
    const limiter = fromWorkersBinding(broken, createMemoryLimiter({ limit: 1, periodS: 60, now: () => 0 }), 60);
    expect((await limiter.limit('k')).success).toBe(true);
    expect((await limiter.limit('k')).success).toBe(false);
  });
});

describe('addressKey', () => {
  it('counts an IPv6 address as its /64 and an IPv4 (or IPv4-mapped) address as it is', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
