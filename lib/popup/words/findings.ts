/**
 * The preflight's findings in a bookkeeper's words: they arrive as facts (lib/domain/findings.ts) and
 * are worded here, with dates and money in the browser's locale; nothing is read back out of a
 * sentence. Pure functions; `locale` is for tests.
 */

import { type Entity, isEntity } from '../../domain/entities';
import type {
  BlockingFinding,
  InventoryFinding,
  PageDifference,
  UnlinkedUse,
  WarningFinding,
} from '../../domain/findings';
import { recordKey } from '../../domain/record-key';
import { statusDeclaration } from '../../domain/statuses';
import type { LinkedDetail, SelectionRow } from '../../messaging/views';
import { describeTxn, ENTITY_LABEL, formatDate, formatMoney, plural } from '../format';
import { inventoryText, notesOf } from './cost';
import { listWords } from './lists';

/** "Invoice (Id 115)" for a key or a "Type Id" pair the background wrote. */
function txnWords(entity: string, id: string): string {
  return isEntity(entity) ? describeTxn(entity, undefined, id) : `${entity} (Id ${id})`;
}

/** What a use with no link changes ("Billed on an invoice: …"). */
function unlinkedUseText(use: UnlinkedUse, locale?: string): string {
  if (use.kind === 'billed') return 'Billed on an invoice: deleting it changes that invoice.';
  const applied = formatMoney(use.applied, use.currency, locale);
  return `A credit of ${applied} of it was applied to another transaction: deleting it changes that transaction's balance.`;
}

const PAYMENTS: ReadonlySet<Entity> = new Set<Entity>(['Payment', 'BillPayment']);
const PAID: ReadonlySet<Entity> = new Set<Entity>(['Invoice', 'Bill']);
const CREDITS: ReadonlySet<Entity> = new Set<Entity>(['CreditMemo', 'VendorCredit']);
const DEPOSITED: ReadonlySet<Entity> = new Set<Entity>(['Payment', 'SalesReceipt']);
/** How many counterparts a sentence names before "and N more". */
const NAMED = 3;

/** "payment No. 3051", "a payment of $1,200.00", "an invoice": no internal Id, ever. */
function counterpartName(d: LinkedDetail, locale?: string): string {
  const label = ENTITY_LABEL[d.entity].toLowerCase();
  if (d.docNumber) return `${label} No. ${d.docNumber}`;
  const article = /^[aeiou]/.test(label) ? 'an' : 'a';
  return d.amount === undefined
    ? `${article} ${label}`
    : `${article} ${label} of ${formatMoney(d.amount, d.currency, locale)}`;
}

/** What deleting a record of type `self` does to one counterpart, in a bookkeeper's words. */
function counterpartChange(self: Entity, d: LinkedDetail, locale?: string): string {
  const name = counterpartName(d, locale);
  const money = (n: number) => formatMoney(n, d.currency, locale);
  const applied = d.lineAmount;
  if (PAID.has(self) && PAYMENTS.has(d.entity)) {
    return applied === undefined
      ? `${name} no longer pays it and becomes an unapplied credit`
      : `${name} becomes an unapplied credit of ${money(applied)}`;
  }
  if (PAYMENTS.has(self) && PAID.has(d.entity)) {
    if (applied !== undefined && d.amount !== undefined && applied < d.amount - 0.005)
      return `${name} becomes partly unpaid: ${money(applied)} of its ${money(d.amount)} is open again`;
    const open = applied ?? d.amount;
    return open === undefined ? `${name} becomes unpaid` : `${name} becomes unpaid (open balance ${money(open)})`;
  }
  if (PAYMENTS.has(self) && CREDITS.has(d.entity))
    return `${name} is no longer used${applied === undefined ? '' : ` (${money(applied)})`} and can be applied again`;
  if (CREDITS.has(self) && PAYMENTS.has(d.entity))
    return `${name} no longer applies this credit${applied === undefined ? '' : ` of ${money(applied)}`}`;
  if (self === 'Deposit' && DEPOSITED.has(d.entity)) return `${name} goes back to Undeposited Funds`;
  if ((self === 'Invoice' && d.entity === 'Estimate') || (self === 'Bill' && d.entity === 'PurchaseOrder'))
    return `${name} goes back to open`;
  if ((self === 'Estimate' && d.entity === 'Invoice') || (self === 'PurchaseOrder' && d.entity === 'Bill'))
    return `${name} loses its link to this ${ENTITY_LABEL[self].toLowerCase()}`;
  return `${name} is linked to it and changes too`;
}

export interface LinkedTextOptions {
  locale?: string;
  /** Keys of the records the click will delete too: a counterpart among them is not left changed. */
  deleting?: ReadonlySet<string>;
}

/**
 * What deleting a linked record changes, in words: from the counterparts the preflight read
 * ("Payment No. 3051 becomes an unapplied credit of $1,200.00."), else from its warning
 * ("Deleting it changes Payment (Id 3051): …").
 */
export function linkedText(
  row: { warnings: readonly WarningFinding[] } & Partial<Pick<SelectionRow, 'entity' | 'linked'>>,
  options: LinkedTextOptions = {},
): string {
  const details = row.linked ?? [];
  if (row.entity && details.length > 0) {
    const self = row.entity;
    const parts = details
      .slice(0, NAMED)
      .map((d) =>
        options.deleting?.has(recordKey(d.entity, d.id))
          ? `${counterpartName(d, options.locale)} is deleted too`
          : counterpartChange(self, d, options.locale),
      );
    const more = details.length - NAMED;
    if (more > 0) parts.push(`${plural(more, 'more linked transaction')} ${more === 1 ? 'changes' : 'change'} too`);
    const text = parts.join('; ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
  const finding = row.warnings.find((w) => w.status === 'linked');
  const uses = finding?.use ? [unlinkedUseText(finding.use, options.locale)] : [];
  const names = (finding?.links ?? []).map((link) => txnWords(link.txnType, link.txnId));
  if (names.length === 0)
    return uses.length > 0 ? uses.join(' ') : 'Deleting it changes the transactions linked to it (payments, credits).';
  return [
    `Deleting it changes ${listWords(names)}: a payment applied to it becomes an unapplied credit.`,
    ...uses,
  ].join(' ');
}

/** The facts of the row's finding of this status, when the row carries them. */
function factsOf<S extends BlockingFinding['status']>(
  row: Pick<SelectionRow, 'blockers'>,
  status: S,
): Extract<BlockingFinding, { status: S }> | undefined {
  return row.blockers.find((b): b is Extract<BlockingFinding, { status: S }> => b.status === status);
}

/** One side of a difference between the page and the record, in words. */
function pageSides(d: PageDifference, locale?: string): { shown: string; record: string } {
  switch (d.field) {
    case 'amount':
      return { shown: d.shown, record: formatMoney(d.actual, d.currency, locale) };
    case 'number':
      return { shown: `no. ${d.shown}`, record: d.actual ? `no. ${d.actual}` : `no number (Id ${d.id})` };
    case 'date':
      return { shown: `the date ${d.shown}`, record: `it is dated ${formatDate(d.actual, locale)}` };
    case 'type': {
      const label = ENTITY_LABEL[d.actual].toLowerCase();
      return {
        shown: `the type “${d.shown}”`,
        record: `it is ${'aeiou'.includes(label[0] ?? '') ? 'an' : 'a'} ${label}`,
      };
    }
    case 'name':
      return { shown: `the name “${d.shown}”`, record: d.actual ? `it names ${d.actual}` : 'it names no one' };
  }
}

function pageMismatchText(row: Pick<SelectionRow, 'blockers'>, locale?: string): string {
  const sides = (factsOf(row, 'pageMismatch')?.differences ?? []).map((d) => pageSides(d, locale));
  if (sides.length === 0)
    return "What QuickBooks showed for this row doesn't match the record. Reload the page and tick it again.";
  const shown = listWords(sides.map((s) => s.shown));
  const says = listWords(sides.map((s) => s.record));
  return `QuickBooks showed ${shown} for this row; the record says ${says}. Reload the page and tick it again.`;
}

function unverifiableText(row: Pick<SelectionRow, 'blockers'>): string {
  switch (factsOf(row, 'unverifiable')?.missing) {
    case 'TxnDate':
      return 'QuickBooks did not send its date, so Safe Delete cannot prove it is safe to delete.';
    case 'LastUpdatedTime':
      return 'QuickBooks did not send when it last changed, so Safe Delete cannot prove it is safe to delete.';
    case 'shownAt':
      return 'Safe Delete does not know when the page showed it, so it cannot prove it unchanged. Tick it again.';
    default:
      return 'QuickBooks did not send its date or when it last changed, so Safe Delete cannot prove it is safe to delete.';
  }
}

/** Why a row has its status, and what else deleting it changes, in a bookkeeper's words; undefined when nothing. */
export function plainReason(row: SelectionRow, locale?: string): string | undefined {
  const parts = [statusReason(row, locale), ...notesOf(row, locale)].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function statusReason(row: SelectionRow, locale?: string): string | undefined {
  switch (row.status) {
    case undefined:
    case 'ready':
      return undefined;
    case 'linked':
      return linkedText(row, { locale });
    case 'inventory': {
      const finding = row.warnings.find((w): w is InventoryFinding => w.status === 'inventory');
      return finding
        ? inventoryText(finding, locale)
        : 'Buys or sells inventory: deleting it changes the cost of later sales.';
    }
    case 'closedPeriod': {
      const closed = factsOf(row, 'closedPeriod');
      if (closed)
        return `Dated ${formatDate(closed.dated, locale)}, in books closed on ${formatDate(closed.closedThrough, locale)}: QuickBooks refuses to delete it.`;
      return 'Dated in a closed period: QuickBooks refuses to delete it.';
    }
    case 'unsupported':
      return factsOf(row, 'unsupported')?.field === 'id'
        ? "Safe Delete cannot read this transaction's Id, so it cannot check it."
        : 'Safe Delete cannot delete this kind of transaction.';
    case 'unverifiable':
      return unverifiableText(row);
    case 'pageMismatch':
      return pageMismatchText(row, locale);
    default:
      // A status whose facts add nothing is worded by its declaration (lib/domain/statuses.ts).
      return statusDeclaration(row.status).plain;
  }
}
