/**
 * Which audit entries a restore may start from: what ./entry.ts restorableOf decides (the latest
 * deletion per record, not restored yet), narrowed by the bookkeeper's filter (lib/messaging's
 * RestoreFilter: the company is not part of it, the audit log is read one company at a time). Pure.
 *
 * `from`/`to` are TxnDates (YYYY-MM-DD, inclusive), the date the bookkeeper sees on the transaction in
 * QuickBooks and the one the closed period is judged by; they compare as strings, with no time zone to
 * guess. "What one deletion run removed" is `jobId`. An entry with no TxnDate (neither on the entry nor
 * in its snapshot) is left out whenever `from` or `to` is given.
 */
import type { RestoreFilter } from '../messaging/restore-view';
import { type RestoreEntry, restorableOf } from './entry';
import { asObject } from './kinds';

export type { RestoreFilter };

/** The entry's TxnDate: the snapshot's, else the one the entry recorded. */
export function txnDateOf(entry: Pick<RestoreEntry, 'txnDate' | 'preDeleteJson'>): string | undefined {
  const fromSnapshot = asObject(entry.preDeleteJson)?.TxnDate;
  return typeof fromSnapshot === 'string' ? fromSnapshot : entry.txnDate;
}

function matches(entry: RestoreEntry, filter: RestoreFilter): boolean {
  if (filter.jobId !== undefined && entry.jobId !== filter.jobId) return false;
  if (filter.entities !== undefined && !filter.entities.includes(entry.entity)) return false;
  if (filter.from === undefined && filter.to === undefined) return true;
  const date = txnDateOf(entry);
  if (date === undefined) return false;
  return (filter.from === undefined || date >= filter.from) && (filter.to === undefined || date <= filter.to);
}

/** The restorable entries (restorableOf's answer) that match `filter`, in their order. */
export function narrowEntries<E extends RestoreEntry>(restorable: readonly E[], filter: RestoreFilter = {}): E[] {
  return restorable.filter((entry) => matches(entry, filter));
}

/**
 * The deleted entries that match `filter`, one per record (the latest deletion), in the order they
 * first appear. The latest is chosen among all deletions of the record before the filter narrows, so a
 * job filter never brings back an older copy than the newest one the log holds.
 */
export function filterEntries<E extends RestoreEntry>(entries: readonly E[], filter: RestoreFilter = {}): E[] {
  return narrowEntries(restorableOf(entries), filter);
}
