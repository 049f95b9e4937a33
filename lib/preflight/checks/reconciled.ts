/**
 * R2: the service deletes a reconciled transaction silently, which breaks the reconciliation.
 * Membership of the cleared=Reconciled TransactionList (read per date window) flags it.
 */
import type { RecordCheck } from '../types';

export const reconciled: RecordCheck = {
  id: 'reconciled',
  run: ({ item, record, reconciled: index }) => {
    if (!record) return undefined;
    if (!record.txnDate || !index.covers(record.txnDate)) {
      return {
        kind: 'blocker',
        check: 'reconciled',
        status: 'unverifiable',
        reason: 'no readable TxnDate: cannot look the record up in the reconciliation report',
      };
    }
    if (!index.has(item.entity, item.id)) return undefined;
    return {
      kind: 'blocker',
      check: 'reconciled',
      status: 'reconciled',
      reason: 'R2: reconciled; the service would delete it without a word and unbalance the reconciliation',
    };
  },
};
