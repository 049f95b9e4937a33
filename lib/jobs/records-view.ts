/** Per-record rows of a job for the popup: final outcome, unverified (R5 pending), or pending. */
import type { ChunkRead } from '../journal/journal';
import type { ReviewedRecord } from '../journal/schema';
import { keyOf } from './classify';
import { OUTCOME_GROUP, outcomeLabel, UNVERIFIED_LABEL } from './labels';
import type { JobRecordRow } from './types';

export function recordRows(reviewed: readonly ReviewedRecord[], chunks: readonly ChunkRead[]): JobRecordRow[] {
  const finals = new Map<string, Extract<JobRecordRow['state'], { kind: 'final' }>>();
  const unverified = new Set<string>();
  for (const read of chunks) {
    if (read.kind !== 'ok') continue;
    for (const [key, stored] of Object.entries(read.chunk.outcomes)) finals.set(key, { kind: 'final', ...stored });
    for (const item of [...read.chunk.inFlight, ...read.chunk.verify]) unverified.add(item.key);
  }
  return reviewed.map(({ record, restore }) => {
    const key = keyOf(record);
    const base = {
      key,
      entity: record.entity,
      id: record.id,
      docNumber: record.docNumber,
      txnDate: record.txnDate,
      party: record.party,
      amount: record.totalAmt,
      currency: record.currency,
      ...(restore?.notes?.length ? { notes: restore.notes } : {}),
    };
    const final = finals.get(key);
    if (final) {
      const newId = final.outcome.kind === 'restored' ? { newId: final.outcome.newId } : {};
      return {
        ...base,
        ...newId,
        state: final,
        label: outcomeLabel(final.outcome),
        group: OUTCOME_GROUP[final.outcome.kind],
      };
    }
    if (unverified.has(key))
      return { ...base, state: { kind: 'unverified' }, label: UNVERIFIED_LABEL, group: 'needsAttention' };
    return { ...base, state: { kind: 'pending' }, label: 'Pending', group: 'pending' };
  });
}
