/**
 * A job's records (`sd:job:<id>:records:<i>`) 2 → 3: a restore record's refusal and notes are codes
 * with their fields (lib/domain/refusals.ts), worded by the rooms. Shape 2 stored them as sentences
 * (`create: {kind: 'refused', reason}`, `notes: string[]`); a sentence cannot be turned back into a
 * code, so each is kept as it was, as the code `worded` with its text, and shown as it is. A reviewed
 * record, and a restore record already coded, stay as they are.
 */
import { jobRecordsKeysIn } from './job-records-v2-restore-variant';
import { migrateEach } from './migrate-each';
import type { ItemMigration } from './types';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const worded = (text: string) => ({ code: 'worded', text });

/** One shape-2 restore record → shape 3; anything else unchanged (pure). */
export function toCodedRestore(item: unknown): unknown {
  if (!isObject(item) || item.kind !== 'restore') return item;
  const next: Obj = { ...item };
  const create = item.create;
  if (isObject(create) && create.kind === 'refused' && typeof create.reason === 'string') {
    const { reason, ...rest } = create;
    next.create = { ...rest, why: worded(reason) };
  }
  if (Array.isArray(item.notes)) next.notes = item.notes.map((n) => (typeof n === 'string' ? worded(n) : n));
  return next;
}

/** A chunk's list with each restore record coded (pure); not a list: unchanged. */
export function withCodedRestore(records: unknown): unknown {
  return Array.isArray(records) ? records.map(toCodedRestore) : records;
}

export const jobRecordsV3CodedRestore: ItemMigration = {
  item: 'jobRecords',
  from: 2,
  to: 3,
  describe: "a restore record's refusal and notes are codes; stored sentences are kept as `worded`",
  run: ({ local }) => migrateEach(local, jobRecordsKeysIn, withCodedRestore),
};
