/**
 * deposited: a Payment or SalesReceipt sitting on a Deposit is refused with 6540. The Deposit link is
 * read from both places (a SalesReceipt names it at its top level, a Payment on one of its lines).
 */
import { DEPOSITABLE } from '../../qbo/entities';
import { depositLink } from '../../qbo/links';
import type { RecordCheck } from '../types';

export const deposited: RecordCheck = {
  id: 'deposited',
  run: ({ item, record }) => {
    if (!record || !DEPOSITABLE.has(item.entity)) return undefined;
    const deposit = depositLink(record);
    if (!deposit) return undefined;
    return { check: 'deposited', status: 'deposited', depositId: deposit.txnId };
  },
};
