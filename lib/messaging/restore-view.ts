/**
 * The restore's shapes as extension pages see them: the filter a restore takes and the preview said
 * before the click (split from ./views.ts, which re-exports them).
 */
import { z } from 'zod';
import { ENTITIES } from '../domain/entities';
import type { RestoreRefusal } from '../domain/refusals';
import type { CannotComeBack } from '../domain/restore-losses';
import type { ViewScopeSchema } from '../domain/schemas';

/**
 * Which deleted records a restore takes (all of the connected company's by default): one deletion
 * run (`jobId`), TxnDates from/to (YYYY-MM-DD, inclusive), types.
 */
export const RestoreFilterSchema = z.object({
  jobId: z.string().max(64).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  entities: z.array(z.enum(ENTITIES)).max(ENTITIES.length).optional(),
});
export type RestoreFilter = z.infer<typeof RestoreFilterSchema>;

/** A record as the preview names it: its type, old Id and what the deletion result showed of it. */
export interface RestorePreviewRecord {
  key: string;
  entity: (typeof ENTITIES)[number];
  id: string;
  docNumber?: string;
  party?: string;
  txnDate?: string;
  amount?: number;
  currency?: string;
}

/** What a restore plan would do: how many records come back (per type), which are refused and why. */
export interface RestorePlanView {
  /** Records that would be re-created, per type. */
  willRestore: number;
  byEntity: Partial<Record<(typeof ENTITIES)[number], number>>;
  /** The amounts of the records that would be re-created, summed per currency ("USD": 97199.1). */
  amounts?: Record<string, number>;
  /** Records refused before any call, with why as a code (closed period, linked to a refused record …). */
  refused: (RestorePreviewRecord & { why: RestoreRefusal })[];
  /** Numbers (DocNumber) the restore would reuse: the service refuses a number in use unless allowed. */
  withDocNumbers: number;
  /**
   * The records that would come back carrying attachments when deleted: their files' names and how
   * many notes (re-attached by the restore).
   */
  withAttachments?: (RestorePreviewRecord & { files: string[]; notes: number })[];
}

/** What "Restore deleted records" would do, said before the click. */
export interface RestorePreview extends RestorePlanView {
  /** What cannot come back, as codes (worded by lib/popup/words/restore.ts). */
  cannotComeBack: CannotComeBack[];
  /** The company previewed and a stamp of the plan: `restore/start` sends it back. */
  scope: z.infer<typeof ViewScopeSchema>;
  /**
   * Records an earlier restore did not get confirmed: they may already be back in QuickBooks. Not
   * part of the plan above; restored only by the person's explicit choice (`includeUnconfirmed`),
   * and then the plan is `ifRestored`, whose `stamp` the start sends instead of the scope's.
   */
  unconfirmed?: {
    records: RestorePreviewRecord[];
    ifRestored: RestorePlanView & { stamp: string };
  };
}
