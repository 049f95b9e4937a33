/**
 * Time, injected. The runner never calls Date.now or setTimeout itself, so tests and the time-scaled
 * benchmark drive it with a fake clock whose `sleep` advances time instantly.
 */
export interface Clock {
  now(): number;
  /** Short in-worker waits only (pacing, < ~5 s); anything longer goes through an alarm. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** A manual clock: `sleep` and `advance` move time forward at once. For tests and benchmarks. */
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
