/** Edge cases of lib/preflight/checks/closed-period.ts (issue 13): R3 with an unreadable TxnDate. */
import { describe, expect, it } from 'vitest';
import { closedPeriod } from '../../lib/preflight/checks/closed-period';
import { input, txn } from './helpers';

const unverifiable = { check: 'closed-period', status: 'unverifiable', missing: 'TxnDate', undecided: 'closedPeriod' };

describe('R3: a TxnDate that cannot be compared with the book-close date', () => {
  it('a record dated "garbage" does not pass R3', () => {
    const run = closedPeriod.run(input({ record: txn({ txnDate: 'garbage' }), bookCloseDate: '2025-03-31' }));
    expect(run).toEqual(unverifiable);
  });

  it('a record with no TxnDate does not pass R3', () => {
    const { txnDate: _, ...bare } = txn();
    expect(closedPeriod.run(input({ record: bare, bookCloseDate: '2025-03-31' }))).toEqual(unverifiable);
  });

  it('a non-ISO date that sorts after the close date is still unreadable', () => {
    // "31/12/2020" > "2025-03-31" as text: only the ISO check stops it passing.
    const run = closedPeriod.run(input({ record: txn({ txnDate: '31/12/2020' }), bookCloseDate: '2025-03-31' }));
    expect(run).toEqual(unverifiable);
  });

  it('closed-period findings are blockers', () => {
    const run = closedPeriod.run(input({ record: txn({ txnDate: '2025-01-01' }), bookCloseDate: '2025-03-31' }));
    expect(run).toMatchObject({ check: 'closed-period', status: 'closedPeriod' });
  });

  it('no book-close date: nothing to check, even with an unreadable date', () => {
    expect(closedPeriod.run(input({ record: txn({ txnDate: 'garbage' }) }))).toBeUndefined();
  });
});
