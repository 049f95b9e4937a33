/** Mutation survivors of lib/jobs/throttle.ts (issue 13): the window edges, the production ceiling. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE, nextBatchSlot, spacingMs, windowMarginMs } from '../../lib/jobs/throttle';

const cfg = { batchLimit: 40, windowMs: 60_000 };

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
