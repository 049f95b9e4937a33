/**
 * One line of the audit log: the bookkeeper's only copy of a deleted record (the service has no
 * undo), so it carries the full pre-delete JSON. Append-only; never holds a token (the runner never
 * sees one: clients take a getToken callback).
 */
import { z } from 'zod';
import { AttachmentMetaSchema, AttachmentOutcomeSchema } from '../domain/attachments';
import { ENTITIES } from '../domain/entities';
import { EnvironmentSchema } from '../domain/schemas';

export const AuditEntrySchema = z.object({
  at: z.number(),
  jobId: z.string(),
  realmId: z.string(),
  environment: EnvironmentSchema,
  entity: z.enum(ENTITIES),
  id: z.string(),
  docNumber: z.string().optional(),
  txnDate: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  party: z.string().optional(),
  /** The SyncToken of the version reviewed (and, when deleted, of the version deleted). */
  syncToken: z.string(),
  outcome: z.string(),
  outcomeLabel: z.string(),
  faultCode: z.string().optional(),
  faultMessage: z.string().optional(),
  intuitTid: z.string().optional(),
  /** A restored record's new Id (`id` is the deleted one's): the audit log keeps the mapping. */
  newId: z.string().optional(),
  /** The record's attachments when it was deleted (metadata, never the file): a restore re-attaches them. */
  attachments: z.array(AttachmentMetaSchema).optional(),
  /** A restored record's: what became of each attachment (re-attached, made again, gone, refused). */
  attachmentOutcomes: z.array(AttachmentOutcomeSchema).optional(),
  preDeleteJson: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
