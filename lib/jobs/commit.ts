/**
 * Writing a chunk's progress: one journal commit carries the chunk, the job's counters and status,
 * and an audit line for every outcome that became final in it (so counts and audit never drift).
 * Also the status patches for waits and failures.
 */

import type { AuditEntry } from '../audit/entry';
import type { Journal } from '../journal/journal';
import type { ChunkJournal, JobMeta, JobWait, ReviewedRecord, StoredOutcome } from '../journal/schema';
import type { CallFailure } from '../qbo/outcomes';
import { DEFAULT_RETRY_AFTER_MS } from '../qbo/retry-after';
import { keyOf } from './classify';
import { outcomeLabel } from './labels';

export type JobPatch = (job: JobMeta) => JobMeta;

export function emptyChunk(index: number): ChunkJournal {
  return { index, outcomes: {}, inFlight: [], queue: [], verify: [], batchCalls: 0 };
}

export function chunkRecords(all: readonly ReviewedRecord[], job: JobMeta, index: number): ReviewedRecord[] {
  return all.slice(index * job.chunkSize, (index + 1) * job.chunkSize);
}

const sending = (job: JobMeta): boolean => job.status === 'running' || job.status === 'waiting';

/** Progress was made: clear a wait that has passed. */
export const proceed: JobPatch = (job) =>
  sending(job) ? { ...job, status: 'running', wait: undefined } : { ...job, wait: undefined };

export function waitFor(wait: JobWait): JobPatch {
  return (job) => {
    if (wait.kind === 'tokenNeeded') return { ...job, wait, status: sending(job) ? 'tokenNeeded' : job.status };
    return { ...job, wait, status: sending(job) ? 'waiting' : job.status };
  };
}

export function pauseWithError(error: string): JobPatch {
  return (job) => ({ ...job, status: job.status === 'cancelled' ? job.status : 'paused', wait: undefined, error });
}

/** A failed call → how the job waits. `retryKind`: which wait a failed read means. */
export function failurePatch(
  f: CallFailure,
  now: number,
  retryDelayMs: number,
  retryKind: 'retry' | 'verifying',
): JobPatch {
  const faultText = (code?: string, message?: string) => [code, message].filter(Boolean).join(' ');
  switch (f.kind) {
    case 'rateLimited':
      // A non-finite wait (a broken clock upstream) would never end: wait the service's default instead.
      return waitFor({
        kind: 'rateLimit',
        until: now + (Number.isFinite(f.retryAfterMs) ? Math.max(0, f.retryAfterMs) : DEFAULT_RETRY_AFTER_MS),
      });
    case 'unauthorized':
      return waitFor({ kind: 'tokenNeeded' });
    case 'forbidden':
      return pauseWithError(`The app may not access this company (403 ${faultText(f.fault?.code, f.fault?.message)})`);
    case 'refusedWhole':
      return pauseWithError(`The service refused a read: ${faultText(f.fault.code, f.fault.message)}`);
    case 'ambiguous':
    case 'incomplete':
      return retryKind === 'verifying'
        ? waitFor({ kind: 'verifying', until: now + retryDelayMs })
        : waitFor({ kind: 'retry', until: now + retryDelayMs, reason: f.reason });
  }
}

export function toAuditEntry(job: JobMeta, reviewed: ReviewedRecord, stored: StoredOutcome): AuditEntry {
  const r = reviewed.record;
  const fault = 'fault' in stored.outcome ? stored.outcome.fault : undefined;
  return {
    at: stored.at,
    jobId: job.id,
    realmId: job.realmId,
    environment: job.environment,
    entity: r.entity,
    id: r.id,
    docNumber: r.docNumber,
    txnDate: r.txnDate,
    amount: r.totalAmt,
    currency: r.currency,
    party: r.party,
    syncToken: r.syncToken,
    outcome: stored.outcome.kind,
    outcomeLabel: outcomeLabel(stored.outcome),
    faultCode: fault?.code,
    faultMessage: fault?.message,
    intuitTid: stored.intuitTid,
    preDeleteJson: r.raw,
  };
}

export interface SaveArgs {
  journal: Journal;
  reviewed: readonly ReviewedRecord[];
  byKey: ReadonlyMap<string, ReviewedRecord>;
  job: JobMeta;
  prev: ChunkJournal;
  next: ChunkJournal;
  now: number;
  patch?: JobPatch;
  throttleStamp?: { at: number; windowMs: number };
}

/** Commit a chunk; closes it (cursor + 1) when every record of its range has an outcome. */
export async function saveChunk(a: SaveArgs): Promise<JobMeta | undefined> {
  const range = chunkRecords(a.reviewed, a.job, a.next.index);
  const idle = a.next.inFlight.length + a.next.queue.length + a.next.verify.length === 0;
  const complete = idle && range.every((r) => keyOf(r.record) in a.next.outcomes);
  const storedOf = (key: string) => a.next.outcomes[key];
  return a.journal.commit({
    jobId: a.job.id,
    chunk: a.next,
    audit: (fresh) =>
      fresh.flatMap((key) => {
        const rec = a.byKey.get(key);
        const stored = storedOf(key);
        return rec && stored ? [toAuditEntry(a.job, rec, stored)] : [];
      }),
    throttleStamp: a.throttleStamp && { realmId: a.job.realmId, ...a.throttleStamp },
    update: (job, fresh) => {
      const counts = { ...job.counts };
      for (const key of fresh) {
        const stored = storedOf(key);
        if (stored) counts[stored.outcome.kind] += 1;
      }
      let out: JobMeta = { ...job, counts, unverified: a.next.verify.length, openChunk: !complete };
      if (complete) out.cursor = a.next.index + 1;
      out = (a.patch ?? proceed)(out);
      return finishIfDone(out, a.now);
    },
  });
}

export function finishIfDone(job: JobMeta, now: number): JobMeta {
  // A cancelled job is finished once its in-flight chunk is recorded.
  if (job.status === 'cancelled' && !job.openChunk && job.finishedAt === undefined) return { ...job, finishedAt: now };
  if (job.openChunk || job.cursor < job.chunks || !sending(job)) return job;
  return { ...job, status: 'done', wait: undefined, finishedAt: now };
}

export function storedAt(outcome: StoredOutcome['outcome'], now: number, intuitTid?: string): StoredOutcome {
  return intuitTid === undefined ? { outcome, at: now } : { outcome, at: now, intuitTid };
}
