/**
 * The persisted shapes of the job journal, as zod schemas: every storage read goes through
 * safeParse (storage is untrusted input, e.g. after an extension update). Types are inferred here
 * and re-exported by lib/jobs/types.ts.
 */
import { z } from 'zod';
import { ENTITIES } from '../domain/entities';
import { JobRecordListSchema } from '../domain/job-records';
import { JOB_OPERATIONS } from '../domain/jobs';
import { MAX_BATCH_ITEMS } from '../domain/limits';
import { OUTCOME_KINDS, type OutcomeKind } from '../domain/outcomes';
import { JobStopSchema, OwnRefusalSchema } from '../domain/refusals';
import { EnvironmentSchema } from '../domain/schemas';
import { defineItem } from '../storage/item';
import { jobChunkV2Declined } from '../storage/migrations/job-chunk-v2-declined';
import { jobRecordsV2RestoreVariant } from '../storage/migrations/job-records-v2-restore-variant';
import { jobRecordsV3CodedRestore } from '../storage/migrations/job-records-v3-coded-restore';
import { jobsV2Operation } from '../storage/migrations/jobs-v2-operation';
import { jobsV3StopCode } from '../storage/migrations/jobs-v3-stop-code';

export {
  type JobRecord,
  JobRecordListSchema,
  JobRecordSchema,
  jobRecordKey,
  type RestoreRecord,
  type ReviewedRecord,
  ReviewedRecordSchema,
  TxnRecordSchema,
} from '../domain/job-records';

export const FaultSchema = z.object({ code: z.string(), message: z.string(), detail: z.string().optional() });

/** How one record ended. `unverified` is never stored as final: it lives in a chunk's `verify` list. */
export const RecordOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deleted') }),
  z.object({ kind: z.literal('deletedVerified') }), // R5: ambiguous, re-read: gone
  z.object({ kind: z.literal('notDeletedVerified'), currentSyncToken: z.string() }), // R5: still there
  // R1: the re-read found its SyncToken moved (currentSyncToken), or the delete was answered 5010
  // "Stale Object Error" (fault; the current token is then unknown).
  z.object({
    kind: z.literal('skippedChanged'),
    currentSyncToken: z.string().optional(),
    fault: FaultSchema.optional(),
  }),
  z.object({ kind: z.literal('skippedReconciled') }), // R2
  z.object({ kind: z.literal('closedPeriod'), fault: FaultSchema }), // R3: 6200/6210/5010
  z.object({ kind: z.literal('refused'), fault: FaultSchema }), // any other fault, 6540 included
  // Safe Delete did not send it (cannot be voided, the restore plan refused it …): our own, not a fault.
  z.object({ kind: z.literal('declined'), refusal: OwnRefusalSchema }),
  z.object({ kind: z.literal('alreadyGone'), fault: FaultSchema.optional() }), // 610, or absent on re-read
  z.object({ kind: z.literal('voided') }), // void answered without a fault AND a re-read shows it voided
  z.object({ kind: z.literal('notVoidedVerified'), currentSyncToken: z.string() }), // answered, re-read: not voided
  z.object({ kind: z.literal('restored'), newId: z.string() }), // re-created from its snapshot, read back
  // A restore's answer was lost and the service shows several records that look like its copy (or none
  // after a 6000 on the re-send): never re-sent, a person looks. `candidateIds`: the look-alikes' Ids.
  z.object({ kind: z.literal('restoreUnconfirmed'), candidateIds: z.array(z.string()) }),
]);

export const StoredOutcomeSchema = z.object({
  outcome: RecordOutcomeSchema,
  at: z.number(),
  intuitTid: z.string().optional(),
});

/** One delete or void as sent (or about to be sent): enough to verify it without the snapshots. */
export const ReviewedSentItemSchema = z.object({
  bId: z.string(),
  key: z.string(),
  entity: z.enum(ENTITIES),
  id: z.string(),
  syncToken: z.string(),
  /** When the attempt carrying it was journaled, just before its send: its write may land until sentAt + WRITE_LANDS_WITHIN_MS. */
  sentAt: z.number().optional(),
});

/**
 * One create of a restore as sent (or about to be sent): the old Id (its key) and the body exactly as
 * sent, its links already pointing at the new Ids, journaled with the attempt so a verification
 * looks for, and re-sends, that very body (built once, in prepare). Items journaled by builds before
 * this had no body and a SyncToken of '0': they read as reviewed items, and a restore rebuilds theirs.
 */
export const CreateSentItemSchema = z.object({
  bId: z.string(),
  key: z.string(),
  entity: z.enum(ENTITIES),
  id: z.string(),
  body: z.record(z.string(), z.unknown()),
  sentAt: z.number().optional(),
});

export const SentItemSchema = z.union([CreateSentItemSchema, ReviewedSentItemSchema]);

/**
 * Per-chunk write-ahead state, written first when the attempt is journaled (before the send).
 * inFlight non-empty when read back = sent with no answer recorded = ambiguous (R5) → verify.
 */
export const ChunkJournalSchema = z.object({
  index: z.number().int().nonnegative(),
  outcomes: z.record(z.string(), StoredOutcomeSchema),
  inFlight: z.array(SentItemSchema),
  queue: z.array(SentItemSchema), // 1040 fallback: still to send one at a time
  verify: z.array(SentItemSchema), // ambiguous: to re-read, never to re-send
  batchCalls: z.number().int().nonnegative(),
  /**
   * The last attempt's id, journaled with its items: a create is sent with it as the service's
   * `requestid`, so verifying an ambiguous create re-sends the same request and gets the original
   * answer instead of creating again.
   */
  attemptId: z.string().optional(),
});

export const JOB_STATUSES = ['created', 'running', 'waiting', 'paused', 'tokenNeeded', 'cancelled', 'done'] as const;

export const JobWaitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rateLimit'), until: z.number() }), // 429 Retry-After
  z.object({ kind: z.literal('pacing'), until: z.number() }), // our own throttle
  z.object({ kind: z.literal('tokenNeeded') }), // 401
  z.object({ kind: z.literal('verifying'), until: z.number() }), // R5 re-read failed: retry the read
  // A write whose answer was lost may still land until its deadline: nothing is concluded before it.
  z.object({ kind: z.literal('landing'), until: z.number(), count: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('retry'), until: z.number(), reason: z.string() }), // pre-delete read failed
]);

export { OUTCOME_KINDS };

export const JobMetaSchema = z.object({
  id: z.string(),
  realmId: z.string(),
  environment: EnvironmentSchema,
  /** What the job does to its records (jobs stored before operations existed: ../storage/migrations/jobs-v2-operation.ts). */
  operation: z.enum(JOB_OPERATIONS),
  includeReconciled: z.boolean(),
  /** A restore sends `include=allowduplicatedocnum` (the person chose "Allow duplicate numbers"). */
  allowDuplicateDocNumbers: z.boolean().optional(),
  chunkSize: z.number().int().min(1).max(MAX_BATCH_ITEMS),
  total: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  /** Index of the next chunk to start; chunks below it are closed. */
  cursor: z.number().int().nonnegative(),
  /** The chunk at `cursor` has a journal entry (attempt written, not closed yet). */
  openChunk: z.boolean(),
  status: z.enum(JOB_STATUSES),
  wait: JobWaitSchema.optional(),
  // A job stored before an outcome kind existed counts 0 of it.
  counts: z.preprocess(
    (value) => (value && typeof value === 'object' ? { ...emptyCounts(), ...value } : value),
    z.record(z.enum(OUTCOME_KINDS), z.number()),
  ),
  unverified: z.number().int().nonnegative(),
  createdAt: z.number(),
  startedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  /**
   * Why the runner paused on its own (403, unreadable journal), as a code the popup words (a
   * sentence an older build stored: ../storage/migrations/jobs-v3-stop-code.ts).
   */
  stop: JobStopSchema.optional(),
  /** A pause the popup words from data (lib/jobs/allowance.ts): the app's monthly reads are used up. */
  pausedFor: z.object({ kind: z.literal('allowanceUsedUp'), resetsAt: z.number() }).optional(),
});

export type RecordOutcome = z.infer<typeof RecordOutcomeSchema>;
export type { OutcomeKind };
export type StoredOutcome = z.infer<typeof StoredOutcomeSchema>;
export type SentItem = z.infer<typeof SentItemSchema>;
export type ReviewedSentItem = z.infer<typeof ReviewedSentItemSchema>;
export type CreateSentItem = z.infer<typeof CreateSentItemSchema>;
export type ChunkJournal = z.infer<typeof ChunkJournalSchema>;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobWait = z.infer<typeof JobWaitSchema>;
export type JobMeta = z.infer<typeof JobMetaSchema>;

/** The journal's stored items (keys in lib/storage/keys.ts): each shape, its version and migrations. */
/** The jobs; 2: each names its operation; 3: why the runner paused one is a code (`stop`). */
export const JOBS_ITEM = defineItem('jobs', {
  schema: z.array(JobMetaSchema),
  version: 3,
  migrations: [jobsV2Operation, jobsV3StopCode],
});
/**
 * A job's records, one variant per kind of job (../domain/job-records.ts); 2: a restore's have their
 * own; 3: a restore's refusal and notes are codes.
 */
export const JOB_RECORDS_ITEM = defineItem('jobRecords', {
  schema: JobRecordListSchema,
  version: 3,
  migrations: [jobRecordsV2RestoreVariant, jobRecordsV3CodedRestore],
});
/** A chunk's journal; 2: our own refusals are `declined`, no longer dressed as faults. */
export const JOB_CHUNK_ITEM = defineItem('jobChunk', {
  schema: ChunkJournalSchema,
  version: 2,
  migrations: [jobChunkV2Declined],
});
export const THROTTLE_ITEM = defineItem('throttle', { schema: z.array(z.number()), version: 1 });

export function emptyCounts(): Record<OutcomeKind, number> {
  return Object.fromEntries(OUTCOME_KINDS.map((k) => [k, 0])) as Record<OutcomeKind, number>;
}
