/**
 * What the restore reads of an audit entry (lib/audit/entry.ts AuditEntry has these fields, so an
 * AuditEntry is a RestoreEntry), and which entries are deletions. lib/restore imports only the domain,
 * so the shape is restated here rather than imported.
 */
import type { AttachmentMeta } from '../domain/attachments';
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
  /** A deletion's: the record's attachments then (metadata only), re-attached by a restore. */
  attachments?: readonly AttachmentMeta[];
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

/** The outcome of a restore that may have created the record without the service confirming it. */
export const UNCONFIRMED_OUTCOME = 'restoreUnconfirmed' satisfies keyof typeof RESTORE.outcomes;

/**
 * What a restore reads of the log: the deletions, the restorations that already undid some, and
 * the restorations QuickBooks did not confirm (the record may be back).
 */
export const RESTORE_READS: readonly string[] = [...DELETED_OUTCOMES, ...doneOutcomes(RESTORE), UNCONFIRMED_OUTCOME];

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

const isDoneRestore = (outcome: string): boolean => doneOutcomes(RESTORE).includes(outcome);

/** Per record, how far an earlier restore got: restored (the log says so, or a restore holds it now), or unconfirmed. */
function restoreStates(entries: readonly RestoreEntry[], restoring: Iterable<RecordKey>) {
  const restored = new Set(restoring);
  const unconfirmed = new Set<RecordKey>();
  for (const entry of entries) {
    if (isDoneRestore(entry.outcome)) restored.add(entryKey(entry));
    else if (entry.outcome === UNCONFIRMED_OUTCOME) unconfirmed.add(entryKey(entry));
  }
  return { restored, unconfirmed };
}

/** The latest deletion of each record `pick` keeps (by its key). */
function latestDeletions<E extends RestoreEntry>(entries: readonly E[], pick: (key: RecordKey) => boolean): E[] {
  return latestPerRecord(entries.filter((entry) => isDeletedOutcome(entry.outcome) && pick(entryKey(entry)))).latest;
}

/**
 * What a restore may bring back, decided here only: per record its latest deletion, unless the log
 * (or a restore not settled yet: `restoring`) shows it restored already (twice would duplicate it),
 * or an earlier restore of it was not confirmed (it may be back: see unconfirmedOf).
 */
export function restorableOf<E extends RestoreEntry>(entries: readonly E[], restoring: Iterable<RecordKey> = []): E[] {
  const { restored, unconfirmed } = restoreStates(entries, restoring);
  return latestDeletions(entries, (key) => !restored.has(key) && !unconfirmed.has(key));
}

/**
 * The records an earlier restore may have brought back without QuickBooks confirming it (and no
 * restore since did, or holds them now): per record its latest deletion. They are never offered as
 * plainly restorable; only the person's explicit choice, after looking in QuickBooks, restores them.
 */
export function unconfirmedOf<E extends RestoreEntry>(entries: readonly E[], restoring: Iterable<RecordKey> = []): E[] {
  const { restored, unconfirmed } = restoreStates(entries, restoring);
  return latestDeletions(entries, (key) => unconfirmed.has(key) && !restored.has(key));
}
