/**
 * The per-company batch throttle, as pure arithmetic over the persisted call times (service-facts:
 * 40 batch calls per minute per company and app; the document saw a 429 at ~51). Calls are spaced
 * evenly (window / limit apart) so a sequential run never bunches 40 calls and then waits a minute,
 * and the rolling-window count is checked too (inclusive edge, so we stay strictly under the limit).
 */
import type { ThrottleConfig } from './types';

export const DEFAULT_THROTTLE: ThrottleConfig = { batchLimit: 40, windowMs: 60_000 };

export function spacingMs(cfg: ThrottleConfig): number {
  return Math.ceil(cfg.windowMs / cfg.batchLimit);
}

/** Earliest time the next batch call may be sent, given earlier call times. */
export function nextBatchSlot(stamps: readonly number[], now: number, cfg: ThrottleConfig): number {
  const recent = stamps.filter((t) => t >= now - cfg.windowMs).sort((a, b) => a - b);
  let slot = now;
  const last = recent.at(-1);
  if (last !== undefined) slot = Math.max(slot, last + spacingMs(cfg));
  if (recent.length >= cfg.batchLimit) {
    // The call that must leave the window before one more fits.
    const blocking = recent[recent.length - cfg.batchLimit]!;
    slot = Math.max(slot, blocking + cfg.windowMs + 1);
  }
  return slot;
}

/** How many batch calls fall in the window ending at `at` (for tests and the benchmark's check). */
export function callsInWindow(stamps: readonly number[], at: number, windowMs: number): number {
  return stamps.filter((t) => t > at - windowMs && t <= at).length;
}
