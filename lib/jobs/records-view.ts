/** Per-record rows of a job for the popup: final outcome, unverified (R5 pending), or pending. */

import { OUTCOME_GROUP } from '../domain/outcomes';
import { keyOfRecord } from '../domain/record-key';
import type { ChunkRead } from '../journal/journal';
import { type JobRecord, jobRecordKey, type RestoreRecord, type ReviewedRecord } from '../journal/schema';
import type { JobRecordRow } from './types';

/** What a row shows of a reviewed record: the version reviewed. */
function reviewedBase(record: ReviewedRecord['record']) {
  return {
    key: keyOfRecord(record),
    entity: record.entity,
    id: record.id,
    docNumber: record.docNumber,
    txnDate: record.txnDate,
    party: record.party,
    amount: record.totalAmt,
    currency: record.currency,
  };
}

/** What a row shows of a record to restore: its old Id, as the plan named it, and its notes. */
function restoreBase(r: RestoreRecord) {
  return {
    key: jobRecordKey(r),
    entity: r.entity,
    id: r.id,
    docNumber: r.docNumber,
    txnDate: r.txnDate,
    party: undefined,
    amount: r.amount,
    currency: undefined,
    ...(r.notes?.length ? { notes: r.notes } : {}),
  };
}

export function recordRows(records: readonly JobRecord[], chunks: readonly ChunkRead[]): JobRecordRow[] {
  const finals = new Map<string, Extract<JobRecordRow['state'], { kind: 'final' }>>();
  const unverified = new Set<string>();
  for (const read of chunks) {
    if (read.kind !== 'ok') continue;
    for (const [key, stored] of Object.entries(read.chunk.outcomes)) finals.set(key, { kind: 'final', ...stored });
    for (const item of [...read.chunk.inFlight, ...read.chunk.verify]) unverified.add(item.key);
  }
  return records.map((r) => {
    const key = jobRecordKey(r);
    const base = r.kind === 'restore' ? restoreBase(r) : reviewedBase(r.record);
    const final = finals.get(key);
    if (final) {
      const newId = final.outcome.kind === 'restored' ? { newId: final.outcome.newId } : {};
      return {
        ...base,
        ...newId,
        state: final,
        group: OUTCOME_GROUP[final.outcome.kind],
      };
    }
    if (unverified.has(key)) return { ...base, state: { kind: 'unverified' }, group: 'needsAttention' };
    return { ...base, state: { kind: 'pending' }, group: 'pending' };
  });
}
