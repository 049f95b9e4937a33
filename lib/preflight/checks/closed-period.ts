/** R3: a transaction dated on or before BookCloseDate is refused per record (6200/6210). */
import { isIsoDate } from '../../qbo/schemas';
import type { RecordCheck } from '../types';

export const closedPeriod: RecordCheck = {
  id: 'closed-period',
  run: ({ record, bookCloseDate }) => {
    if (!record || bookCloseDate === undefined) return undefined;
    if (!record.txnDate || !isIsoDate(record.txnDate)) {
      return {
        kind: 'blocker',
        check: 'closed-period',
        status: 'unverifiable',
        reason: 'no readable TxnDate: cannot compare with the book-closing date',
      };
    }
    if (record.txnDate > bookCloseDate) return undefined;
    return {
      kind: 'blocker',
      check: 'closed-period',
      status: 'closedPeriod',
      reason: `R3: dated ${record.txnDate}, in the period closed on ${bookCloseDate}`,
    };
  },
};
