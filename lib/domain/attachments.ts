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
