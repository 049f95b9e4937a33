/**
 * The latest preflight of a company's selection: per record its status for the popup, and the
 * reviewed version (SyncToken + full JSON) the runner must delete exactly (R1). storage.local, so a
 * worker restart between "preview" and "delete" loses nothing; it holds no secret.
 */
import { z } from 'zod';
import { TxnRecordSchema } from '../journal/schema';
import { LinkedDetailSchema, PREFLIGHT_STATUSES } from '../messaging/views';
import type { PreflightRecord } from '../preflight/index';
import type { Scope } from '../selection/store';
import type { StorageArea } from '../storage/area';
import { storageKey } from '../storage/keys';
import { writeQueueFor } from '../storage/queue';

const RowSchema = z.object({
  status: z.enum(PREFLIGHT_STATUSES),
  warnings: z.array(z.string()),
  reason: z.string(),
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

/** A ready record with links is shown as "Linked": still deletable, but it changes other records. */
export function toPreflightRow(record: PreflightRecord): PreflightRow {
  const linked = record.status === 'ready' && record.warnings.some((w) => w.type === 'linked');
  const row: PreflightRow = {
    status: linked ? 'linked' : record.status,
    warnings: record.warnings.map((w) => w.reason),
    reason: record.reason,
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
