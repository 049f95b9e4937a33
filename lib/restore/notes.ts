/**
 * What a bookkeeper must do by hand after a record comes back, and what never comes back. A restored
 * record is created without its back-references (strip.ts): when the record on their other end comes
 * back in the same restore, the service links them again by itself; otherwise the note says what is
 * left to do in QuickBooks. Pure.
 */
import type { Entity } from '../domain/entities';
import type { RecordKey } from '../domain/record-key';
import { ENTITY_LABEL, entityOfTxnType, type JsonObject, linkKey } from './kinds';
import { backReferences } from './strip';

/** What becomes of a record a restored one was linked to. */
export type LinkFate = 'restored' | 'refused' | 'deletedElsewhere' | 'exists';

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

const lower = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

function paymentNote(holder: string, target: string, noun: string, verb: string, fate: LinkFate): string {
  if (fate === 'deletedElsewhere') {
    return `The ${target} that ${verb} it was deleted too and is not part of this restore: restore it as well to apply it to this ${holder} again.`;
  }
  if (fate === 'refused') {
    return `The ${target} that ${verb} it cannot be restored (see the records that cannot be restored), so this ${holder} comes back with its full balance open.`;
  }
  return `The ${target} that ${verb} it still exists in QuickBooks, now as unapplied credit: once this ${holder} is restored, open that ${noun} and apply it to this ${holder} again.`;
}

function depositNote(holder: string, target: string, fate: LinkFate): string {
  const waits = `the restored ${holder} waits in Undeposited Funds`;
  if (fate === 'deletedElsewhere') {
    return `The ${target} that held it was deleted too and is not part of this restore: ${waits} until it is deposited again.`;
  }
  if (fate === 'refused')
    return `The ${target} that held it cannot be restored (see the records that cannot be restored): ${waits}.`;
  return `The ${target} that held it still exists in QuickBooks: ${waits}; edit that deposit to include it again.`;
}

/**
 * The notes for one restored record: one per back-reference whose other end is not restored with it.
 * `fateOf` says what becomes of a linked record; `labelOf` names it ("Payment (Id 100)").
 */
export function backReferenceNotes(
  entity: Entity,
  snapshot: Readonly<JsonObject>,
  fateOf: (key: RecordKey) => LinkFate,
  labelOf: (key: RecordKey, txnType: string, txnId: string) => string,
): string[] {
  const holder = lower(ENTITY_LABEL[entity]);
  return backReferences(entity, snapshot).flatMap((link) => {
    const key = linkKey(link.txnType, link.txnId);
    const fate = fateOf(key);
    if (fate === 'restored') return [];
    const target = lower(labelOf(key, link.txnType, link.txnId));
    const targetEntity = entityOfTxnType(link.txnType);
    if (targetEntity === 'Deposit') return [depositNote(holder, target, fate)];
    if (targetEntity === 'Payment' || targetEntity === 'BillPayment') {
      const verb = entity === 'CreditMemo' || entity === 'VendorCredit' ? 'applied' : 'paid';
      return [paymentNote(holder, target, lower(ENTITY_LABEL[targetEntity]), verb, fate)];
    }
    return [
      `It was linked to the ${target}, made from it; QuickBooks writes that link only when the ${target} is created, so the restored ${holder} will not show it.`,
    ];
  });
}
