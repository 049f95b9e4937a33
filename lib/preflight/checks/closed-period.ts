/** R3: a transaction dated on or before BookCloseDate is refused per record (6200/6210). */
import { isIsoDate } from '../../qbo/schemas';
import type { RecordCheck } from '../types';

export const closedPeriod: RecordCheck = {
  id: 'closed-period',
  run: ({ record, bookCloseDate }) => {
    if (!record || bookCloseDate === undefined) return undefined;
    if (!record.txnDate || !isIsoDate(record.txnDate)) {
      return { check: 'closed-period', status: 'unverifiable', missing: 'TxnDate', undecided: 'closedPeriod' };
    }
    if (record.txnDate > bookCloseDate) return undefined;
    return { check: 'closed-period', status: 'closedPeriod', dated: record.txnDate, closedThrough: bookCloseDate };
  },
};
