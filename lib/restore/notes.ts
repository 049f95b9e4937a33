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

/** What cannot come back with a restored record, as codes (worded by lib/popup/words/restore.ts). */
export { CANNOT_COME_BACK, type CannotComeBack } from '../domain/restore-losses';
export type { LinkFate };

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
