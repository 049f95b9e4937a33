/**
 * The per-company batch throttle, as pure arithmetic over the persisted call times (service-facts:
 * 40 batch calls per minute per company and app; the document saw a 429 at ~51).
 *
 * Two rules. The rolling-window count is the real limit: never more than `batchLimit` calls in any
 * window, with a margin of 1/60 of the window (1 s of 60) because the service counts arrival times
 * and our stamps are taken before the send. Calls are also spaced at least half the even spacing
 * apart (750 ms of 1,500): even spacing alone made every gap "spacing + the chunk's re-read time"
 * and lost 15-25 % of the ceiling; half spacing absorbs the re-reads while never bunching 40 calls
 * into a burst.
 */
import type { ThrottleConfig } from './types';

export const DEFAULT_THROTTLE: ThrottleConfig = { batchLimit: 40, windowMs: 60_000 };

/** The even spacing (window / limit): the ETA's rate. */
export function spacingMs(cfg: ThrottleConfig): number {
  return Math.ceil(cfg.windowMs / cfg.batchLimit);
}

/** The least gap between two batch calls. */
export function minGapMs(cfg: ThrottleConfig): number {
  return Math.ceil(spacingMs(cfg) / 2);
}

export function windowMarginMs(cfg: ThrottleConfig): number {
  return Math.ceil(cfg.windowMs / 60);
}

/** Earliest time the next batch call may be sent, given earlier call times. */
export function nextBatchSlot(stamps: readonly number[], now: number, cfg: ThrottleConfig): number {
  const span = cfg.windowMs + windowMarginMs(cfg);
  const recent = stamps.filter((t) => t >= now - span).sort((a, b) => a - b);
  let slot = now;
  const last = recent.at(-1);
  if (last !== undefined) slot = Math.max(slot, last + minGapMs(cfg));
  if (recent.length >= cfg.batchLimit) {
    // The call that must leave the window before one more fits.
    const blocking = recent[recent.length - cfg.batchLimit]!;
    slot = Math.max(slot, blocking + span + 1);
  }
  return slot;
}

/** How many batch calls fall in the window ending at `at` (for tests and the benchmark's check). */
export function callsInWindow(stamps: readonly number[], at: number, windowMs: number): number {
  return stamps.filter((t) => t > at - windowMs && t <= at).length;
}
