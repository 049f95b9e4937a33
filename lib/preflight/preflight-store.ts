/**
 * The latest preflight of a company's selection: per record its status for the popup, and the
 * reviewed version (SyncToken + full JSON) the runner must delete exactly (R1). storage.local, so a
 * worker restart between "preview" and "delete" loses nothing; it holds no secret.
 */
import { z } from 'zod';
import { ENTITIES } from '../domain/entities';
import { BlockingFindingSchema, hasInventoryFinding, hasLinkedFinding, WarningFindingSchema } from '../domain/findings';
import type { CompanyScope as Scope } from '../domain/scope';
import { PREFLIGHT_STATUSES } from '../domain/statuses';
import { TxnRecordSchema } from '../journal/schema';
import type { StorageArea } from '../storage/area';
import { defineItem, readItem, setAside } from '../storage/item';
import { preflightV2Facts } from '../storage/migrations/preflight-v2-facts';
import { writeQueueFor } from '../storage/queue';
import type { PreflightRecord } from './index';

/**
 * A linked record's counterpart as stored (the popup's LinkedDetail has the same fields today; this
 * one changes only with a shape version and its migration).
 */
const StoredLinkedDetailSchema = z.object({
  entity: z.enum(ENTITIES),
  id: z.string(),
  docNumber: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  lineAmount: z.number().optional(),
});

/**
 * One record as checked (shape version 2: findings as facts, lib/domain/findings.ts). Version 1 kept
 * sentences (`reason`, `warnings: string[]`): such a row does not parse here, and its migration drops
 * it, so the selection is checked again (lib/storage/migrations/preflight-v2-facts.ts).
 */
const RowSchema = z.object({
  status: z.enum(PREFLIGHT_STATUSES),
  /** Every blocking finding, most important first (the first one is the status). */
  blockers: z.array(BlockingFindingSchema),
  /**
   * The findings that block nothing, whatever the status: the linked check's, the inventory check's,
   * the sales-tax note.
   */
  warnings: z.array(WarningFindingSchema),
  reviewed: TxnRecordSchema.optional(),
  /** A linked record's counterparts (number, amount, amount applied), when the preflight read them. */
  linked: z.array(StoredLinkedDetailSchema).optional(),
});
export type PreflightRow = z.infer<typeof RowSchema>;

const StoredSchema = z.object({
  at: z.number(),
  rows: z.record(z.string(), RowSchema),
  error: z.string().optional(),
});
export type StoredPreflight = z.infer<typeof StoredSchema>;

export const PREFLIGHT_ITEM = defineItem('preflight', {
  schema: StoredSchema,
  version: 2,
  migrations: [preflightV2Facts],
});
const keyOf = PREFLIGHT_ITEM.key;

/**
 * The stored row: the findings' facts without the checks' ids. A ready record with the linked
 * finding is shown as "Linked": still deletable, but it changes other records; one that buys or
 * sells inventory (and is not linked) as "Inventory". A record that is both needs both opt-ins
 * (willDelete reads every warning).
 */
function decisionOf(warnings: PreflightRow['warnings']): PreflightRow['status'] {
  if (hasLinkedFinding(warnings)) return 'linked';
  return hasInventoryFinding(warnings) ? 'inventory' : 'ready';
}

export function toPreflightRow(record: PreflightRecord): PreflightRow {
  const blockers = record.blockers.map(({ check: _, ...facts }) => facts);
  const warnings = record.warnings.map(({ check: _, ...facts }) => facts);
  const row: PreflightRow = {
    status: record.status === 'ready' ? decisionOf(warnings) : record.status,
    blockers,
    warnings,
    reviewed: record.reviewed,
  };
  if (record.linked) row.linked = record.linked;
  return row;
}

export function createPreflightStore(local: StorageArea) {
  const queue = writeQueueFor(local);
  const readStored = (scope: Scope) => readItem(PREFLIGHT_ITEM, local, keyOf(scope));
  /** The check (undefined: none, or one this build cannot read: the rows show unchecked). */
  async function read(scope: Scope): Promise<StoredPreflight | undefined> {
    const stored = await readStored(scope);
    return stored.kind === 'ok' ? stored.value : undefined;
  }
  /** Writes a new check; one that could not be read is set aside first, never lost. */
  async function write(scope: Scope, value: StoredPreflight): Promise<void> {
    await setAside(local, keyOf(scope), await readStored(scope));
    await local.set({ [keyOf(scope)]: value });
  }
  return {
    read,
    /** A new preflight replaces the old one whole: statuses never mix two readings. */
    save: (scope: Scope, value: StoredPreflight) => queue.run(() => write(scope, value)),
    setError: (scope: Scope, at: number, error: string) =>
      queue.run(async () => {
        const prev = await read(scope);
        await write(scope, { at, rows: prev?.rows ?? {}, error });
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
