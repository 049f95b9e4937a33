/** Mutation survivors of lib/audit/retention.ts (issue 13): the boundaries of age and count. */
import { describe, expect, it } from 'vitest';
import { planRetention } from '../../lib/audit/retention';

const segs = [
  { n: 0, count: 10, oldest: 0, newest: 5 },
  { n: 1, count: 10, oldest: 100, newest: 105 },
  { n: 2, count: 10, oldest: 200, newest: 205 },
];

describe('planRetention boundaries', () => {
  it('drops a whole oldest segment when what remains is exactly the limit', () => {
    expect(planRetention(segs, 300, { maxEntries: 20, maxAgeMs: 1e9 })).toEqual({
      keep: segs.slice(1),
      drop: [0],
      trimFirst: 0,
    });
  });

  it('trims instead when dropping the segment would leave fewer than the limit', () => {
    expect(planRetention(segs, 300, { maxEntries: 21, maxAgeMs: 1e9 })).toEqual({
      keep: segs,
      drop: [],
      trimFirst: 9,
    });
  });

  it('keeps everything at exactly the limit', () => {
    expect(planRetention(segs, 300, { maxEntries: 30, maxAgeMs: 1e9 })).toEqual({ keep: segs, drop: [], trimFirst: 0 });
  });

  it('keeps a segment whose newest entry is exactly at the age cutoff, drops one a millisecond older', () => {
    expect(planRetention(segs, 205, { maxEntries: 100, maxAgeMs: 100 })).toEqual({
      keep: segs.slice(1),
      drop: [0],
      trimFirst: 0,
    });
    expect(planRetention(segs, 206, { maxEntries: 100, maxAgeMs: 100 })).toEqual({
      keep: segs.slice(2),
      drop: [0, 1],
      trimFirst: 0,
    });
  });

  it('drops several whole segments, then trims the next', () => {
    expect(planRetention(segs, 300, { maxEntries: 5, maxAgeMs: 1e9 })).toEqual({
      keep: segs.slice(2),
      drop: [0, 1],
      trimFirst: 5,
    });
    expect(planRetention(segs, 300, { maxEntries: 0, maxAgeMs: 1e9 })).toEqual({
      keep: [],
      drop: [0, 1, 2],
      trimFirst: 0,
    });
  });
});
