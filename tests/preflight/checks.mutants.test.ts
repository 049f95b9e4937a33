/**
 * Mutation survivors of lib/preflight/checks/* and classify.ts (issue 13): the page-mismatch
 * sentence and its readings of the record, and the checks' answers for a record that is gone.
 */
import { describe, expect, it } from 'vitest';
import type { Shown } from '../../lib/domain/shown';
import { changedSinceViewed } from '../../lib/preflight/checks/changed-since-viewed';
import { deposited } from '../../lib/preflight/checks/deposited';
import { linked } from '../../lib/preflight/checks/linked';
import { pageMismatch } from '../../lib/preflight/checks/page-mismatch';
import { toPreflightRecord } from '../../lib/preflight/classify';
import { findingReason } from '../../lib/preflight/reason';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { input, SHOWN_AT, txn } from './helpers';

/** The finding's line for the log (lib/preflight/reason.ts), or undefined when nothing differs. */
const run = (shown: Shown, record: TxnRecord = txn({ totalAmt: 120, docNumber: '1001' })) => {
  const base = input({ record });
  const finding = pageMismatch.run({ ...base, item: { ...base.item, shown } });
  return finding && findingReason(finding, base.item);
};

describe('page mismatch: the record side', () => {
  it('three differences are listed "a, b and c"', () => {
    const base = input({ record: txn({ totalAmt: 120, docNumber: '1001' }) });
    const shown = { amount: '$5.00', number: '999', date: '01/02/2020' };
    expect(pageMismatch.run({ ...base, item: { ...base.item, shown } })).toEqual({
      check: 'page-mismatch',
      status: 'pageMismatch',
      differences: [
        { field: 'amount', shown: '$5.00', actual: 120 },
        { field: 'number', shown: '999', actual: '1001', id: '33' },
        { field: 'date', shown: '01/02/2020', actual: '2025-04-14' },
      ],
    });
    expect(run({ amount: '$5.00', number: '999', date: '01/02/2020' })).toBe(
      'QuickBooks showed $5.00, no. 999 and the date 01/02/2020 for this row; the record says $120.00, ' +
        'no. 1001 and it is dated Apr 14, 2025. Reload the page and tick it again.',
    );
  });

  it('what the page showed is quoted without surrounding spaces', () => {
    expect(run({ amount: '  $5.00  ' })).toContain('showed $5.00 for this row');
  });

  it('a Transfer’s Amount counts only when it is a finite number', () => {
    const transfer = (Amount: unknown) => txn({ entity: 'Transfer', totalAmt: undefined, raw: { Amount } });
    expect(run({ amount: '$5.00' }, transfer(120))).toContain('the record says $120.00');
    expect(run({ amount: '$5.00' }, transfer('99'))).toBeUndefined();
    expect(run({ amount: '$5.00' }, transfer(Number.NaN))).toBeUndefined();
  });

  it('a blank number shown compares nothing', () => {
    expect(run({ number: '   ' })).toBeUndefined();
  });

  it('the DocNumber is trimmed; a blank one falls back to the Id', () => {
    expect(run({ number: '999' }, txn({ docNumber: ' 1001 ' }))).toContain('the record says no. 1001. Reload');
    expect(run({ number: '33' }, txn({ docNumber: '   ' }))).toBeUndefined();
  });

  it('a PaymentRefNum that is not text is ignored, not a crash', () => {
    const payment = txn({ entity: 'Payment', docNumber: 'P-1', raw: { PaymentRefNum: 3051 } });
    expect(run({ number: '3051' }, payment)).toContain('the record says no. P-1.');
    const text = txn({ entity: 'Payment', docNumber: 'P-1', raw: { PaymentRefNum: '3051' } });
    expect(run({ number: '3051' }, text)).toBeUndefined();
  });
});

describe('checks on a record that is gone answer nothing (notFound decides)', () => {
  it('changed-since-viewed and deposited', () => {
    expect(changedSinceViewed.run(input({ record: undefined }))).toBeUndefined();
    expect(deposited.run(input({ record: undefined }))).toBeUndefined();
  });

  it('a payment on no deposit is not deposited', () => {
    const payment = txn({ entity: 'Payment', linkedTxn: [{ txnId: '33', txnType: 'Invoice' }] });
    expect(deposited.run(input({ record: payment }))).toBeUndefined();
  });
});

describe('linked: the warning’s words', () => {
  it('"that record" for one link, "those records" for several', () => {
    const one = txn({ linkedTxn: [{ txnId: '30', txnType: 'Payment' }] });
    const reason = (record: TxnRecord) =>
      findingReason(linked.run(input({ record }))!, { entity: 'Invoice', id: '33' });
    expect(reason(one)).toBe('linked to Payment 30: deleting it changes that record');
    const two = txn({
      linkedTxn: [
        { txnId: '30', txnType: 'Payment' },
        { txnId: '31', txnType: 'CreditMemo' },
      ],
    });
    expect(reason(two)).toBe('linked to Payment 30, CreditMemo 31: deleting it changes those records');
  });
});

describe('toPreflightRecord', () => {
  it('no reviewed version: no `reviewed` key at all', () => {
    const record = toPreflightRecord({ entity: 'Invoice', id: '1', shownAt: SHOWN_AT }, [], undefined);
    expect(record).not.toHaveProperty('reviewed');
    expect(record.status).toBe('ready');
  });
});
