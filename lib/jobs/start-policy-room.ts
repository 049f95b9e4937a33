/**
 * Before a job starts: can this device hold its snapshots? A job keeps each record's JSON twice
 * until it is done (its reviewed records, then its audit entry), and the audit log keeps it after.
 * The browser's estimate says how much room is left (`navigator.storage.estimate()`; with
 * `unlimitedStorage` the quota is the disk's). A job that would not fit is refused before it starts:
 * running out of room halfway would stop it with records deleted and their entries unwritten.
 */
import type { JobRecord } from '../journal/schema';

/** Each record's JSON is held this many times over (reviewed copy, audit entry, the engine's overhead). */
export const COPIES = 3;

export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

/** Bytes a job needs (JSON characters as bytes: an underestimate only for non-ASCII text). */
export function bytesNeeded(records: readonly JobRecord[]): number {
  let n = 0;
  for (const r of records) n += JSON.stringify(r.kind === 'restore' ? r : r.record).length;
  return n * COPIES;
}

/** The refusal when the job would not fit, or undefined when it fits (or the browser cannot say). */
export function startRoom(
  records: readonly JobRecord[],
  estimate: StorageEstimateLike | undefined,
): { code: 'noRoom'; records: number; need: number; free: number } | undefined {
  if (!estimate || estimate.quota === undefined || estimate.usage === undefined) return undefined;
  const need = bytesNeeded(records);
  const free = Math.max(0, estimate.quota - estimate.usage);
  if (need <= free) return undefined;
  return { code: 'noRoom', records: records.length, need, free };
}
