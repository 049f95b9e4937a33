/**
 * What a bookkeeper must do by hand after a record comes back, and what never comes back. A restored
 * record is created without its back-references (strip.ts): when the record on their other end comes
 * back in the same restore, the service links them again by itself; otherwise the note says what is
 * left to do in QuickBooks, as a code with its fields (worded by lib/popup/words/restore.ts). Pure.
 */
import type { Entity } from '../domain/entities';
import type { RecordKey } from '../domain/record-key';
import type { LinkFate, RecordRef, RestoreNote } from '../domain/refusals';
import { entityOfTxnType, type JsonObject, linkKey } from './kinds';
import { backReferences } from './strip';

export type { LinkFate };

/**
 * What cannot come back with a restored record (service-facts "Re-creating a deleted transaction"),
 * in the bookkeeper's words: shown before a restore starts.
 */
export const CANNOT_COME_BACK: readonly string[] = [
  'Reconciliation: restored transactions come back unreconciled, so a past reconciliation may no longer balance until you mark them cleared again.',
  'Bank feed matches: a restored transaction is not matched to the downloaded bank transaction it was matched to; match it again under Transactions > Bank transactions.',
  'Attachments: receipts and files attached to the original are not restored; attach them again.',
  "Audit history: QuickBooks's audit log starts afresh for the restored copy; the original's history stays with the deleted transaction.",
  "QuickBooks's own Id: the restored copy gets a new one, so old links or bookmarks to the original no longer open it. Its number (DocNumber) is kept.",
];

/**
 * The notes for one restored record: one per back-reference whose other end is not restored with it.
 * `fateOf` says what becomes of a linked record; `refOf` names it (its type, Id and number).
 */
export function backReferenceNotes(
  entity: Entity,
  snapshot: Readonly<JsonObject>,
  fateOf: (key: RecordKey) => LinkFate,
  refOf: (key: RecordKey, txnType: string, txnId: string) => RecordRef,
): RestoreNote[] {
  return backReferences(entity, snapshot).flatMap((link): RestoreNote[] => {
    const key = linkKey(link.txnType, link.txnId);
    const fate = fateOf(key);
    if (fate === 'restored') return [];
    const target = refOf(key, link.txnType, link.txnId);
    const targetEntity = entityOfTxnType(link.txnType);
    if (targetEntity === 'Deposit') return [{ code: 'deposit', holder: entity, target, fate }];
    if (targetEntity === 'Payment' || targetEntity === 'BillPayment')
      return [{ code: 'payment', holder: entity, target: { ...target, entity: targetEntity }, fate }];
    return [{ code: 'madeFrom', holder: entity, target }];
  });
}
