import type { Timers } from '../../lib/collect/observer';

/** Manual timers for the collector: tests advance time explicitly and never sleep. */
export function createFakeTimers() {
  let now = 1_760_000_000_000;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout(fn, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    now: () => now,
    pendingCount: () => pending.size,
    /** Moves the clock and runs what fell due, in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
  };
}

/** Lets MutationObserver records be delivered. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
