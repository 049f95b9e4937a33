import { describe, expect, it } from 'vitest';
import { newJobMeta } from '../../lib/jobs/create';
import { clampAlarmWhen, estimateEtaMs } from '../../lib/jobs/schedule';
import { DEFAULT_THROTTLE, nextBatchSlot, spacingMs, windowMarginMs } from '../../lib/jobs/throttle';

/** How many calls fall in the rolling window (at - windowMs, at]: the ceiling the service counts. */
const callsInWindow = (stamps: readonly number[], at: number, windowMs: number) =>
  stamps.filter((t) => t > at - windowMs && t <= at).length;

const cfg = { batchLimit: 40, windowMs: 60_000 };

describe('throttle window math', () => {
  it('spaces calls window / limit apart', () => {
    expect(spacingMs(cfg)).toBe(1500);
    expect(nextBatchSlot([], 1000, cfg)).toBe(1000);
    expect(nextBatchSlot([1000], 1200, cfg)).toBe(2500);
    expect(nextBatchSlot([1000], 5000, cfg)).toBe(5000);
  });

  it('keeps a margin of 1/60 of the window: the service counts arrivals, we stamp before sending', () => {
    const full = Array.from({ length: 40 }, (_, i) => i * 750);
    const slot = nextBatchSlot(full, 30_000, cfg);
    expect(slot).toBe(61_001);
    expect(callsInWindow([...full, slot], slot + 999, cfg.windowMs)).toBeLessThanOrEqual(40);
  });

  it('never lets more than the limit into any rolling window, even with bunched history', () => {
    const bunched = Array.from({ length: 40 }, (_, i) => i * 10); // 40 calls in 0.4 s (e.g. a restart lost spacing)
    expect(nextBatchSlot(bunched, 500, cfg)).toBe(61_001);
    const stamps = [...bunched];
    let now = 500;
    for (let i = 0; i < 200; i++) {
      now = nextBatchSlot(stamps, now, cfg);
      stamps.push(now);
    }
    for (const t of stamps) expect(callsInWindow(stamps, t, cfg.windowMs)).toBeLessThanOrEqual(40);
  });

  it('reads the journal’s stamps without reordering them (the caller’s list is kept as recorded)', () => {
    const stamps = [5000, 1000, 3000];
    expect(nextBatchSlot(stamps, 5200, cfg)).toBe(6500);
    expect(stamps).toEqual([5000, 1000, 3000]);
  });

  it('is configurable (e.g. time-scaled benchmarks)', () => {
    expect(spacingMs({ batchLimit: 40, windowMs: 1000 })).toBe(25);
  });
});

describe('alarm clamp', () => {
  it('never schedules sooner than now + minimum (packed MV3: 30 s)', () => {
    expect(clampAlarmWhen(1_000, 0, 30_000)).toBe(30_000);
    expect(clampAlarmWhen(60_000, 0, 30_000)).toBe(60_000);
    expect(clampAlarmWhen(0, 5_000, 30_000)).toBe(35_000); // overdue: as soon as allowed
    expect(clampAlarmWhen(1_000, 0, 500)).toBe(1_000); // a shorter, configured minimum
  });
});

describe('ETA', () => {
  const job = newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [] }, 100, 0);
  it('is remaining chunks at 40 per minute plus the current wait', () => {
    expect(estimateEtaMs({ ...job, status: 'running' }, 0, cfg)).toBe(4 * 1500);
    expect(
      estimateEtaMs({ ...job, status: 'waiting', cursor: 2, wait: { kind: 'rateLimit', until: 60_000 } }, 0, cfg),
    ).toBe(2 * 1500 + 60_000);
  });
  it('is unknown while a token is needed, zero when finished', () => {
    expect(estimateEtaMs({ ...job, status: 'tokenNeeded', wait: { kind: 'tokenNeeded' } }, 0, cfg)).toBeUndefined();
    expect(estimateEtaMs({ ...job, status: 'done' }, 0, cfg)).toBe(0);
  });
});

/* Edge cases of lib/jobs/throttle.ts (issue 13): the window edges, the production ceiling. */

describe('nextBatchSlot: the window edge', () => {
  // span = window + margin = 61_000 ms. 40 calls 1.5 s apart from t = 0; the last at 58_500.
  const forty = Array.from({ length: 40 }, (_, i) => i * 1500);

  it('still counts a call exactly window + margin before now', () => {
    // At now = 61_000 the call at 0 is exactly `span` old: still in, so the 41st waits until 61_001.
    expect(nextBatchSlot(forty, 61_000, cfg)).toBe(61_001);
  });

  it('frees the slot once that call is older than window + margin', () => {
    expect(nextBatchSlot(forty, 61_001, cfg)).toBe(61_001);
    expect(nextBatchSlot(forty, 61_002, cfg)).toBe(61_002);
  });

  it('below the limit, only the spacing applies', () => {
    const thirtyNine = forty.slice(0, 39); // last at 57_000
    expect(nextBatchSlot(thirtyNine, 57_500, cfg)).toBe(58_500);
  });

  it('does not depend on the order of the stored call times', () => {
    const shuffled = [...forty].reverse();
    expect(nextBatchSlot(shuffled, 59_000, cfg)).toBe(61_001);
    const few = [30_000, 10_000, 20_000];
    expect(nextBatchSlot(few, 30_500, cfg)).toBe(31_500);
  });
});

describe('the production ceiling (service-facts: 40 batch calls per minute)', () => {
  it('is 40 calls per 60 s: 1.5 s spacing and a 1 s margin', () => {
    expect(DEFAULT_THROTTLE).toEqual({ batchLimit: 40, windowMs: 60_000 });
    expect(spacingMs(DEFAULT_THROTTLE)).toBe(1_500);
    expect(windowMarginMs(DEFAULT_THROTTLE)).toBe(1_000);
  });

  it('rounds spacing and margin up, never down', () => {
    expect(spacingMs({ batchLimit: 7, windowMs: 1_000 })).toBe(143);
    expect(windowMarginMs({ batchLimit: 7, windowMs: 1_000 })).toBe(17);
  });
});
