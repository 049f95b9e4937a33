/**
 * linked: the record links other transactions (an invoice's payment, a payment's invoices).
 * Deleting it changes them (balances, open amounts): a WARNING, the record stays deletable.
 * Deposit links are the deposited check's business. Links are read from both places: a document's
 * top-level LinkedTxn and a payment's (or deposit's) Line[].LinkedTxn.
 */
import { changingLinks } from '../../qbo/links';
import type { RecordCheck } from '../types';

export const linked: RecordCheck = {
  id: 'linked',
  run: ({ record }) => {
    const links = changingLinks(record).map(({ txnId, txnType }) => ({ txnId, txnType }));
    if (links.length === 0) return undefined;
    const names = links.map((link) => `${link.txnType} ${link.txnId}`).join(', ');
    return {
      kind: 'warning',
      check: 'linked',
      type: 'linked',
      reason: `linked to ${names}: deleting it changes ${links.length === 1 ? 'that record' : 'those records'}`,
      linked: links,
    };
  },
};
