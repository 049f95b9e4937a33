/**
 * Real entity shapes the parsers must read right (issue 23 §8): amounts where TotalAmt is absent
 * (Transfer, CreditCardPayment: Amount; JournalEntry: its debit lines), links under the spellings
 * and in the places the real service uses (BillPaymentCheck; a Payment's top-level Deposit beside its
 * per-line links), and the uses that leave no link at all (a used credit, a billed time activity).
 */
import { describe, expect, it } from 'vitest';
import { linked } from '../../lib/preflight/checks/linked';
import { changingLinks, depositLink, recordLinks } from '../../lib/qbo/links';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { unlinkedUse } from '../../lib/qbo/usage';
import { journalEntry } from '../fixtures/payloads/entities';
import {
  appliedVendorCredit,
  billedTimeActivity,
  billPaidByCheck,
  creditCardPayment,
  journalEntryNoTotal,
  paymentWithTopLevelDeposit,
  transfer,
  unusedCreditMemo,
  usedCreditMemo,
} from '../fixtures/payloads/real-deviations';

/** Whether deleting the record changes another transaction: the one place that decides, the linked check. */
const changesOthers = (record: TxnRecord) =>
  linked.run({
    item: { entity: record.entity, id: record.id, shownAt: 0 },
    record,
    bookCloseDate: undefined,
    reconciled: { has: () => false, covers: () => true },
  }) !== undefined;

const read = (entity: Parameters<typeof toTxnRecord>[0], json: unknown) => {
  const record = toTxnRecord(entity, json);
  if (!record) throw new Error('unreadable fixture');
  return record;
};

describe('amounts where the real service puts them', () => {
  it('Transfer and CreditCardPayment: Amount, as they carry no TotalAmt', () => {
    expect(read('Transfer', transfer).totalAmt).toBe(1250.5);
    expect(read('CreditCardPayment', creditCardPayment).totalAmt).toBe(640);
  });

  it('a JournalEntry with neither: the sum of its debit lines, to the cent', () => {
    expect(read('JournalEntry', journalEntryNoTotal).totalAmt).toBe(200.3);
  });

  it('TotalAmt wins where it is sent; a JournalEntry line without a posting type proves no amount', () => {
    expect(read('JournalEntry', { ...journalEntryNoTotal, TotalAmt: 200.3, Amount: 5 }).totalAmt).toBe(200.3);
    expect(read('JournalEntry', journalEntry).totalAmt).toBeUndefined();
    expect(read('Transfer', { ...transfer, Amount: 'a lot' }).totalAmt).toBeUndefined();
  });
});

describe('links under the real spellings and in both places', () => {
  it("a Bill's BillPaymentCheck link is its BillPayment: linked, and named as an entity", () => {
    const bill = read('Bill', billPaidByCheck);
    expect(bill.linkedTxn).toEqual([{ txnId: '831', txnType: 'BillPayment' }]);
    expect(changingLinks(bill)).toEqual([{ txnId: '831', txnType: 'BillPayment' }]);
    expect(changesOthers(bill)).toBe(true);
  });

  it("a Payment's top-level Deposit and its per-line invoice and credit memo are all read", () => {
    const payment = read('Payment', paymentWithTopLevelDeposit);
    expect(recordLinks(payment)).toEqual([
      { txnId: '955', txnType: 'Deposit' },
      { txnId: '33', txnType: 'Invoice', lineAmount: 300 },
      { txnId: '412', txnType: 'CreditMemo', lineAmount: 100 },
    ]);
    expect(depositLink(payment)).toEqual({ txnId: '955', txnType: 'Deposit' });
    expect(changingLinks(payment).map((l) => l.txnType)).toEqual(['Invoice', 'CreditMemo']);
  });
});

describe('uses that leave no link on the record', () => {
  it('a CreditMemo with RemainingCredit 0 of TotalAmt 100 and no LinkedTxn: 100 applied elsewhere', () => {
    const memo = read('CreditMemo', usedCreditMemo);
    expect(memo.linkedTxn).toEqual([]);
    expect(unlinkedUse(memo)).toEqual({ kind: 'creditApplied', applied: 100, total: 100, currency: 'USD' });
    expect(changesOthers(memo)).toBe(true);
  });

  it('an unused CreditMemo (RemainingCredit = TotalAmt) changes nothing; a memo without RemainingCredit proves nothing', () => {
    expect(changesOthers(read('CreditMemo', unusedCreditMemo))).toBe(false);
    const { RemainingCredit: _, ...bare } = usedCreditMemo;
    // Balance alone is not a credit memo's remaining credit.
    expect(unlinkedUse(read('CreditMemo', bare))).toBeUndefined();
  });

  it('a VendorCredit whose Balance (50) is below its TotalAmt (250): 200 applied by a bill payment', () => {
    expect(unlinkedUse(read('VendorCredit', appliedVendorCredit))).toEqual({
      kind: 'creditApplied',
      applied: 200,
      total: 250,
      currency: 'USD',
    });
    expect(changesOthers(read('VendorCredit', { ...appliedVendorCredit, Balance: 250 }))).toBe(false);
  });

  it('a TimeActivity with BillableStatus "HasBeenBilled" is billed; "Billable", "NotBillable" or none is not', () => {
    expect(billedTimeActivity).not.toHaveProperty('HasBeenBilled');
    expect(unlinkedUse(read('TimeActivity', billedTimeActivity))).toEqual({ kind: 'billed' });
    expect(changesOthers(read('TimeActivity', billedTimeActivity))).toBe(true);
    for (const status of ['Billable', 'NotBillable', 'hasbeenbilled', true])
      expect(changesOthers(read('TimeActivity', { ...billedTimeActivity, BillableStatus: status }))).toBe(false);
    const { BillableStatus: _, ...unbilled } = billedTimeActivity;
    expect(changesOthers(read('TimeActivity', unbilled))).toBe(false);
  });

  it('other types with the same fields are not credits: an Invoice with Balance 0 is paid through its link', () => {
    expect(unlinkedUse(read('Invoice', { ...usedCreditMemo, RemainingCredit: 0 }))).toBeUndefined();
    expect(unlinkedUse(undefined)).toBeUndefined();
  });
});
