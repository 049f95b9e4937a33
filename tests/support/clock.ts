/**
 * A manual clock for tests and benchmarks: `sleep` and `advance` move time forward at once. The
 * product only knows the Clock interface (lib/clock.ts); this implementation is test code.
 */
import type { Clock } from '../../lib/clock';

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(at: number): void;
}

export function createManualClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): ManualClock {
  let t = start;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += Math.max(0, ms);
    },
    advance: (ms) => {
      t += Math.max(0, ms);
    },
    set: (at) => {
      t = at;
    },
  };
}
