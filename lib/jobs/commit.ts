/**
 * Writing a chunk's progress: one journal commit carries the chunk, the job's counters and status,
 * and an audit line for every outcome that became final in it (so counts and audit never drift).
 * The status patches themselves are in ./lifecycle.ts.
 */

import type { AuditEntry } from '../audit/entry';
import type { Journal } from '../journal/journal';
import type { ChunkJournal, JobMeta, ReviewedRecord, StoredOutcome } from '../journal/schema';
import { keyOf } from './classify';
import { outcomeLabel } from './labels';
import { finishIfDone, type JobPatch, proceed } from './lifecycle';

export function emptyChunk(index: number): ChunkJournal {
  return { index, outcomes: {}, inFlight: [], queue: [], verify: [], batchCalls: 0 };
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
    ...(stored.outcome.kind === 'restored' ? { newId: stored.outcome.newId } : {}),
    preDeleteJson: r.raw,
  };
}

export interface SaveArgs {
  journal: Journal;
  /** Written before the journal commit: a record the journal calls done always has its entry. */
  appendAudit(entries: readonly AuditEntry[]): Promise<void>;
  /** The chunk's own reviewed records. */
  records: readonly ReviewedRecord[];
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
  const range = a.records;
  const idle = a.next.inFlight.length + a.next.queue.length + a.next.verify.length === 0;
  const complete = idle && range.every((r) => keyOf(r.record) in a.next.outcomes);
  const storedOf = (key: string) => a.next.outcomes[key];
  // The snapshots first: entries for every outcome that is new in this write (the same uid again
  // after a worker death replaces the entry, never duplicates it).
  const entries = Object.keys(a.next.outcomes)
    .filter((key) => a.prev.outcomes[key] !== a.next.outcomes[key])
    .flatMap((key) => {
      const rec = a.byKey.get(key);
      const stored = storedOf(key);
      return rec && stored ? [toAuditEntry(a.job, rec, stored)] : [];
    });
  await a.appendAudit(entries);
  return a.journal.commit({
    jobId: a.job.id,
    chunk: a.next,
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

export function storedAt(outcome: StoredOutcome['outcome'], now: number, intuitTid?: string): StoredOutcome {
  return intuitTid === undefined ? { outcome, at: now } : { outcome, at: now, intuitTid };
}
