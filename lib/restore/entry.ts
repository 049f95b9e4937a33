/**
 * What the restore reads of an audit entry (lib/audit/entry.ts AuditEntry has these fields, so an
 * AuditEntry is a RestoreEntry), and which entries are deletions. lib/restore imports only the domain,
 * so the shape is restated here rather than imported.
 */
import type { Entity } from '../domain/entities';
import type { Environment } from '../domain/ids';
import { DELETE, RESTORE } from '../domain/operations';
import { type RecordKey, recordKey } from '../domain/record-key';

export interface RestoreEntry {
  /** When the outcome was recorded (epoch ms): for a deletion, when the record was deleted. */
  at: number;
  jobId: string;
  realmId: string;
  environment: Environment;
  entity: Entity;
  id: string;
  docNumber?: string;
  txnDate?: string;
  amount?: number;
  currency?: string;
  party?: string;
  outcome: string;
  outcomeLabel?: string;
  /** The record's full JSON as read before the delete: what it is re-created from. */
  preDeleteJson: unknown;
}

/** The outcomes of an operation that fall in its done group (read from its declaration). */
const doneOutcomes = (op: { doneGroup: string; outcomes: Record<string, { group: string }> }): readonly string[] =>
  Object.entries(op.outcomes)
    .filter(([, o]) => o.group === op.doneGroup)
    .map(([kind]) => kind);

/**
 * The outcomes of a record the job deleted ('deleted', 'deletedVerified': the delete operation's
 * declaration says which); every other outcome left the record in QuickBooks.
 */
export const DELETED_OUTCOMES = doneOutcomes(DELETE);

export function isDeletedOutcome(outcome: string): boolean {
  return DELETED_OUTCOMES.includes(outcome);
}

/** What a restore reads of the log: the deletions, and the restorations that already undid some. */
export const RESTORE_READS: readonly string[] = [...DELETED_OUTCOMES, ...doneOutcomes(RESTORE)];

export const entryKey = (entry: Pick<RestoreEntry, 'entity' | 'id'>): RecordKey => recordKey(entry.entity, entry.id);

/** A key unique across companies: the same Id in two companies (or environments) is two records. */
const companyKey = (entry: RestoreEntry): string => `${entry.environment}/${entry.realmId}/${entryKey(entry)}`;

/**
 * One entry per record, the latest by `at` (on a tie, the later in the list), in the order the kept
 * entries first appeared; `older` lists the others, in list order.
 */
export function latestPerRecord<E extends RestoreEntry>(entries: readonly E[]): { latest: E[]; older: E[] } {
  const best = new Map<string, E>();
  for (const entry of entries) {
    const known = best.get(companyKey(entry));
    if (!known || entry.at >= known.at) best.set(companyKey(entry), entry);
  }
  const kept = new Set(best.values());
  const order = new Map<string, number>();
  entries.forEach((entry, i) => {
    if (!order.has(companyKey(entry))) order.set(companyKey(entry), i);
  });
  const latest = [...kept].sort((a, b) => (order.get(companyKey(a)) ?? 0) - (order.get(companyKey(b)) ?? 0));
  return { latest, older: entries.filter((entry) => !kept.has(entry)) };
}

/**
 * What a restore may bring back, decided here only: per record its latest deletion, unless the log
 * (or a restore running now: `restoring`) shows it restored already (twice would duplicate it).
 */
export function restorableOf<E extends RestoreEntry>(entries: readonly E[], restoring: Iterable<RecordKey> = []): E[] {
  const restored = new Set(restoring);
  for (const entry of entries) if (entry.outcome === 'restored') restored.add(entryKey(entry));
  const deletions = entries.filter((entry) => isDeletedOutcome(entry.outcome) && !restored.has(entryKey(entry)));
  return latestPerRecord(deletions).latest;
}
