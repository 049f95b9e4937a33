/**
 * When a job is next due, the alarm clamp, and the ETA. Pure.
 *
 * Packed MV3 builds never fire an alarm sooner than 30 s (Chromium kMV3ReleaseDelayMinimum), so the
 * one alarm is clamped to now + minAlarmDelayMs; a running job is "due now", which makes the alarm a
 * watchdog: if the worker dies mid-job, the alarm wakes it to recover.
 */
import type { JobMeta } from '../journal/schema';
import { isWaitingForToken, waitUntil } from './lifecycle';
import { spacingMs } from './throttle';
import type { ThrottleConfig } from './types';

export function clampAlarmWhen(dueAt: number, now: number, minDelayMs: number): number {
  return Math.max(dueAt, now + minDelayMs);
}

/** Remaining chunks × the throttle's spacing + the current wait. */
export function estimateEtaMs(job: JobMeta, now: number, cfg: ThrottleConfig): number | undefined {
  if (isWaitingForToken(job)) return undefined;
  if (job.status === 'done' || job.status === 'cancelled') return 0;
  const remaining = Math.max(0, job.chunks - job.cursor);
  const wait = Math.max(0, (waitUntil(job) ?? now) - now);
  return remaining * spacingMs(cfg) + wait;
}

export function doneCount(job: JobMeta): number {
  return Object.values(job.counts).reduce((sum, n) => sum + n, 0);
}
