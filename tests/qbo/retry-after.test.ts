/**
 * Edge cases of lib/qbo/retry-after.ts (issue 13): no Retry-After value, however malformed,
 * yields NaN, and none reaches the job's wait (lib/jobs/commit.ts) as anything but a finite time.
 */
import { describe, expect, it } from 'vitest';
import { newJobMeta } from '../../lib/jobs/create';
import { failurePatch } from '../../lib/jobs/lifecycle';
import { DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../lib/qbo/retry-after';
import { toCallFailure } from '../../lib/qbo/to-outcome';

const now = Date.parse('2026-01-15T12:00:00Z');
const retryAfter = (value: string, at = now) => parseRetryAfter(new Headers({ 'retry-after': value }), at);

const MALFORMED = [
  '60s',
  '60 s',
  '12.5',
  '1e3',
  '0x10',
  '-5',
  '+5',
  ' 1 2',
  'Infinity',
  '12345678901',
  'Fri, 99 Foo 2026 99:99:99 GMT',
  'Thu, 15 Jan 2026 25:61:61 GMT',
  'soon 12:00:00',
  '00:00:00',
];

describe('parseRetryAfter: malformed values take the default', () => {
  it.each(MALFORMED)('%j → the 60 s default', (value) => {
    expect(retryAfter(value)).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it('a broken clock (NaN now) cannot turn an HTTP date into NaN', () => {
    expect(retryAfter('Thu, 15 Jan 2026 12:00:30 GMT', Number.NaN)).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it('well-formed values still count: seconds, 0, the 1 h cap, an HTTP date', () => {
    expect(retryAfter('120')).toBe(120_000);
    expect(retryAfter('0')).toBe(0);
    expect(retryAfter('5')).toBe(5_000);
    expect(retryAfter('9999999999')).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfter('Thu, 15 Jan 2026 12:00:30 GMT')).toBe(30_000);
    expect(retryAfter('Thu, 15 Jan 2026 12:00:00 GMT')).toBe(0);
  });

  it('an HTTP date needs a full hh:mm:ss time: a one-digit hour or second is not read as a date', () => {
    expect(retryAfter('Thu, 15 Jan 2026 1:00:30 GMT')).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryAfter('Thu, 15 Jan 2026 12:00:3 GMT')).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it('only the standard header is read: a simulator header never decides the wait', () => {
    const h = (sim: string) => parseRetryAfter(new Headers({ 'x-sim-retry-after-ms': sim, 'retry-after': '7' }), now);
    expect(h('250')).toBe(7_000);
    expect(h('250ms')).toBe(7_000);
    expect(h('-1')).toBe(7_000);
  });
});

describe("a 429's Retry-After → the job's wait (lib/jobs/commit.ts)", () => {
  const job = {
    ...newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [] }, 30, 0),
    status: 'running' as const,
  };
  const waitAfter429 = (value: string) => {
    const failure = toCallFailure(429, new Headers({ 'retry-after': value }), '', now);
    return failurePatch(failure, now, 60_000, 'retry')(job);
  };

  it.each(['60s', 'Fri, 99 Foo 2026 99:99:99 GMT', '12.5'])('%j: a finite wait of the default 60 s', (value) => {
    const next = waitAfter429(value);
    expect(next.status).toBe('waiting');
    expect(next.wait).toEqual({ kind: 'rateLimit', until: now + DEFAULT_RETRY_AFTER_MS });
    expect(Number.isFinite(next.wait && 'until' in next.wait ? next.wait.until : Number.NaN)).toBe(true);
  });

  it('"30": a wait of 30 s', () => {
    expect(waitAfter429('30').wait).toEqual({ kind: 'rateLimit', until: now + 30_000 });
  });
});

describe('failurePatch never carries a non-finite wait', () => {
  it('a NaN Retry-After (from a broken clock) waits the 60 s default', () => {
    const job = {
      ...newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [] }, 30, 0),
      status: 'running' as const,
    };
    const next = failurePatch({ kind: 'rateLimited', retryAfterMs: Number.NaN } as never, now, 60_000, 'retry')(job);
    expect(next.wait).toEqual({ kind: 'rateLimit', until: now + DEFAULT_RETRY_AFTER_MS });
  });
});
