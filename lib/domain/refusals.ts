/**
 * Why Safe Delete itself left a record alone, and what a person has to do by hand after a restore:
 * coded unions with their fields (as zod's issues are `{code, …}`), never sentences. The words live in
 * lib/popup/words/ (the screens) and lib/audit/words.ts (the log); stored shapes hold these codes.
 *
 * Each union has a `worded` variant: text that builds before these codes stored as a sentence. A
 * migration cannot re-word it, so it is carried as it was and shown as it is.
 */
import { z } from 'zod';
import { ENTITIES } from './entities';
import { ENVIRONMENTS } from './ids';
import { NAME_TYPES } from './names';

/** A record a sentence names: "Invoice 1032", or "Invoice (Id 5)" when it has no number. */
export const RecordRefSchema = z.object({
  /** The service's type name; one we do not delete stays as the service wrote it. */
  entity: z.string(),
  id: z.string(),
  docNumber: z.string().optional(),
});
export type RecordRef = z.infer<typeof RecordRefSchema>;

/** Text from a build before codes, carried as it was stored. */
const Worded = z.object({ code: z.literal('worded'), text: z.string() });

/** Why the restore plan refuses a record before any call (lib/restore/plan.ts, order.ts, refs.ts). */
export const RestoreRefusalSchema = z.discriminatedUnion('code', [
  /** It belongs to another company than the first chosen record. */
  z.object({ code: z.literal('otherCompany'), realmId: z.string(), environment: z.enum(ENVIRONMENTS) }),
  /** Its audit entry is not a deletion: `outcome` the entry's kind, `label` its words as the log stored them. */
  z.object({ code: z.literal('notDeleted'), outcome: z.string(), label: z.string().optional() }),
  /** An older deletion of a record chosen twice. */
  z.object({ code: z.literal('listedTwice') }),
  z.object({ code: z.literal('copyUnreadable') }),
  z.object({ code: z.literal('copyOfAnother') }),
  z.object({ code: z.literal('copyUndated') }),
  /** Dated on or before the book-close date (both YYYY-MM-DD). */
  z.object({ code: z.literal('closedPeriod'), dated: z.string(), closedThrough: z.string() }),
  /** A name it refers to is deleted (`deleted`) or inactive now; `name` as the saved copy spells it. */
  z.object({ code: z.literal('nameGone'), nameType: z.enum(NAME_TYPES), name: z.string(), deleted: z.boolean() }),
  /** Linked to a record deleted too but not chosen. */
  z.object({ code: z.literal('linkedDeletedElsewhere'), record: RecordRefSchema }),
  /** Linked to a record refused itself. */
  z.object({ code: z.literal('linkedRefused'), record: RecordRefSchema }),
  /** On a circle of links with `others`. */
  z.object({ code: z.literal('linkCircle'), others: z.array(RecordRefSchema) }),
  /** Linked to a record the order could not place. */
  z.object({ code: z.literal('linkedUnplaced'), record: RecordRefSchema }),
  Worded,
]);
export type RestoreRefusal = z.infer<typeof RestoreRefusalSchema>;

/** What becomes of a record a restored one was linked to. */
export const LINK_FATES = ['restored', 'refused', 'deletedElsewhere', 'exists'] as const;
export type LinkFate = (typeof LINK_FATES)[number];

/** What a person does by hand once a record is back (lib/restore/notes.ts): one per back-reference. */
export const RestoreNoteSchema = z.discriminatedUnion('code', [
  /** A payment (or bill payment) paid or applied it: `target` the payment. */
  z.object({
    code: z.literal('payment'),
    holder: z.enum(ENTITIES),
    target: RecordRefSchema,
    fate: z.enum(LINK_FATES),
  }),
  /** A deposit held it. */
  z.object({ code: z.literal('deposit'), holder: z.enum(ENTITIES), target: RecordRefSchema, fate: z.enum(LINK_FATES) }),
  /** A record made from it, whose link the service writes only when that record is created. */
  z.object({ code: z.literal('madeFrom'), holder: z.enum(ENTITIES), target: RecordRefSchema }),
  Worded,
]);
export type RestoreNote = z.infer<typeof RestoreNoteSchema>;

/**
 * A record Safe Delete declined to send: our own refusal, not the service's fault (those pass
 * through as data: the service's code and message).
 */
export const OwnRefusalSchema = z.discriminatedUnion('code', [
  /** The void operation does not apply to its type. */
  z.object({ code: z.literal('cannotVoid') }),
  /** The restore plan refused it. */
  z.object({ code: z.literal('notRestorable'), why: RestoreRefusalSchema }),
  /** A record it links to was not restored, so its link cannot be written. */
  z.object({ code: z.literal('linkedNotRestored'), record: RecordRefSchema }),
  /** A record of another kind than the job acts on (only a damaged journal holds one). */
  z.object({ code: z.literal('wrongRecordKind') }),
  /** Stored by a build before codes: its sentence, and the code it was stored under. */
  z.object({ code: z.literal('worded'), text: z.string(), was: z.string() }),
]);
export type OwnRefusal = z.infer<typeof OwnRefusalSchema>;

/** A service fault as it came: its code and message. */
const FaultSchema = z.object({ code: z.string(), message: z.string() });

/** Why the runner paused a job on its own, as data (the job's `stop`). */
export const JobStopSchema = z.discriminatedUnion('code', [
  /** A chunk's journal, or its reviewed records, cannot be read. */
  z.object({
    code: z.literal('chunkUnreadable'),
    chunk: z.number().int().nonnegative(),
    part: z.enum(['journal', 'records']),
  }),
  /** 403: the app may not access this company. */
  z.object({ code: z.literal('forbidden'), fault: FaultSchema.optional() }),
  /** The service refused a read the job needs. */
  z.object({ code: z.literal('readRefused'), fault: FaultSchema }),
  /** Stored by a build before codes: its sentence, and the field it was stored under. */
  z.object({ code: z.literal('worded'), text: z.string(), was: z.literal('error') }),
]);
export type JobStop = z.infer<typeof JobStopSchema>;

/**
 * Why a QuickBooks tab's rows are not taken (the stale-tab alert): QuickBooks has another company
 * open now than the tab was loaded under, or the tab's address names another company than the cookie.
 */
export const STALE_TAB_WHYS = ['companyChanged', 'addressDisagrees'] as const;
export type StaleTabWhy = (typeof STALE_TAB_WHYS)[number];

/** A company a stale tab's alert names: its Id, and its name when known. */
export interface NamedCompany {
  realmId: string;
  name?: string;
}
