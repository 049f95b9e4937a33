/**
 * A restore's words: why the plan refuses a record (lib/restore/plan.ts gives a code with its
 * fields), what a person does by hand once a record is back (lib/restore/notes.ts), and what never
 * comes back. `day` writes a YYYY-MM-DD date: the popup's in the browser's locale, the audit log's
 * as it is. Pure.
 */
import { ENTITY_LABEL, isEntity } from '../../domain/entities';
import type { NameType } from '../../domain/names';
import type { RecordRef, RestoreNote, RestoreRefusal } from '../../domain/refusals';
import type { CannotComeBack } from '../../domain/restore-losses';

/** "Invoice 1032", or "Invoice (Id 33)" when it has no number; an unknown type keeps its own name. */
export function recordRefText(ref: RecordRef): string {
  const label = isEntity(ref.entity) ? ENTITY_LABEL[ref.entity] : ref.entity;
  return ref.docNumber ? `${label} ${ref.docNumber}` : `${label} (Id ${ref.id})`;
}

const NAME_NOUN: Readonly<Record<NameType, string>> = {
  Customer: 'customer',
  Vendor: 'vendor',
  Employee: 'employee',
  Item: 'product or service',
  Account: 'account',
};

const asIs = (day: string): string => day;

/** Why the plan refuses to restore a record. */
export function restoreRefusalText(why: RestoreRefusal, day: (iso: string) => string = asIs): string {
  switch (why.code) {
    case 'otherCompany':
      return `It belongs to another company (Id ${why.realmId}${why.environment === 'sandbox' ? ', a sandbox company' : ''}): restore one company at a time.`;
    case 'notDeleted':
      return `Safe Delete did not delete it (${why.label ?? why.outcome}), so there is nothing to restore.`;
    case 'listedTwice':
      return 'Listed twice: it is restored once, from its latest deletion.';
    case 'copyUnreadable':
      return 'Its saved copy is empty or unreadable, so it cannot be re-created.';
    case 'copyOfAnother':
      return 'Its saved copy is of another record, so it cannot be re-created from it.';
    case 'copyUndated':
      return 'Its saved copy has no transaction date, so it cannot be re-created as it was.';
    case 'closedPeriod':
      return `Closed period: dated ${day(why.dated)}, the books are closed through ${day(why.closedThrough)}.`;
    case 'nameGone': {
      const label = `${NAME_NOUN[why.nameType]} “${why.name}”`;
      return why.deleted
        ? `Its ${label} was deleted in QuickBooks since, and QuickBooks refuses to re-create a transaction naming it.`
        : `Its ${label} is inactive in QuickBooks: make it active again, then restore this record.`;
    }
    case 'linkedDeletedElsewhere':
      return `It is linked to ${recordRefText(why.record)}, which was deleted too and is not part of this restore: add it to the restore.`;
    case 'linkedRefused':
      return `It is linked to ${recordRefText(why.record)}, which cannot be restored, so it cannot come back as it was.`;
    case 'linkCircle':
      return `It and ${why.others.map(recordRefText).join(', ')} link to each other in a circle, so none of them can be created first: re-create them by hand in QuickBooks.`;
    case 'linkedUnplaced':
      return `It is linked to ${recordRefText(why.record)}, which cannot be restored automatically, so it cannot come back as it was.`;
    case 'worded':
      return why.text;
  }
}

/** "Not restored: it was linked to Invoice (Id 5), which was not restored." (the run's own refusal). */
export function linkedNotRestoredText(record: RecordRef): string {
  return `Not restored: it was linked to ${recordRefText(record)}, which was not restored.`;
}

const lower = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** What to do by hand once a record is back, for one back-reference whose other end is not restored with it. */
export function restoreNoteText(note: RestoreNote): string {
  if (note.code === 'worded') return note.text;
  const holder = lower(ENTITY_LABEL[note.holder]);
  const target = lower(recordRefText(note.target));
  if (note.code === 'madeFrom')
    return `It was linked to the ${target}, made from it; QuickBooks writes that link only when the ${target} is created, so the restored ${holder} will not show it.`;
  if (note.code === 'deposit') {
    const waits = `the restored ${holder} waits in Undeposited Funds`;
    if (note.fate === 'deletedElsewhere')
      return `The ${target} that held it was deleted too and is not part of this restore: ${waits} until it is deposited again.`;
    if (note.fate === 'refused')
      return `The ${target} that held it cannot be restored (see the records that cannot be restored): ${waits}.`;
    return `The ${target} that held it still exists in QuickBooks: ${waits}; edit that deposit to include it again.`;
  }
  const verb = note.holder === 'CreditMemo' || note.holder === 'VendorCredit' ? 'applied' : 'paid';
  const noun = isEntity(note.target.entity) ? lower(ENTITY_LABEL[note.target.entity]) : lower(note.target.entity);
  if (note.fate === 'deletedElsewhere')
    return `The ${target} that ${verb} it was deleted too and is not part of this restore: restore it as well to apply it to this ${holder} again.`;
  if (note.fate === 'refused')
    return `The ${target} that ${verb} it cannot be restored (see the records that cannot be restored), so this ${holder} comes back with its full balance open.`;
  return `The ${target} that ${verb} it still exists in QuickBooks, now as unapplied credit: once this ${holder} is restored, open that ${noun} and apply it to this ${holder} again.`;
}

/** What cannot come back with a restored record, read before the click (lib/domain/restore-losses.ts). */
export function cannotComeBackText(what: CannotComeBack): string {
  switch (what) {
    case 'reconciliation':
      return 'Reconciliation: restored transactions come back unreconciled, so a past reconciliation may no longer balance until you mark them cleared again.';
    case 'bankFeed':
      return 'Bank feed matches: a restored transaction is not matched to the downloaded bank transaction it was matched to; match it again under Transactions > Bank transactions.';
    case 'attachments':
      return 'Attachments: receipts and notes still in QuickBooks are attached again and a note is written again from the undo copy, but a file someone removed from QuickBooks since cannot come back.';
    case 'auditHistory':
      return "Audit history: QuickBooks's audit log starts afresh for the restored copy; the original's history stays with the deleted transaction.";
    case 'ownId':
      return "QuickBooks's own Id: the restored copy gets a new one, so old links or bookmarks to the original no longer open it. Its number is kept.";
  }
}
