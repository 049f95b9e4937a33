/**
 * A record agrees with a row only when EVERY field the row shows agrees (lib/resolve/match.ts): each
 * field alone, money from any column with its sign (more in sign-and-subtype.test.ts), the web
 * app's date forms, a Payment's reference number, and a field the row does not show is not compared.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { Shown } from '../../lib/domain/shown';
import { entityOfShownType } from '../../lib/domain/shown-type';
import { shownAgrees } from '../../lib/resolve/match';

const bill = {
  Id: '301',
  SyncToken: '0',
  TxnDate: '2026-11-03',
  DocNumber: 'B-1001',
  VendorRef: { value: '30', name: 'Bob’s Burger Joint' },
  TotalAmt: 1234.5,
  PrivateNote: 'Spring order for the  kitchen',
  Line: [
    {
      Amount: 1234.5,
      DetailType: 'AccountBasedExpenseLineDetail',
      AccountBasedExpenseLineDetail: { AccountRef: { value: '20', name: 'Job Expenses:Job Materials' } },
    },
  ],
  APAccountRef: { value: '33', name: 'Accounts Payable (A/P)' },
};
const base: Shown = { date: '11/03/2026', amount: '$1,234.50' };
const agrees = (shown: Shown, entity: Entity = 'Bill', record: unknown = bill) => shownAgrees(shown, entity, record);

describe('the Type column', () => {
  it.each([
    ['Invoice', 'Invoice'],
    ['Sales Receipt', 'SalesReceipt'],
    ['Refund', 'RefundReceipt'],
    ['Refund Receipt', 'RefundReceipt'],
    ['bill payment (credit card)', 'BillPayment'],
    ['Bill Payment(Check)', 'BillPayment'],
    ['  Credit   Card  Expense ', 'Purchase'],
    ['Check', 'Purchase'],
    ['Cash Expense', 'Purchase'],
    ['Credit Card Credit', 'Purchase'],
    ['Vendor Credit', 'VendorCredit'],
    ['JOURNAL ENTRY', 'JournalEntry'],
    ['Credit Card Payment', 'CreditCardPayment'],
    ['Time Charge', 'TimeActivity'],
    ['Time Activity', 'TimeActivity'],
  ])('%s → %s', (text, entity) => expect(entityOfShownType(text)).toBe(entity));

  it('an unknown text is undefined, and a row showing it agrees with nothing', () => {
    expect(entityOfShownType('Inventory Qty Adjust')).toBeUndefined();
    expect(agrees({ ...base, type: 'Inventory Qty Adjust' })).toBe(false);
  });

  it('the record must be of the shown type', () => {
    expect(agrees({ ...base, type: 'Bill' })).toBe(true);
    expect(agrees({ ...base, type: 'Invoice' })).toBe(false);
  });
});

describe('each field alone', () => {
  it('date: any reading of the cell equals TxnDate, in every form the web app shows', () => {
    for (const date of ['11/03/2026', '03/11/2026', 'Nov 3, 2026', '3 Nov 2026', '2026-11-03', 'November 3, 2026'])
      expect(agrees({ ...base, date }), date).toBe(true);
    expect(agrees({ ...base, date: '11/04/2026' })).toBe(false);
    expect(agrees({ ...base, date: 'Nov 4, 2026' })).toBe(false);
  });

  it('amount: to the cent, from any money column, with its sign (a Bill is listed below zero only when it is)', () => {
    for (const amount of ['$1,234.50', '1.234,50 €', '1 234,50', 'USD 1,234.50'])
      for (const amountColumn of ['amount', 'payment', 'deposit', 'charge'] as const)
        expect(agrees({ ...base, amount, amountColumn }), `${amount} ${amountColumn}`).toBe(true);
    expect(agrees({ ...base, amount: '$1,234.51' })).toBe(false);
    for (const amount of ['-$1,234.50', '($1,234.50)']) {
      expect(agrees({ ...base, amount }), amount).toBe(false);
      expect(agrees({ ...base, amount }, 'Bill', { ...bill, TotalAmt: -1234.5 }), amount).toBe(true);
    }
    expect(agrees({ ...base, amount: '$1,234.50' }, 'Bill', { ...bill, TotalAmt: -1234.5 })).toBe(false);
    expect(agrees({ ...base, amount: '-$1,234.50' }, 'VendorCredit', { ...bill, Id: '302' })).toBe(true);
  });

  it('amount: a Transfer by Amount; a JournalEntry by its debits or one line; a record with no amount never', () => {
    const transfer = { Id: '9', TxnDate: '2026-11-03', Amount: 1234.5 };
    expect(agrees(base, 'Transfer', transfer)).toBe(true);
    const journal = {
      Id: '10',
      TxnDate: '2026-11-03',
      Line: [
        { Amount: 1000, JournalEntryLineDetail: { PostingType: 'Debit' } },
        { Amount: 234.5, JournalEntryLineDetail: { PostingType: 'Debit' } },
        { Amount: 1234.5, JournalEntryLineDetail: { PostingType: 'Credit' } },
      ],
    };
    expect(agrees(base, 'JournalEntry', journal)).toBe(true);
    expect(agrees({ ...base, amount: '$234.50' }, 'JournalEntry', journal)).toBe(true);
    expect(agrees({ ...base, amount: '$999.00' }, 'JournalEntry', journal)).toBe(false);
    expect(agrees(base, 'Bill', { ...bill, TotalAmt: undefined })).toBe(false);
  });

  it('number: DocNumber, "#" and case aside; the Id only for a record with no DocNumber (the list shows it then)', () => {
    expect(agrees({ ...base, number: '#b-1001' })).toBe(true);
    expect(agrees({ ...base, number: 'B-1002' })).toBe(false);
    expect(agrees({ ...base, number: '301' })).toBe(false);
    expect(agrees({ ...base, number: '301' }, 'Bill', { ...bill, DocNumber: undefined })).toBe(true);
    expect(agrees({ ...base, number: '302' }, 'Bill', { ...bill, DocNumber: undefined })).toBe(false);
  });

  it('number: a Payment’s is its PaymentRefNum', () => {
    const payment = {
      Id: '400',
      TxnDate: '2026-11-03',
      TotalAmt: 1234.5,
      PaymentRefNum: 'CHK 5521',
      CustomerRef: { value: '1', name: 'Cool Cars' },
    };
    expect(agrees({ ...base, number: 'chk 5521', type: 'Payment' }, 'Payment', payment)).toBe(true);
    expect(agrees({ ...base, number: 'CHK 5522', type: 'Payment' }, 'Payment', payment)).toBe(false);
  });

  it('name: the party’s name, case, spacing and apostrophes aside; a sub-customer by its last part', () => {
    expect(agrees({ ...base, name: "BOB'S  burger joint" })).toBe(true);
    expect(agrees({ ...base, name: 'Cal Telephone' })).toBe(false);
    const invoice = { Id: '1', TxnDate: '2026-11-03', TotalAmt: 1234.5, CustomerRef: { name: 'Cool Cars:Garage' } };
    expect(agrees({ ...base, name: 'Garage' }, 'Invoice', invoice)).toBe(true);
    expect(agrees({ ...base, name: 'Cool Cars:Garage' }, 'Invoice', invoice)).toBe(true);
    const purchase = { Id: '2', TxnDate: '2026-11-03', TotalAmt: 1234.5, EntityRef: { name: 'EDD', type: 'Vendor' } };
    expect(agrees({ ...base, name: 'edd' }, 'Purchase', purchase)).toBe(true);
  });

  it('account: a header or line account; "-Split-" only with two or more lines', () => {
    expect(agrees({ ...base, account: 'Job Materials' })).toBe(true);
    expect(agrees({ ...base, account: 'Accounts Payable (A/P)' })).toBe(true);
    expect(agrees({ ...base, account: 'Advertising' })).toBe(false);
    expect(agrees({ ...base, account: '-Split-' })).toBe(false);
    const line = bill.Line[0];
    expect(agrees({ ...base, account: '-Split-' }, 'Bill', { ...bill, Line: [line, line] })).toBe(true);
    const withSubtotal = { ...bill, Line: [line, { Amount: 1234.5, DetailType: 'SubTotalLineDetail' }] };
    expect(agrees({ ...base, account: '-Split-' }, 'Bill', withSubtotal)).toBe(false);
  });

  it('account: a side the record leaves to the service (a Payment with no ARAccountRef) cannot be disproved', () => {
    const payment = {
      Id: '400',
      TxnDate: '2026-11-03',
      TotalAmt: 1234.5,
      DepositToAccountRef: { value: '4', name: 'Undeposited Funds' },
      Line: [],
    };
    expect(agrees({ ...base, account: 'Accounts Receivable (A/R)' }, 'Payment', payment)).toBe(true);
    const named = { ...payment, ARAccountRef: { value: '84', name: 'Accounts Receivable (A/R)' } };
    expect(agrees({ ...base, account: 'Checking' }, 'Payment', named)).toBe(false);
  });

  it('memo: PrivateNote or CustomerMemo, spaces folded; a cut cell agrees with the text it begins', () => {
    expect(agrees({ ...base, memo: 'Spring order for the kitchen' })).toBe(true);
    expect(agrees({ ...base, memo: 'Spring order fo…' })).toBe(true);
    expect(agrees({ ...base, memo: 'Spring order for the garden' })).toBe(false);
    expect(agrees({ ...base, memo: 'Autumn…' })).toBe(false);
    const invoice = { Id: '1', TxnDate: '2026-11-03', TotalAmt: 1234.5, CustomerMemo: { value: 'Thanks!' } };
    expect(agrees({ ...base, memo: 'Thanks!' }, 'Invoice', invoice)).toBe(true);
  });
});

describe('every shown field, and only those', () => {
  it('one disagreeing field among agreeing ones is enough to refuse', () => {
    const all: Shown = {
      ...base,
      type: 'Bill',
      number: 'B-1001',
      name: 'Bob’s Burger Joint',
      account: 'Job Materials',
      memo: 'Spring order for the kitchen',
    };
    expect(agrees(all)).toBe(true);
    for (const [field, value] of [
      ['number', 'B-9'],
      ['name', 'EDD'],
      ['account', 'Savings'],
      ['memo', 'Net 30'],
      ['date', '11/05/2026'],
      ['amount', '$1.00'],
    ] as const)
      expect(agrees({ ...all, [field]: value }), field).toBe(false);
  });

  it('a field the row does not show is not compared (the record may lack it or differ in it)', () => {
    const bare = { Id: '5', TxnDate: '2026-11-03', TotalAmt: 1234.5 };
    expect(agrees(base, 'Bill', bare)).toBe(true);
    expect(agrees({ number: 'B-1001' })).toBe(true);
    expect(agrees({ name: 'Cal Telephone' })).toBe(false);
  });
});
