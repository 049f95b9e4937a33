/**
 * A job as extension pages see it (split from ./views.ts, which re-exports it): its records with how
 * each ended, as data the popup words (a fault's code, our own refusal, a restored record's notes and
 * what became of its attachments), its counts, its wait and its state.
 */
import { z } from 'zod';
import { AttachmentOutcomeSchema } from '../domain/attachments';
import { ENTITIES } from '../domain/entities';
import { JOB_OPERATIONS, OUTCOME_GROUPS } from '../domain/jobs';
import { DELETE } from '../domain/operations';
import { JobCountsSchema } from '../domain/operations-counts';
import { RECORD_VIEW_OUTCOMES } from '../domain/outcomes';
import { JobStopSchema, OwnRefusalSchema, RestoreNoteSchema } from '../domain/refusals';
import { EnvironmentSchema } from '../domain/schemas';

export const JobRecordViewSchema = z.object({
  key: z.string(),
  entity: z.enum(ENTITIES),
  id: z.string(),
  docNumber: z.string().optional(),
  group: z.enum(OUTCOME_GROUPS),
  /** How it ended (the popup words it): a final outcome's kind, or `unverified` while a write may still land. */
  outcome: z.enum(RECORD_VIEW_OUTCOMES),
  // Data, worded by the popup: the service's fault as it came (its code shown, its message left to the
  // exported log), our own refusal (`declined`), a restored record's notes (what to do by hand).
  fault: z.object({ code: z.string(), message: z.string() }).optional(),
  refusal: OwnRefusalSchema.optional(),
  notes: z.array(RestoreNoteSchema).optional(),
  /** A restored record's new Id (the old one is `id`). */
  newId: z.string().optional(),
  /** A restored record's: what became of each of its attachments (codes with their fields). */
  attachmentOutcomes: z.array(AttachmentOutcomeSchema).optional(),
  /** Identity for the result report (from the reviewed record), when the background has it. */
  txnDate: z.string().optional(),
  party: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
});
export type JobRecordView = z.infer<typeof JobRecordViewSchema>;

export const JOB_STATES = ['running', 'waiting', 'paused', 'tokenNeeded', 'cancelled', 'done'] as const;

export const JobViewSchema = z.object({
  id: z.string(),
  realmId: z.string(),
  environment: EnvironmentSchema,
  state: z.enum(JOB_STATES),
  done: z.number(),
  total: z.number(),
  /** The current wait, in words the popup can show ("Waiting 60 s for the service's rate limit"). */
  wait: z
    .object({
      kind: z.enum(['rateLimit', 'pacing', 'tokenNeeded', 'verifying', 'outage', 'landing']),
      until: z.number().optional(),
      /** `landing`: how many records' writes QuickBooks may still be saving. */
      count: z.number().int().nonnegative().optional(),
    })
    .optional(),
  etaMs: z.number().optional(),
  /** What the job does (lib/domain/operations.ts); a job stored before operations existed deleted. */
  operation: z.enum(JOB_OPERATIONS).default(DELETE.kind),
  counts: JobCountsSchema,
  records: z.array(JobRecordViewSchema),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  /** Selected rows the job did not take (left alone by the check), for the result's tie-out. */
  leftAlone: z.number().optional(),
  /** Why the runner paused on its own, as data (the popup words it): the app's monthly reads are used up. */
  paused: z.object({ kind: z.literal('allowanceUsedUp'), resetsAt: z.number() }).optional(),
  /** Why the runner paused on its own for any other reason, as data (the popup words it); only while paused. */
  stop: JobStopSchema.optional(),
});
export type JobView = z.infer<typeof JobViewSchema>;
