/**
 * A job's records (`sd:job:<id>:records:<i>`) 1 → 2: a restore's records get their own variant
 * (lib/domain/job-records.ts). Shape 1 disguised them as reviewed ones: `record.syncToken: '0'` (a
 * record being re-created has none), `record.raw` = the create body, and a `restore` part with the
 * chunks its links wait for, its notes, or the plan's refusal. Shape 2 says what it is:
 * `{kind: 'restore', entity, id (the old Id), docNumber, txnDate, amount, notes, create: send{body,
 * dependsOn} | refused{reason}}`. A restore job running during the upgrade resumes on them: its
 * chunk journals and outcomes are keyed by the same `Entity:oldId`, and the body is the same.
 *
 * A reviewed record (delete, void) keeps its shape (its `kind` is read as 'reviewed'). What is not a
 * shape-1 restore record is left as it is: the journal reads it as unreadable, never guesses.
 */
import { migrateEach } from './migrate-each';
import type { ItemMigration } from './types';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `sd:job:<id>:records:<i>` (../keys.ts jobRecords) among a local area's keys. */
const JOB_RECORDS = /^sd:job:[^:]+:records:\d+$/;
export const jobRecordsKeysIn = (keys: readonly string[]): string[] => keys.filter((key) => JOB_RECORDS.test(key));

/** One shape-1 record → shape 2; anything else unchanged (pure). */
export function toRestoreVariant(item: unknown): unknown {
  if (!isObject(item) || 'kind' in item || !isObject(item.restore) || !isObject(item.record)) return item;
  const { record, restore } = item;
  const optional = (key: string, value: unknown) => (value === undefined ? {} : { [key]: value });
  const create =
    typeof restore.refusal === 'string'
      ? { kind: 'refused', reason: restore.refusal }
      : { kind: 'send', body: record.raw, dependsOn: restore.dependsOn };
  return {
    kind: 'restore',
    entity: record.entity,
    id: record.id,
    ...optional('docNumber', record.docNumber),
    ...optional('txnDate', record.txnDate),
    ...optional('amount', record.totalAmt),
    ...optional('notes', restore.notes),
    create,
  };
}

/** A chunk's list with each shape-1 restore record moved (pure); not a list: unchanged. */
export function withRestoreVariant(records: unknown): unknown {
  return Array.isArray(records) ? records.map(toRestoreVariant) : records;
}

export const jobRecordsV2RestoreVariant: ItemMigration = {
  item: 'jobRecords',
  from: 1,
  to: 2,
  describe: "a restore job's records get their own variant (no SyncToken '0', the body as the body)",
  run: ({ local }) => migrateEach(local, jobRecordsKeysIn, withRestoreVariant),
};
