/**
 * The records a job is given, stored once per chunk when it is created (lib/journal), one variant
 * per kind of job:
 *
 * - `reviewed` (delete, void): the record as the person reviewed it in the preflight, its SyncToken
 *   included (R1 compares it with a re-read just before the call), and whether it was reconciled (R2).
 * - `restore`: a deleted record to re-create. It has no SyncToken (it does not exist), only its old
 *   Id, the create body lib/restore built from its snapshot (links still naming old Ids), and the
 *   chunks that will hold the new Ids of the records it links to; or why the plan refused it (a code
 *   with its fields, worded by the rooms).
 *
 * Declared here, below lib/journal (which stores them) and lib/restore (which builds the restore
 * ones), so both speak the same shape (tests/domain/no-cycles.test.ts).
 */
import { z } from 'zod';
import { AttachmentMetaSchema } from './attachments';
import { ENTITIES } from './entities';
import { recordKey } from './record-key';
import { RestoreNoteSchema, RestoreRefusalSchema } from './refusals';

/** A record as the service shows it, as kept with a job or a check (lib/qbo builds it from the JSON). */
export const TxnRecordSchema = z.object({
  entity: z.enum(ENTITIES),
  id: z.string(),
  syncToken: z.string(),
  txnDate: z.string().optional(),
  docNumber: z.string().optional(),
  totalAmt: z.number().optional(),
  currency: z.string().optional(),
  party: z.string().optional(),
  lastUpdatedTime: z.string().optional(),
  linkedTxn: z.array(z.object({ txnId: z.string(), txnType: z.string() })),
  raw: z.record(z.string(), z.unknown()),
  /** Its attachments as the check read them (lib/domain/attachments.ts); absent: none read. */
  attachments: z.array(AttachmentMetaSchema).optional(),
});

export const ReviewedRecordSchema = z.object({
  // A record built by the preflight names no kind: reviewed is what it is (stored ones too).
  kind: z.literal('reviewed').default('reviewed'),
  record: TxnRecordSchema,
  reconciled: z.boolean(),
  // Shape 1 kept a restore's record here, disguised as a reviewed one: never read as one (it reads
  // as unreadable, the job pauses) — lib/storage/migrations/job-records-v2-restore-variant.ts moves it.
  restore: z.never().optional(),
});

/** A record a restore re-creates in an earlier chunk of the same job: where its new Id will be. */
export const RestoreDependencySchema = z.object({ key: z.string(), chunk: z.number().int().nonnegative() });

/** What the restore does with the record: send its create body, or refuse it without a call. */
export const RestoreCreateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send'),
    /** The create body, built once from the snapshot; its links still name old Ids. */
    body: z.record(z.string(), z.unknown()),
    dependsOn: z.array(RestoreDependencySchema),
  }),
  z.object({ kind: z.literal('refused'), why: RestoreRefusalSchema }),
]);

export const RestoreRecordSchema = z.object({
  kind: z.literal('restore'),
  entity: z.enum(ENTITIES),
  /** The deleted record's Id: its key in the job and the audit log (the new Id is its outcome's). */
  id: z.string(),
  docNumber: z.string().optional(),
  txnDate: z.string().optional(),
  amount: z.number().optional(),
  /** What the bookkeeper has to do by hand once it is back (e.g. re-apply a payment). */
  notes: z.array(RestoreNoteSchema).optional(),
  create: RestoreCreateSchema,
});

export const JobRecordSchema = z.discriminatedUnion('kind', [ReviewedRecordSchema, RestoreRecordSchema]);
export const JobRecordListSchema = z.array(JobRecordSchema);

/** As built (kind may be left out) and as read back (kind 'reviewed'). */
export type ReviewedRecord = z.input<typeof ReviewedRecordSchema>;
export type RestoreRecord = z.infer<typeof RestoreRecordSchema>;
export type RestoreDependency = z.infer<typeof RestoreDependencySchema>;
export type JobRecord = ReviewedRecord | RestoreRecord;

export const isRestoreRecord = (r: JobRecord): r is RestoreRecord => r.kind === 'restore';
export const isReviewedRecord = (r: JobRecord): r is ReviewedRecord => r.kind !== 'restore';

/** A job record's key (`Entity:Id`; a restore's old Id), the key of its outcome. */
export function jobRecordKey(r: JobRecord): string {
  return r.kind === 'restore' ? recordKey(r.entity, r.id) : recordKey(r.record.entity, r.record.id);
}
