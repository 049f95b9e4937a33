import { describe, expect, it } from 'vitest';
import { findingReason } from '../../lib/audit/words';
import type { Shown } from '../../lib/domain/shown';
import { RECORD_CHECKS } from '../../lib/preflight/checks/index';
import { pageMismatch } from '../../lib/preflight/checks/page-mismatch';
import { summarize, toPreflightRecord } from '../../lib/preflight/classify';
import { type Finding, STATUS_ORDER } from '../../lib/preflight/types';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { input, SHOWN_AT, txn } from './helpers';

const run = (shown: Shown | undefined, record: TxnRecord | undefined = txn({ totalAmt: 120, docNumber: '1001' })) => {
  const base = input({ record });
  return pageMismatch.run({ ...base, item: { ...base.item, ...(shown ? { shown } : {}) } });
};

/** The finding's line for the log (lib/audit/words.ts). */
const reasonOf = (finding: Finding | undefined) => finding && findingReason(finding, { entity: 'Invoice', id: '33' });

describe("pageMismatch: Doesn't match the page", () => {
  it('an amount that differs blocks the record, in words a bookkeeper reads', () => {
    const finding = run({ amount: '$1,200.00' });
    expect(finding).toEqual({
      check: 'page-mismatch',
      status: 'pageMismatch',
      differences: [{ field: 'amount', shown: '$1,200.00', actual: 120 }],
    });
    expect(reasonOf(finding)).toBe(
      'QuickBooks showed $1,200.00 for this row; the record says $120.00. Reload the page and tick it again.',
    );
  });

  it('amounts compare as absolute values to the cent', () => {
    expect(run({ amount: '$120.00' })).toBeUndefined();
    expect(run({ amount: '-$120.00' })).toBeUndefined();
    expect(run({ amount: '($120.00)' }, txn({ totalAmt: -120 }))).toBeUndefined();
    expect(run({ amount: '120,00 €' })).toBeUndefined();
    expect(run({ amount: '$120.01' })).toMatchObject({ status: 'pageMismatch' });
    expect(run({ amount: '$1,234.56' }, txn({ totalAmt: 1234.56 }))).toBeUndefined();
  });

  it('no false alarms: unreadable text, no amount on the record, a journal entry, nothing shown', () => {
    expect(run({ amount: 'Paid' })).toBeUndefined();
    expect(run({ amount: '—' })).toBeUndefined();
    expect(run({ amount: '$999.00' }, txn({ totalAmt: undefined }))).toBeUndefined();
    expect(run({ amount: '$999.00' }, txn({ entity: 'JournalEntry', totalAmt: 120 }))).toBeUndefined();
    expect(run(undefined)).toBeUndefined();
    expect(run({})).toBeUndefined();
    const missing = input({ record: undefined });
    const item = { ...missing.item, shown: { amount: '$1.00' } };
    expect(pageMismatch.run({ ...missing, item })).toBeUndefined(); // notFound's business
  });

  it("a Transfer's Amount (it has no TotalAmt) is compared", () => {
    const transfer = txn({ entity: 'Transfer', raw: { Id: '33', SyncToken: '3', Amount: 50 } });
    expect(run({ amount: '$50.00' }, transfer)).toBeUndefined();
    expect(run({ amount: '$500.00' }, transfer)).toMatchObject({ status: 'pageMismatch' });
  });

  it('the number compares with DocNumber (trimmed, any case), or with the Id when there is none', () => {
    expect(run({ number: '1001' })).toBeUndefined();
    expect(run({ number: ' 1001 ' }, txn({ docNumber: '1001 ' }))).toBeUndefined();
    expect(run({ number: 'inv-7' }, txn({ docNumber: 'INV-7' }))).toBeUndefined();
    expect(reasonOf(run({ number: '1002' }))).toBe(
      'QuickBooks showed no. 1002 for this row; the record says no. 1001. Reload the page and tick it again.',
    );
    expect(run({ number: '33' }, txn({ docNumber: undefined }))).toBeUndefined();
    expect(reasonOf(run({ number: '34' }, txn({ docNumber: undefined })))).toContain('no number (Id 33)');
    expect(run({ number: '33' })).toMatchObject({ status: 'pageMismatch' }); // the Id where a DocNumber exists
  });

  it("a payment's reference number also counts as its number", () => {
    const payment = txn({ entity: 'Payment', docNumber: undefined, raw: { Id: '33', PaymentRefNum: 'CHK-88' } });
    expect(run({ number: 'chk-88' }, payment)).toBeUndefined();
    expect(run({ number: 'CHK-89' }, payment)).toMatchObject({ status: 'pageMismatch' });
  });

  it('the date compares with TxnDate; either reading of an ambiguous date matches; unreadable is no alarm', () => {
    const april = txn({ txnDate: '2025-04-03' });
    expect(run({ date: '04/03/2025' }, april)).toBeUndefined();
    expect(run({ date: '03/04/2025' }, april)).toBeUndefined();
    expect(run({ date: '2025-04-03' }, april)).toBeUndefined();
    expect(run({ date: 'Apr 3, 2025' }, april)).toBeUndefined();
    expect(run({ date: 'last week' }, april)).toBeUndefined();
    expect(reasonOf(run({ date: '04/04/2025' }, april))).toBe(
      'QuickBooks showed the date 04/04/2025 for this row; the record says it is dated Apr 3, 2025. Reload the page and tick it again.',
    );
  });

  it('names every field that differs, and only those', () => {
    const finding = run(
      { amount: '$1,200.00', number: '1001', date: '01/02/2026' },
      txn({ totalAmt: 120, docNumber: '1001', txnDate: '2025-04-14' }),
    );
    expect(reasonOf(finding)).toBe(
      'QuickBooks showed $1,200.00 and the date 01/02/2026 for this row; the record says $120.00 and it is dated Apr 14, 2025. Reload the page and tick it again.',
    );
  });

  it("issue 20: a Type column naming another kind of transaction blocks; the web app's own words for the same kind do not", () => {
    expect(run({ type: 'Invoice' })).toBeUndefined();
    expect(run({ type: 'Check' }, txn({ entity: 'Purchase', totalAmt: 120 }))).toBeUndefined();
    expect(run({ type: 'Bill Payment (Check)' }, txn({ entity: 'BillPayment', totalAmt: 120 }))).toBeUndefined();
    expect(run({ type: 'Journal' }, txn({ entity: 'JournalEntry' }))).toBeUndefined();
    // A word the domain does not know compares nothing (no false alarm).
    expect(run({ type: 'Sales Tax Payment' })).toBeUndefined();
    const finding = run({ type: 'Bill' });
    expect(finding).toMatchObject({ differences: [{ field: 'type', shown: 'Bill', actual: 'Invoice' }] });
  });

  it("issue 20: the name shown must be the record's party (case, spacing, a sub-customer's last part and a cut cell agree)", () => {
    const record = txn({ totalAmt: 120, party: 'Cool Cars' });
    expect(run({ name: 'cool  CARS' }, record)).toBeUndefined();
    expect(run({ name: 'Cool C…' }, record)).toBeUndefined();
    expect(run({ name: 'Garage' }, txn({ totalAmt: 120, party: 'Cool Cars:Garage' }))).toBeUndefined();
    // The record names no one: nothing to compare.
    expect(run({ name: 'Cool Cars' }, txn({ totalAmt: 120 }))).toBeUndefined();
    const finding = run({ name: 'Amy’s Bird Sanctuary', amount: '$120.00' }, record);
    expect(finding).toMatchObject({
      differences: [{ field: 'name', shown: 'Amy’s Bird Sanctuary', actual: 'Cool Cars' }],
    });
    expect(reasonOf(finding)).toBe(
      'QuickBooks showed name Amy’s Bird Sanctuary for this row; the record says it names Cool Cars. Reload the page and tick it again.',
    );
  });

  it('invisible marks around a number are read through; page text reaches the reason without them', () => {
    expect(run({ amount: '\u200e$120.00\u200f' })).toBeUndefined();
    expect(reasonOf(run({ amount: '\u202e$1,200.00\u202c' }))).toContain('showed $1,200.00 for this row');
    expect(run({ number: '\u200b1001' })).toBeUndefined();
  });
});

describe('pageMismatch in the classification', () => {
  it('is registered right after notFound and ranks right after notFound', () => {
    expect(RECORD_CHECKS.map((c) => c.id).slice(0, 2)).toEqual(['not-found', 'page-mismatch']);
    expect(STATUS_ORDER.indexOf('pageMismatch')).toBe(STATUS_ORDER.indexOf('notFound') + 1);
  });

  it('outranks every later status; the summary counts it', () => {
    const item = { entity: 'Invoice', id: '33', shownAt: SHOWN_AT, shown: { amount: '$1.00' } };
    const mismatch = run({ amount: '$1.00' })!;
    const record = toPreflightRecord(
      item,
      [
        { check: 'changed-since-viewed', status: 'changed', changedAt: '2025-04-15T10:00:00Z' },
        { check: 'reconciled', status: 'reconciled' },
        mismatch,
      ],
      txn(),
    );
    expect(record.status).toBe('pageMismatch');
    expect(summarize([record])).toMatchObject({ pageMismatch: 1, total: 1 });
  });
});
