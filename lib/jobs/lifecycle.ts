/**
 * A job's lifecycle in one place, whatever its operation: the predicates (may it send, must the
 * runner drive it, is it due, does it need the alarm, may it be removed) and every transition, as
 * pure patches `JobMeta → JobMeta`. The runner and the steps only apply them.
 *
 *   created ──start──▶ running ◀──▶ waiting (rate limit, pacing, a read to retry or verify)
 *                        │  ▲  └──▶ tokenNeeded ──token──▶ running
 *                  pause │  │ resume
 *                        ▼  │
 *                       paused        any but done ──cancel──▶ cancelled
 *   running / waiting ──last chunk closed──▶ done
 *
 * A paused or cancelled job still finishes the verification (R5) of the chunk it had open: nothing
 * sent is ever left unverified.
 */
import { isActiveJobState } from '../domain/jobs';
import type { JobStop } from '../domain/refusals';
import type { JobMeta, JobWait } from '../journal/schema';
import type { CallFailure } from '../qbo/outcomes';
import { DEFAULT_RETRY_AFTER_MS } from '../qbo/retry-after';
import { pauseForAllowance } from './allowance';

export type JobPatch = (job: JobMeta) => JobMeta;

/** May send requests now (the one "this job may send" rule). */
export const isSending = (job: JobMeta): boolean => job.status === 'running' || job.status === 'waiting';

/** Until when the job waits, or undefined when it can go now. */
export function waitUntil(job: JobMeta): number | undefined {
  return job.wait && 'until' in job.wait ? job.wait.until : undefined;
}

export function isWaitingForToken(job: JobMeta): boolean {
  return job.status === 'tokenNeeded' || job.wait?.kind === 'tokenNeeded';
}

/** The runner has work for it: it may send, or it must still verify its open chunk. */
export const isDrivable = (job: JobMeta): boolean =>
  isSending(job) || (job.openChunk && (job.status === 'paused' || job.status === 'cancelled'));

export const isDue = (job: JobMeta, now: number): boolean => !isWaitingForToken(job) && (waitUntil(job) ?? now) <= now;

/** The alarm must wake the worker for it (a sending job, or unverified records of a stopped one). */
export const needsAlarm = (job: JobMeta): boolean =>
  isDrivable(job) && !isWaitingForToken(job) && (isSending(job) || job.unverified > 0);

/**
 * Not settled yet: it may still send (an active job), or it still has a chunk open, sent or to
 * verify (a cancelled job finishing its last batch). Its records are still its own: no other job of
 * the company may start until it has settled.
 */
export const isUnsettled = (job: JobMeta): boolean =>
  isActiveJobState(job.status) || (job.openChunk && job.status !== 'done');

/** Forgetting it loses nothing in flight. */
export const isRemovable = (job: JobMeta): boolean => !isSending(job) && !(job.openChunk && job.status !== 'done');

// ── Transitions asked for by the person (or a new token) ─────────────────────────────────────────

export const start =
  (now: number): JobPatch =>
  (j) =>
    j.status === 'created' || j.status === 'paused'
      ? { ...j, status: 'running', stop: undefined, pausedFor: undefined, startedAt: j.startedAt ?? now }
      : j;

export const pause: JobPatch = (j) => (isSending(j) || j.status === 'tokenNeeded' ? { ...j, status: 'paused' } : j);

export const resume: JobPatch = (j) =>
  j.status === 'paused'
    ? { ...j, status: isWaitingForToken(j) ? 'tokenNeeded' : 'running', stop: undefined, pausedFor: undefined }
    : j;

/** Stop before the next chunk; an open chunk still gets its outcomes and verification. */
export const cancel =
  (now: number): JobPatch =>
  (j) =>
    j.status === 'done' || j.status === 'cancelled'
      ? j
      : { ...j, status: 'cancelled', finishedAt: j.openChunk ? undefined : now };

/** A new token for the job's company. */
export const tokenArrived: JobPatch = (j) => ({
  ...j,
  wait: undefined,
  status: j.status === 'tokenNeeded' ? 'running' : j.status,
});

// ── Transitions of the runner itself ─────────────────────────────────────────────────────────────

/** Progress was made: clear a wait that has passed. */
export const proceed: JobPatch = (job) =>
  isSending(job) ? { ...job, status: 'running', wait: undefined } : { ...job, wait: undefined };

export function waitFor(wait: JobWait): JobPatch {
  return (job) => {
    if (wait.kind === 'tokenNeeded') return { ...job, wait, status: isSending(job) ? 'tokenNeeded' : job.status };
    return { ...job, wait, status: isSending(job) ? 'waiting' : job.status };
  };
}

/** The runner pauses the job on its own, for `stop` (a cancelled job stays cancelled). */
export function pauseFor(stop: JobStop): JobPatch {
  return (job) => ({ ...job, status: job.status === 'cancelled' ? job.status : 'paused', wait: undefined, stop });
}

/** A failed call → how the job waits. `retryKind`: which wait a failed read means. */
export function failurePatch(
  f: CallFailure,
  now: number,
  retryDelayMs: number,
  retryKind: 'retry' | 'verifying',
): JobPatch {
  switch (f.kind) {
    case 'rateLimited':
      // A non-finite wait (a broken clock upstream) would never end: wait the service's default instead.
      return waitFor({
        kind: 'rateLimit',
        until: now + (Number.isFinite(f.retryAfterMs) ? Math.max(0, f.retryAfterMs) : DEFAULT_RETRY_AFTER_MS),
      });
    case 'allowanceUsedUp':
      return pauseForAllowance(now, retryKind);
    case 'unauthorized':
      return waitFor({ kind: 'tokenNeeded' });
    case 'forbidden':
      return pauseFor(
        f.fault
          ? { code: 'forbidden', fault: { code: f.fault.code, message: f.fault.message } }
          : { code: 'forbidden' },
      );
    case 'refusedWhole':
      return pauseFor({ code: 'readRefused', fault: { code: f.fault.code, message: f.fault.message } });
    case 'ambiguous':
    case 'incomplete':
      return retryKind === 'verifying'
        ? waitFor({ kind: 'verifying', until: now + retryDelayMs })
        : waitFor({ kind: 'retry', until: now + retryDelayMs, reason: f.reason });
  }
}

/** The last chunk closed → done; a cancelled job is finished once its open chunk is recorded. */
export function finishIfDone(job: JobMeta, now: number): JobMeta {
  if (job.status === 'cancelled' && !job.openChunk && job.finishedAt === undefined) return { ...job, finishedAt: now };
  if (job.openChunk || job.cursor < job.chunks || !isSending(job)) return job;
  return { ...job, status: 'done', wait: undefined, finishedAt: now };
}
