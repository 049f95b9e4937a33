/**
 * The per-company batch throttle, as pure arithmetic over the persisted call times (service-facts:
 * 40 batch calls per minute per company and app; the document saw a 429 at ~51).
 *
 * Two rules. Calls are spaced evenly (window / limit apart, 1,500 ms), so a sequential run never
 * bunches 40 calls and then waits out a window through a 30 s alarm. And the rolling-window count is
 * checked too, with a margin of 1/60 of the window (1 s of 60) because the service counts arrival
 * times and our stamps are taken before the send: never more than `batchLimit` in any window.
 * (The runner starts each chunk's re-read ahead of its slot, so reads do not widen the gaps.)
 */
import type { ThrottleConfig } from './types';

export const DEFAULT_THROTTLE: ThrottleConfig = { batchLimit: 40, windowMs: 60_000 };

/** The even spacing between batch calls (window / limit). */
export function spacingMs(cfg: ThrottleConfig): number {
  return Math.ceil(cfg.windowMs / cfg.batchLimit);
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
  if (last !== undefined) slot = Math.max(slot, last + spacingMs(cfg));
  if (recent.length >= cfg.batchLimit) {
    // The call that must leave the window before one more fits.
    const blocking = recent[recent.length - cfg.batchLimit]!;
    slot = Math.max(slot, blocking + span + 1);
  }
  return slot;
}
