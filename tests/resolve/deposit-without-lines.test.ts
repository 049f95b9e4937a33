/**
 * A Deposit that lists no lines names only the account it goes to (DepositToAccountRef); the side it
 * comes from is left to the service, and a register or the bank feed's Posted tab shows one there
 * (the simulator's real-markup pages show "Undeposited Funds"). The account shown cannot be
 * disproved, so it agrees, as for a Payment with no ARAccountRef. Found by the issue-20 acceptance
 * e2e (tests/e2e/rows-by-what-they-show.spec.ts): such a Deposit ticked on the Checking register was
 * "Not found in QuickBooks".
 */
import { describe, expect, it } from 'vitest';
import type { Shown } from '../../lib/domain/shown';
import { shownAgrees } from '../../lib/resolve/match';

const deposit = {
  Id: '271',
  SyncToken: '0',
  TxnDate: '2025-11-09',
  PrivateNote: 'Repair work',
  DepositToAccountRef: { value: '35', name: 'Checking' },
  TotalAmt: 403.96,
  Line: [],
};
const row: Shown = {
  date: '11/09/2025',
  type: 'Deposit',
  account: 'Undeposited Funds',
  memo: 'Repair work',
  amount: '$403.96',
  amountColumn: 'deposit',
};

describe('a Deposit with no lines', () => {
  it('agrees with the account a register shows for its unnamed side', () => {
    expect(shownAgrees(row, 'Deposit', deposit)).toBe(true);
  });

  it('every other field still has to agree', () => {
    expect(shownAgrees({ ...row, memo: 'Spring order' }, 'Deposit', deposit)).toBe(false);
    expect(shownAgrees({ ...row, amount: '$403.97' }, 'Deposit', deposit)).toBe(false);
  });

  it('a Deposit whose lines name their accounts is still held to them', () => {
    const withLine = {
      ...deposit,
      Line: [
        {
          Amount: 403.96,
          DetailType: 'DepositLineDetail',
          DepositLineDetail: { AccountRef: { value: '79', name: 'Sales of Product Income' } },
        },
      ],
    };
    expect(shownAgrees(row, 'Deposit', withLine)).toBe(false);
    expect(shownAgrees({ ...row, account: 'Sales of Product Income' }, 'Deposit', withLine)).toBe(true);
  });
});
