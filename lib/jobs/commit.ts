/**
 * Writing a chunk's progress: one journal commit carries the chunk, the job's counters and status;
 * every outcome that became final in it is told to the subscriber first (the audit log writes its
 * line then), so counts and audit never drift. The status patches themselves are in ./lifecycle.ts.
 */

import type { Journal } from '../journal/journal';
import { type ChunkJournal, type JobMeta, type JobRecord, jobRecordKey, type StoredOutcome } from '../journal/schema';
import { finishIfDone, type JobPatch, proceed } from './lifecycle';
import type { FinalOutcome } from './types';

export function emptyChunk(index: number): ChunkJournal {
  return { index, outcomes: {}, inFlight: [], queue: [], verify: [], batchCalls: 0 };
}

export interface SaveArgs {
  journal: Journal;
  /** Told before the journal commit: a record the journal calls done always has its audit entry. */
  outcomesFinal(outcomes: readonly FinalOutcome[]): Promise<void>;
  /** The chunk's own records. */
  records: readonly JobRecord[];
  byKey: ReadonlyMap<string, JobRecord>;
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
  const complete = idle && range.every((r) => jobRecordKey(r) in a.next.outcomes);
  const storedOf = (key: string) => a.next.outcomes[key];
  // The snapshots first: every outcome that is new in this write (told again after a worker death,
  // the audit log replaces its entry, never duplicates it).
  const finals = Object.keys(a.next.outcomes)
    .filter((key) => a.prev.outcomes[key] !== a.next.outcomes[key])
    .flatMap((key): FinalOutcome[] => {
      const record = a.byKey.get(key);
      const stored = storedOf(key);
      return record && stored ? [{ job: a.job, record, stored }] : [];
    });
  await a.outcomesFinal(finals);
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
