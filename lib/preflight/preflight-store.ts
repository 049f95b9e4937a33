/**
 * The latest preflight of a company's selection: per record its status for the popup, and the
 * reviewed version (SyncToken + full JSON) the runner must delete exactly (R1). storage.local, so a
 * worker restart between "preview" and "delete" loses nothing; it holds no secret.
 */
import { z } from 'zod';
import { BlockingFindingSchema, hasLinkedFinding, LinkedFindingSchema } from '../domain/findings';
import { TxnRecordSchema } from '../journal/schema';
import { LinkedDetailSchema, PREFLIGHT_STATUSES } from '../messaging/views';
import type { PreflightRecord } from '../preflight/index';
import type { Scope } from '../selection/store';
import type { StorageArea } from '../storage/area';
import { storageKey } from '../storage/keys';
import { writeQueueFor } from '../storage/queue';

/**
 * One record as checked (shape version 2: findings as facts, lib/domain/findings.ts). Version 1 kept
 * sentences (`reason`, `warnings: string[]`): such a row does not parse here, and the migration to
 * storage version 3 drops it, so the selection is checked again (lib/storage/migrations.ts).
 */
const RowSchema = z.object({
  status: z.enum(PREFLIGHT_STATUSES),
  /** Every blocking finding, most important first (the first one is the status). */
  blockers: z.array(BlockingFindingSchema),
  /** The linked check's finding, when the record is linked (whatever its status). */
  warnings: z.array(LinkedFindingSchema),
  reviewed: TxnRecordSchema.optional(),
  /** A linked record's counterparts (number, amount, amount applied), when the preflight read them. */
  linked: z.array(LinkedDetailSchema).optional(),
});
export type PreflightRow = z.infer<typeof RowSchema>;

const StoredSchema = z.object({
  at: z.number(),
  rows: z.record(z.string(), RowSchema),
  error: z.string().optional(),
});
export type StoredPreflight = z.infer<typeof StoredSchema>;

const keyOf = storageKey.preflight;

/**
 * The stored row: the findings' facts without the checks' ids. A ready record with the linked
 * finding is shown as "Linked": still deletable, but it changes other records.
 */
export function toPreflightRow(record: PreflightRecord): PreflightRow {
  const blockers = record.blockers.map(({ check: _, ...facts }) => facts);
  const warnings = record.warnings.map(({ check: _, ...facts }) => facts);
  const row: PreflightRow = {
    status: record.status === 'ready' && hasLinkedFinding(warnings) ? 'linked' : record.status,
    blockers,
    warnings,
    reviewed: record.reviewed,
  };
  if (record.linked) row.linked = record.linked;
  return row;
}

export function createPreflightStore(local: StorageArea) {
  const queue = writeQueueFor(local);
  async function read(scope: Scope): Promise<StoredPreflight | undefined> {
    const parsed = StoredSchema.safeParse((await local.get(keyOf(scope)))[keyOf(scope)]);
    return parsed.success ? parsed.data : undefined;
  }
  return {
    read,
    /** A new preflight replaces the old one whole: statuses never mix two readings. */
    save: (scope: Scope, value: StoredPreflight) => queue.run(() => local.set({ [keyOf(scope)]: value })),
    setError: (scope: Scope, at: number, error: string) =>
      queue.run(async () => {
        const prev = await read(scope);
        await local.set({ [keyOf(scope)]: { at, rows: prev?.rows ?? {}, error } });
      }),
    /** "Erase this company's local data": the whole check, reviewed snapshots and all. */
    erase: (scope: Scope) => queue.run(() => local.remove(keyOf(scope))),
    forget: (scope: Scope, keys: readonly string[]) =>
      queue.run(async () => {
        const prev = await read(scope);
        if (!prev) return;
        const rows = Object.fromEntries(Object.entries(prev.rows).filter(([k]) => !keys.includes(k)));
        await local.set({ [keyOf(scope)]: { ...prev, rows } });
      }),
  };
}
export type PreflightStore = ReturnType<typeof createPreflightStore>;
