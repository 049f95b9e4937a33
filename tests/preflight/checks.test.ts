import { describe, expect, it } from 'vitest';
import { findingReason, recordReason } from '../../lib/audit/words';
import type { Shown } from '../../lib/domain/shown';
import { changedSinceViewed } from '../../lib/preflight/checks/changed-since-viewed';
import { closedPeriod } from '../../lib/preflight/checks/closed-period';
import { deposited } from '../../lib/preflight/checks/deposited';
import { findDuplicates } from '../../lib/preflight/checks/duplicate';
import { linked } from '../../lib/preflight/checks/linked';
import { notFound } from '../../lib/preflight/checks/not-found';
import { pageMismatch } from '../../lib/preflight/checks/page-mismatch';
import { reconciled } from '../../lib/preflight/checks/reconciled';
import { checkUnsupported } from '../../lib/preflight/checks/unsupported';
import { summarize, toPreflightRecord } from '../../lib/preflight/classify';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { index, input, SHOWN_AT, txn } from './helpers';

describe('preflight checks, one module each', () => {
  it('duplicate: flags every occurrence after the first', () => {
    const item = { entity: 'Invoice', id: '1', shownAt: 0 };
    const found = findDuplicates([item, { ...item, id: '2' }, item, item]);
    expect([...found.keys()]).toEqual([2, 3]);
    expect(found.get(2)).toMatchObject({ status: 'duplicate' });
  });

  it('unsupported: a type outside the allow-list, or a hostile Id', () => {
    expect(checkUnsupported({ entity: 'Customer', id: '1', shownAt: 0 })).toMatchObject({ status: 'unsupported' });
    expect(checkUnsupported({ entity: 'Invoice', id: "1' OR '1'='1", shownAt: 0 })).toMatchObject({
      status: 'unsupported',
    });
    expect(checkUnsupported({ entity: 'Invoice', id: '1', shownAt: 0 })).toBeUndefined();
  });

  it('not found: a record the complete read did not return', () => {
    expect(notFound.run(input({ record: undefined }))).toMatchObject({ status: 'notFound' });
    expect(notFound.run(input())).toBeUndefined();
  });

  it('changed since viewed: LastUpdatedTime after shownAt; none at all is unverifiable', () => {
    expect(changedSinceViewed.run(input())).toBeUndefined();
    const later = new Date(SHOWN_AT + 1000).toISOString();
    expect(changedSinceViewed.run(input({ record: txn({ lastUpdatedTime: later }) }))).toMatchObject({
      status: 'changed',
    });
    const same = new Date(SHOWN_AT).toISOString();
    expect(changedSinceViewed.run(input({ record: txn({ lastUpdatedTime: same }) }))).toBeUndefined();
    const { lastUpdatedTime: _, ...bare } = txn();
    expect(changedSinceViewed.run(input({ record: bare }))).toMatchObject({ status: 'unverifiable' });
  });

  it('R3: closed period when TxnDate is on or before BookCloseDate; open books pass', () => {
    const on = input({ record: txn({ txnDate: '2025-03-31' }), bookCloseDate: '2025-03-31' });
    expect(closedPeriod.run(on)).toEqual({
      check: 'closed-period',
      status: 'closedPeriod',
      dated: '2025-03-31',
      closedThrough: '2025-03-31',
    });
    expect(closedPeriod.run({ ...on, bookCloseDate: '2025-03-30' })).toBeUndefined();
    expect(closedPeriod.run({ ...on, bookCloseDate: undefined })).toBeUndefined();
  });

  it('6540: a Payment or SalesReceipt linked to a Deposit is deposited; an Invoice is not', () => {
    const onDeposit = txn({ entity: 'Payment', linkedTxn: [{ txnId: '9', txnType: 'Deposit' }] });
    expect(deposited.run(input({ record: onDeposit }))).toMatchObject({ status: 'deposited' });
    const invoice = txn({ linkedTxn: [{ txnId: '9', txnType: 'Deposit' }] });
    expect(deposited.run(input({ record: invoice }))).toBeUndefined();
  });

  it('6540 under the real shape: a Payment naming its Deposit only on a line is deposited', () => {
    const raw = { Id: '33', SyncToken: '0', Line: [{ Amount: 5, LinkedTxn: [{ TxnId: '9', TxnType: 'Deposit' }] }] };
    const payment = txn({ entity: 'Payment', linkedTxn: [], raw });
    expect(deposited.run(input({ record: payment }))).toEqual({
      check: 'deposited',
      status: 'deposited',
      depositId: '9',
    });
  });

  it('R2: reconciled when the report lists (entity, Id), or the Id under an unmapped name', () => {
    expect(reconciled.run(input({ reconciled: index(['Invoice:33']) }))).toMatchObject({ status: 'reconciled' });
    expect(reconciled.run(input({ reconciled: index([], ['33']) }))).toMatchObject({ status: 'reconciled' });
    expect(reconciled.run(input({ reconciled: index(['Payment:33']) }))).toBeUndefined();
  });

  it('linked: a warning listing the other records, Deposit links left to the deposited check', () => {
    const record = txn({
      linkedTxn: [
        { txnId: '100', txnType: 'Payment' },
        { txnId: '9', txnType: 'Deposit' },
      ],
    });
    expect(linked.run(input({ record }))).toEqual({
      check: 'linked',
      status: 'linked',
      links: [{ txnId: '100', txnType: 'Payment' }],
    });
    expect(linked.run(input())).toBeUndefined();
  });

  it('linked: a Payment whose links are only on its lines (the real shape) is linked to its invoices', () => {
    const raw = {
      Id: '33',
      SyncToken: '0',
      Line: [
        { Amount: 120, LinkedTxn: [{ TxnId: '41', TxnType: 'Invoice' }] },
        { Amount: 80, LinkedTxn: [{ TxnId: '42', TxnType: 'Invoice' }] },
      ],
    };
    const payment = txn({ entity: 'Payment', linkedTxn: [], raw });
    const finding = linked.run(input({ record: payment }))!;
    expect(finding).toEqual({
      check: 'linked',
      status: 'linked',
      links: [
        { txnId: '41', txnType: 'Invoice' },
        { txnId: '42', txnType: 'Invoice' },
      ],
    });
    expect(findingReason(finding, { entity: 'Payment', id: '33' })).toMatch(/^linked to Invoice 41, Invoice 42/);
  });
});

describe('classification', () => {
  it("a record with only warnings is 'ready'; blockers sort by STATUS_ORDER; the summary counts statuses", () => {
    const item = { entity: 'Invoice', id: '33', shownAt: SHOWN_AT };
    const warning = linked.run(input({ record: txn({ linkedTxn: [{ txnId: '1', txnType: 'Payment' }] }) }))!;
    const ready = toPreflightRecord(item, [warning], txn());
    expect(ready).toMatchObject({ status: 'ready', blockers: [], warnings: [{ status: 'linked' }] });
    expect(recordReason(ready, ready.blockers, ready.warnings)).toMatch(
      /^Ready to delete; warning: linked to Payment 1/,
    );
    const blocked = toPreflightRecord(
      item,
      [
        { check: 'reconciled', status: 'reconciled' },
        { check: 'changed-since-viewed', status: 'changed', changedAt: '2025-04-15T10:00:00-07:00' },
      ],
      txn(),
    );
    expect(blocked).toMatchObject({ status: 'changed' });
    expect(recordReason(blocked, blocked.blockers, blocked.warnings)).toBe(
      'changed at 2025-04-15T10:00:00-07:00, after the page showed it',
    );
    expect(blocked.blockers.map((b) => b.status)).toEqual(['changed', 'reconciled']);
    expect(summarize([ready, blocked])).toMatchObject({ ready: 1, changed: 1, total: 2, withWarnings: 1 });
  });

  it("'Cannot verify' outranks 'Reconciled': the reconciled opt-in never reaches an unverified record", () => {
    const item = { entity: 'Invoice', id: '33', shownAt: SHOWN_AT };
    const both = toPreflightRecord(
      item,
      [
        { check: 'reconciled', status: 'reconciled' },
        { check: 'changed-since-viewed', status: 'unverifiable', missing: 'LastUpdatedTime', undecided: 'changed' },
      ],
      txn(),
    );
    expect(both).toMatchObject({ status: 'unverifiable' });
    expect(recordReason(both, both.blockers, both.warnings)).toBe(
      'the service gave no readable LastUpdatedTime: cannot prove the record unchanged',
    );
    expect(both.blockers.map((b) => b.status)).toEqual(['unverifiable', 'reconciled']);
  });
});

/*
 * Edge cases of lib/preflight/checks/* and classify.ts (issue 13): the page-mismatch
 * sentence and its readings of the record, and the checks' answers for a record that is gone.
 */
/** The finding's line for the log (lib/audit/words.ts), or undefined when nothing differs. */
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
