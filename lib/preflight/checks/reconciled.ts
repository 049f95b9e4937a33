/**
 * R2: the service deletes a reconciled transaction silently, which breaks the reconciliation.
 * Membership of the cleared=Reconciled TransactionList (read per date window) flags it.
 */
import type { RecordCheck } from '../types';

export const reconciled: RecordCheck = {
  id: 'reconciled',
  run: ({ item, record, reconciled: index }) => {
    if (!record) return undefined;
    // A date the report did not cover was not looked up: as good as no date.
    if (!record.txnDate || !index.covers(record.txnDate))
      return { check: 'reconciled', status: 'unverifiable', missing: 'TxnDate', undecided: 'reconciled' };
    if (!index.has(item.entity, item.id)) return undefined;
    return { check: 'reconciled', status: 'reconciled' };
  },
};
