/** Edge cases of lib/preflight/checks/reconciled.ts (issue 13): R2 outside the report's windows. */
import { describe, expect, it } from 'vitest';
import { reconciled } from '../../lib/preflight/checks/reconciled';
import type { ReconciledIndex } from '../../lib/preflight/types';
import { input, txn } from './helpers';

/** A report that covered only 2025-01-01 … 2025-01-31 and listed nothing. */
const januaryOnly: ReconciledIndex = {
  has: () => false,
  covers: (date) => date >= '2025-01-01' && date <= '2025-01-31',
};

const unverifiable = { check: 'reconciled', status: 'unverifiable', missing: 'TxnDate', undecided: 'reconciled' };

describe("R2: a record outside the report's windows was not checked", () => {
  it('is unverifiable, not passed', () => {
    expect(reconciled.run(input({ record: txn({ txnDate: '2025-04-14' }), reconciled: januaryOnly }))).toEqual(
      unverifiable,
    );
  });

  it('inside the windows and not listed, it passes', () => {
    expect(reconciled.run(input({ record: txn({ txnDate: '2025-01-15' }), reconciled: januaryOnly }))).toBeUndefined();
  });

  it('a record without a TxnDate is unverifiable even when the report claims to cover everything', () => {
    const { txnDate: _, ...bare } = txn();
    const all: ReconciledIndex = { has: () => false, covers: () => true };
    expect(reconciled.run(input({ record: bare, reconciled: all }))).toEqual(unverifiable);
  });

  it('a listed record is a reconciled blocker', () => {
    const listed: ReconciledIndex = { has: (e, id) => e === 'Invoice' && id === '33', covers: () => true };
    expect(reconciled.run(input({ reconciled: listed }))).toEqual({ check: 'reconciled', status: 'reconciled' });
  });

  it('no record: nothing to check', () => {
    expect(reconciled.run(input({ record: undefined, reconciled: januaryOnly }))).toBeUndefined();
  });
});
