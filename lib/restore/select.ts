/**
 * Which audit entries a restore may start from: deletions only (outcome 'deleted' or
 * 'deletedVerified'), the latest per record, narrowed by the bookkeeper's filters. Pure.
 *
 * `from`/`to` are TxnDates (YYYY-MM-DD, inclusive), the date the bookkeeper sees on the transaction in
 * QuickBooks and the one the closed period is judged by; they compare as strings, with no time zone to
 * guess. "What one deletion run removed" is `jobId`. An entry with no TxnDate (neither on the entry nor
 * in its snapshot) is left out whenever `from` or `to` is given.
 */
import type { Entity } from '../domain/entities';
import type { Environment } from '../domain/ids';
import { isDeletedOutcome, latestPerRecord, type RestoreEntry } from './entry';
import { asObject } from './kinds';

export interface RestoreFilter {
  jobId?: string;
  /** First TxnDate kept, YYYY-MM-DD, inclusive. */
  from?: string;
  /** Last TxnDate kept, YYYY-MM-DD, inclusive. */
  to?: string;
  realmId?: string;
  environment?: Environment;
  /** Only these entities; all when absent (an empty list keeps none). */
  entities?: readonly Entity[];
}

/** The entry's TxnDate: the snapshot's, else the one the entry recorded. */
export function txnDateOf(entry: Pick<RestoreEntry, 'txnDate' | 'preDeleteJson'>): string | undefined {
  const fromSnapshot = asObject(entry.preDeleteJson)?.TxnDate;
  return typeof fromSnapshot === 'string' ? fromSnapshot : entry.txnDate;
}

function matches(entry: RestoreEntry, filter: RestoreFilter): boolean {
  if (filter.jobId !== undefined && entry.jobId !== filter.jobId) return false;
  if (filter.realmId !== undefined && entry.realmId !== filter.realmId) return false;
  if (filter.environment !== undefined && entry.environment !== filter.environment) return false;
  if (filter.entities !== undefined && !filter.entities.includes(entry.entity)) return false;
  if (filter.from === undefined && filter.to === undefined) return true;
  const date = txnDateOf(entry);
  if (date === undefined) return false;
  return (filter.from === undefined || date >= filter.from) && (filter.to === undefined || date <= filter.to);
}

/**
 * The deleted entries that match `filter`, one per record (the latest deletion), in the order they
 * first appear. The latest is chosen among all deletions of the record before the filter narrows, so a
 * job filter never brings back an older copy than the newest one the log holds.
 */
export function filterEntries<E extends RestoreEntry>(entries: readonly E[], filter: RestoreFilter = {}): E[] {
  const deletions = entries.filter((entry) => isDeletedOutcome(entry.outcome));
  return latestPerRecord(deletions).latest.filter((entry) => matches(entry, filter));
}
