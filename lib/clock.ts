/**
 * Time, injected. The runner never calls Date.now or setTimeout itself, so tests and the time-scaled
 * benchmark drive it with a fake clock whose `sleep` advances time instantly (tests/support/clock.ts).
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
