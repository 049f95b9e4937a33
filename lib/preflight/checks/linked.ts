/**
 * linked: deleting the record changes other transactions (an invoice's payment, a payment's
 * invoices, a credit applied to an invoice, a time charge billed on one). A decision, not a block:
 * the record goes only with "Include linked transactions". Deposit links are the deposited check's
 * business. Links are read from both places (a document's top-level LinkedTxn and a payment's or
 * deposit's Line[].LinkedTxn); uses that leave no link on the record (a CreditMemo or VendorCredit
 * whose remaining credit is below its total, a TimeActivity with HasBeenBilled) are read from its
 * own fields (lib/qbo/usage.ts), and the reason says what changes.
 */
import { changingLinks } from '../../qbo/links';
import { type UnlinkedUse, unlinkedUse } from '../../qbo/usage';
import { formatAmount } from '../shown-values';
import type { RecordCheck } from '../types';

/** What deleting a record with this use changes, in words (the popup shows it as it is). */
export function unlinkedUseReason(use: UnlinkedUse): string {
  if (use.kind === 'billed') return 'Billed on an invoice: deleting it changes that invoice';
  const applied = formatAmount(use.applied, use.currency);
  return `A credit of ${applied} of it was applied to another transaction: deleting it changes that transaction's balance`;
}

export const linked: RecordCheck = {
  id: 'linked',
  run: ({ record }) => {
    const links = changingLinks(record).map(({ txnId, txnType }) => ({ txnId, txnType }));
    const use = unlinkedUse(record);
    if (links.length === 0 && !use) return undefined;
    const reasons: string[] = [];
    if (links.length > 0) {
      const names = links.map((link) => `${link.txnType} ${link.txnId}`).join(', ');
      reasons.push(`linked to ${names}: deleting it changes ${links.length === 1 ? 'that record' : 'those records'}`);
    }
    if (use) reasons.push(unlinkedUseReason(use));
    return { kind: 'warning', check: 'linked', type: 'linked', reason: reasons.join('; '), linked: links };
  },
};
