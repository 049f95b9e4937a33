/**
 * What the preflight found about a record, as data (zod's issues are the model): each
 * finding names the status it stands for and carries the facts behind it, never a sentence. The
 * checks (lib/preflight/checks) produce them, the stored check keeps them, the popup receives them
 * as they are; words are made only at the edges, from the facts: lib/audit/words.ts writes the
 * log's English, lib/popup/words/findings.ts the popup's. Nothing reads a fact back out of words.
 *
 * A new preflight status adds its facts here (the check below fails to compile until it does).
 */
import { z } from 'zod';
import { ENTITIES } from './entities';
import type { BlockingStatus } from './statuses';

/**
 * Texts are the service's or the page's, as the checks read them: not narrowed here, since a stored
 * check its own schema refused would be re-run for ever (the page's are bounded where they are read).
 */
const Text = z.string();

/** A transaction the record is linked to, as its LinkedTxn names it (the type may be one we do not delete). */
export const LinkRefSchema = z.object({ txnId: Text, txnType: Text });

/** A use of the record that leaves no link on it (lib/qbo/usage.ts reads it). */
export const UnlinkedUseSchema = z.discriminatedUnion('kind', [
  /** `applied` of the credit's `total` was used by another transaction. */
  z.object({ kind: z.literal('creditApplied'), applied: z.number(), total: z.number(), currency: Text.optional() }),
  /** A time activity billed on an invoice. */
  z.object({ kind: z.literal('billed') }),
]);
export type UnlinkedUse = z.infer<typeof UnlinkedUseSchema>;

/**
 * One field where the page's row and the record disagree. `shown`: the page's text as it was (control
 * and bidi characters removed); `actual`: the record's value.
 */
export const PageDifferenceSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('amount'), shown: Text, actual: z.number(), currency: Text.optional() }),
  /** `actual`: the record's DocNumber; absent when it has none (the list then shows its Id, `id`). */
  z.object({ field: z.literal('number'), shown: Text, actual: Text.optional(), id: Text }),
  /** `actual`: the record's TxnDate (YYYY-MM-DD). */
  z.object({ field: z.literal('date'), shown: Text, actual: Text }),
  /** The Type column named another kind of transaction; `actual`: the record's entity. */
  z.object({ field: z.literal('type'), shown: Text, actual: z.enum(ENTITIES) }),
  /** The customer, vendor or payee shown; `actual`: the record's party, absent when it names none. */
  z.object({ field: z.literal('name'), shown: Text, actual: Text.optional() }),
]);
export type PageDifference = z.infer<typeof PageDifferenceSchema>;

/** The findings that block a record, one per blocking status. */
export const BlockingFindingSchema = z.discriminatedUnion('status', [
  /** The same record ticked again (this is the later tick). */
  z.object({ status: z.literal('duplicate') }),
  /** A type Safe Delete does not delete (`field: 'entity'`) or an Id that is not one (`'id'`); `value` as given. */
  z.object({ status: z.literal('unsupported'), field: z.enum(['entity', 'id']), value: Text }),
  /** The complete read did not return it. */
  z.object({ status: z.literal('notFound') }),
  /** What the page showed disagrees with the record, field by field (amount, number, date). */
  z.object({ status: z.literal('pageMismatch'), differences: z.array(PageDifferenceSchema).min(1).max(5) }),
  /** LastUpdatedTime (as the service wrote it) is after the page showed the row. */
  z.object({ status: z.literal('changed'), changedAt: Text }),
  /** R3: TxnDate on or before the book-close date (both YYYY-MM-DD). */
  z.object({ status: z.literal('closedPeriod'), dated: Text, closedThrough: Text }),
  /** On a bank deposit: the service refuses it (6540). */
  z.object({ status: z.literal('deposited'), depositId: Text }),
  /**
   * Something needed to decide `undecided` is missing or unreadable: the record's TxnDate or
   * LastUpdatedTime, or the time the page showed the row.
   */
  z.object({
    status: z.literal('unverifiable'),
    missing: z.enum(['TxnDate', 'LastUpdatedTime', 'shownAt']),
    undecided: z.enum(['closedPeriod', 'reconciled', 'changed']),
  }),
  /** R2: in a reconciled statement. */
  z.object({ status: z.literal('reconciled') }),
]);
export type BlockingFinding = z.infer<typeof BlockingFindingSchema>;

/**
 * Deleting the record changes other transactions: its links (a deposit's is the deposited check's
 * business) and a use that leaves no link. Decided once, by lib/preflight/checks/linked.ts: a record
 * is linked exactly when it carries this finding.
 */
export const LinkedFindingSchema = z.object({
  status: z.literal('linked'),
  links: z.array(LinkRefSchema),
  use: UnlinkedUseSchema.optional(),
});
export type LinkedFinding = z.infer<typeof LinkedFindingSchema>;

/** An inventory item a line names (`ItemRef`), as the service's Item list names it. */
export const InventoryItemSchema = z.object({ id: Text, name: Text.optional() });

/**
 * It buys or sells inventory items (an `ItemRef` whose Item has `Type` "Inventory"): QuickBooks
 * values inventory first-in, first-out, so deleting it changes the cost of the items sold after
 * `dated` (the record's TxnDate). A decision: decided once, by lib/preflight/checks/inventory.ts.
 */
export const InventoryFindingSchema = z.object({
  status: z.literal('inventory'),
  items: z.array(InventoryItemSchema).min(1),
  dated: Text,
});
export type InventoryFinding = z.infer<typeof InventoryFindingSchema>;

/**
 * It carries sales tax (`TxnTaxDetail.TotalTax` > 0). The service does not say which sales-tax
 * periods are filed (README, "Sales tax"), so this decides nothing: the popup says it beside the row.
 */
export const SalesTaxFindingSchema = z.object({
  status: z.literal('salesTax'),
  totalTax: z.number(),
  currency: Text.optional(),
});
export type SalesTaxFinding = z.infer<typeof SalesTaxFindingSchema>;

/**
 * It has attachments (receipts, notes: the service's `Attachable`). Deleting it keeps them with the
 * snapshot (their metadata, never the file) and a restore re-attaches them: a note, not a decision.
 * `files`: the files' names; `notes`: how many attachments are notes alone.
 */
export const AttachmentsFindingSchema = z.object({
  status: z.literal('attachments'),
  files: z.array(Text),
  notes: z.number().int().nonnegative(),
});
export type AttachmentsFinding = z.infer<typeof AttachmentsFindingSchema>;

/** The findings that block nothing: decisions (linked, inventory) and notes (sales tax, attachments). */
export const WarningFindingSchema = z.discriminatedUnion('status', [
  LinkedFindingSchema,
  InventoryFindingSchema,
  SalesTaxFindingSchema,
  AttachmentsFindingSchema,
]);
export type WarningFinding = z.infer<typeof WarningFindingSchema>;
export const WARNING_STATUSES = [
  'linked',
  'inventory',
  'salesTax',
  'attachments',
] as const satisfies WarningFinding['status'][];

export type Finding = BlockingFinding | WarningFinding;

/** Every blocking status has its facts, and nothing else does (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyBlockingStatusHasFacts: Same<BlockingFinding['status'], BlockingStatus> = true;
void everyBlockingStatusHasFacts;

/** Whether a record with these findings is linked: the linked check's finding, read, never re-derived. */
export const hasLinkedFinding = (warnings: readonly { status: string }[] | undefined): boolean =>
  (warnings ?? []).some((w) => w.status === 'linked');

/** Whether a record buys or sells inventory: the inventory check's finding, read, never re-derived. */
export const hasInventoryFinding = (warnings: readonly { status: string }[] | undefined): boolean =>
  (warnings ?? []).some((w) => w.status === 'inventory');
