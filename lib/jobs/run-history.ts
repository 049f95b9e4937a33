/**
 * The last runs of each company, kept after "Done" so a bookkeeper can look back at (and download)
 * what a run did after dismissing it. storage.local, at most RUNS_KEPT per company; the audit log
 * stays the complete record.
 *
 * The stored shape is this store's own (it matched the popup's JobView when it was written): a
 * change of the view does not change what is stored, a change here ships a shape version and its
 * migration (lib/storage/item.ts).
 */
import { z } from 'zod';
import { ENTITIES } from '../domain/entities';
import { JOB_OPERATIONS, OUTCOME_GROUPS } from '../domain/jobs';
import { DELETE } from '../domain/operations';
import { JobCountsSchema } from '../domain/operations-counts';
import { RECORD_VIEW_OUTCOMES } from '../domain/outcomes';
import { OwnRefusalSchema, RestoreNoteSchema } from '../domain/refusals';
import { EnvironmentSchema } from '../domain/schemas';
import type { CompanyScope as Scope } from '../domain/scope';
import type { StorageArea } from '../storage/area';
import { defineItem, readItem, setAside } from '../storage/item';
import { runsV2OutcomeCodes } from '../storage/migrations/runs-v2-outcome-codes';
import { writeQueueFor } from '../storage/queue';

export const RUNS_KEPT = 5;

const StoredRunRecordSchema = z.object({
  key: z.string(),
  entity: z.enum(ENTITIES),
  id: z.string(),
  docNumber: z.string().optional(),
  group: z.enum(OUTCOME_GROUPS),
  /** How it ended, as a code (the popup words it): an outcome's kind, or `unverified`. */
  outcome: z.enum(RECORD_VIEW_OUTCOMES),
  /** The service's fault, as it came. */
  fault: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Why Safe Delete itself did not send it. */
  refusal: OwnRefusalSchema.optional(),
  /** A restored record's notes. */
  notes: z.array(RestoreNoteSchema).optional(),
  newId: z.string().optional(),
  txnDate: z.string().optional(),
  party: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
});

const StoredRunSchema = z.object({
  id: z.string(),
  realmId: z.string(),
  environment: EnvironmentSchema,
  state: z.enum(['running', 'waiting', 'paused', 'tokenNeeded', 'cancelled', 'done']),
  done: z.number(),
  total: z.number(),
  wait: z
    .object({
      kind: z.enum(['rateLimit', 'pacing', 'tokenNeeded', 'verifying', 'outage', 'landing']),
      until: z.number().optional(),
    })
    .optional(),
  etaMs: z.number().optional(),
  // Runs kept before void and restore existed name no operation and count neither: read as they were.
  operation: z.enum(JOB_OPERATIONS).default(DELETE.kind),
  counts: JobCountsSchema,
  records: z.array(StoredRunRecordSchema),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  leftAlone: z.number().optional(),
  paused: z.object({ kind: z.literal('allowanceUsedUp'), resetsAt: z.number() }).optional(),
});
export type StoredRun = z.infer<typeof StoredRunSchema>;

/** Most recent first; 2: records hold codes and data, no words (../storage/migrations/runs-v2-outcome-codes.ts). */
export const RUNS_ITEM = defineItem('runs', {
  schema: z.array(StoredRunSchema),
  version: 2,
  migrations: [runsV2OutcomeCodes],
});

export function createRunHistory(local: StorageArea) {
  const queue = writeQueueFor(local);
  const keyOf = RUNS_ITEM.key;
  async function read(scope: Scope): Promise<StoredRun[]> {
    const stored = await readItem(RUNS_ITEM, local, keyOf(scope));
    return stored.kind === 'ok' ? stored.value : [];
  }
  return {
    /** Most recent first; none when the stored list cannot be read (it stays stored, see `keep`). */
    read,
    /** "Erase this company's local data". */
    erase: (scope: Scope): Promise<void> => queue.run(() => local.remove(keyOf(scope))),
    keep(scope: Scope, run: StoredRun): Promise<void> {
      return queue.run(async () => {
        const stored = await readItem(RUNS_ITEM, local, keyOf(scope));
        // A list this build cannot read is set aside whole, not written over.
        await setAside(local, keyOf(scope), stored);
        const before = stored.kind === 'ok' ? stored.value : [];
        const runs = [run, ...before.filter((r) => r.id !== run.id)].slice(0, RUNS_KEPT);
        await local.set({ [keyOf(scope)]: runs });
      });
    },
  };
}
