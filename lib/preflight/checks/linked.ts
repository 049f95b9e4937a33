/**
 * linked: deleting the record changes other transactions (an invoice's payment, a payment's
 * invoices, a credit applied to an invoice, a time charge billed on one). A decision, not a block:
 * the record goes only with "Include linked transactions". Deposit links are the deposited check's
 * business. Links are read from both places (a document's top-level LinkedTxn and a payment's or
 * deposit's Line[].LinkedTxn); uses that leave no link on the record (a CreditMemo or VendorCredit
 * whose remaining credit is below its total, a TimeActivity whose BillableStatus is "HasBeenBilled")
 * are read from its own fields (lib/qbo/usage.ts). This is the one place "linked" is decided:
 * everything after reads this finding (the stored check, the job builder, the popup's words).
 */
import { changingLinks } from '../../qbo/links';
import { unlinkedUse } from '../../qbo/usage';
import type { RecordCheck, Warning } from '../types';

export const linked: RecordCheck = {
  id: 'linked',
  run: ({ record }) => {
    const links = changingLinks(record).map(({ txnId, txnType }) => ({ txnId, txnType }));
    const use = unlinkedUse(record);
    if (links.length === 0 && !use) return undefined;
    const finding: Warning = { check: 'linked', status: 'linked', links };
    if (use) finding.use = use;
    return finding;
  },
};
