/**
 * An attachment of a transaction (the service's `Attachable`: a receipt file or a note) as the
 * snapshot keeps it: its metadata, never the file. Read by the check (lib/preflight/attachments.ts),
 * kept with the reviewed record, the job and the audit log, and re-attached by a restore
 * (lib/restore/attachments.ts). `entity` and `txnId` name the transaction it was on when read.
 */
import { z } from 'zod';
import { ENTITIES } from './entities';

export const AttachmentMetaSchema = z.object({
  id: z.string(),
  entity: z.enum(ENTITIES),
  txnId: z.string(),
  /** A file's name, content type and size in bytes; absent on a note. */
  fileName: z.string().optional(),
  contentType: z.string().optional(),
  size: z.number().optional(),
  note: z.string().optional(),
});
export type AttachmentMeta = z.infer<typeof AttachmentMetaSchema>;

/** A note alone can be made again from the snapshot; a file cannot (it is never kept). */
export const isNoteOnly = (a: Pick<AttachmentMeta, 'fileName'>): boolean => a.fileName === undefined;

/**
 * What a restore did with one attachment, as data (words live with the screens and the log):
 * re-attached to the new record, made again from the snapshot (a note), gone (another user removed
 * it, or its file cannot come back), or refused by the service (its fault code).
 */
export const AttachmentOutcomeSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('attachmentReattached'), id: z.string(), fileName: z.string().optional() }),
  z.object({ code: z.literal('attachmentRecreated'), id: z.string(), newAttachableId: z.string() }),
  z.object({ code: z.literal('attachmentGone'), id: z.string(), fileName: z.string().optional() }),
  z.object({
    code: z.literal('attachmentRefused'),
    id: z.string(),
    fileName: z.string().optional(),
    faultCode: z.string(),
  }),
]);
export type AttachmentOutcome = z.infer<typeof AttachmentOutcomeSchema>;
