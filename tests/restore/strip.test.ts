/** The create body: what the service assigns goes, back-references go, the rest is kept as it was. */
import { describe, expect, it } from 'vitest';
import { backReferences, createBody, isBackReference } from '../../lib/restore/strip';
import { bill160, billPayment, creditMemo, deposit, invoice, journalEntry, payment } from './payloads';

describe('createBody', () => {
  it('an Invoice: no Id, SyncToken, MetaData, domain, sparse, balances, line Ids; its Payment link goes, its Estimate link stays', () => {
    expect(createBody('Invoice', invoice)).toEqual({
      PrivateNote: `Restored by Safe Delete from #${String(invoice.Id)}`,
      DocNumber: '1037',
      TxnDate: '2024-04-02',
      CurrencyRef: { value: 'USD', name: 'United States Dollar' },
      CustomerRef: { value: '58', name: 'Amy’s Bird Sanctuary' },
      Line: [
        {
          LineNum: 1,
          Amount: 200,
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: '5', name: 'Rock Fountain' }, Qty: 1, UnitPrice: 200 },
        },
        {
          LineNum: 2,
          Amount: 150,
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: '11', name: 'Pump' }, Qty: 2, UnitPrice: 75 },
        },
        { Amount: 350, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
      ],
      TotalAmt: 350,
      LinkedTxn: [{ TxnId: '12', TxnType: 'Estimate' }],
    });
  });

  it('a Payment keeps its lines naming the invoice and the credit memo; its LineEx, UnappliedAmt and the line naming its Deposit go', () => {
    expect(createBody('Payment', payment)).toEqual({
      PrivateNote: `Restored by Safe Delete from #${String(payment.Id)}`,
      TxnDate: '2024-04-10',
      CustomerRef: { value: '58', name: 'Amy’s Bird Sanctuary' },
      DepositToAccountRef: { value: '4' },
      PaymentRefNum: '5521',
      TotalAmt: 300,
      Line: [
        { Amount: 350, LinkedTxn: [{ TxnId: '130', TxnType: 'Invoice' }] },
        { Amount: 50, LinkedTxn: [{ TxnId: '135', TxnType: 'CreditMemo' }] },
      ],
    });
  });

  it('a Deposit keeps its line naming the payment, TxnLineId included; HomeTotalAmt goes', () => {
    expect(createBody('Deposit', deposit)).toEqual({
      PrivateNote: `Restored by Safe Delete from #${String(deposit.Id)}`,
      TxnDate: '2024-04-11',
      DepositToAccountRef: { value: '35', name: 'Checking' },
      TotalAmt: 300,
      Line: [{ LineNum: 1, Amount: 300, LinkedTxn: [{ TxnId: '140', TxnType: 'Payment', TxnLineId: '0' }] }],
    });
  });

  it('a Bill loses its back-reference to the bill payment (spelled BillPaymentCheck) and so its whole LinkedTxn', () => {
    const body = createBody('Bill', bill160);
    expect(body).not.toHaveProperty('LinkedTxn');
    expect(body).not.toHaveProperty('Balance');
    expect(body).toMatchObject({ DocNumber: 'B-77', TotalAmt: 120, DueDate: '2024-05-01' });
    expect(body.Line).toEqual([
      {
        LineNum: 1,
        Amount: 120,
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: { value: '7', name: 'Supplies' } },
      },
    ]);
  });

  it('a BillPayment paying two bills keeps both lines and its check details', () => {
    expect(createBody('BillPayment', billPayment)).toEqual({
      PrivateNote: `Restored by Safe Delete from #${String(billPayment.Id)}`,
      DocNumber: '7001',
      TxnDate: '2024-04-12',
      VendorRef: { value: '41', name: 'Hicks Hardware' },
      PayType: 'Check',
      CheckPayment: { BankAccountRef: { value: '35', name: 'Checking' }, PrintStatus: 'NeedToPrint' },
      TotalAmt: 200,
      Line: [
        { Amount: 120, LinkedTxn: [{ TxnId: '160', TxnType: 'Bill' }] },
        { Amount: 80, LinkedTxn: [{ TxnId: '161', TxnType: 'Bill' }] },
      ],
    });
  });

  it('a CreditMemo applied by a payment: Balance, RemainingCredit and the payment link go', () => {
    expect(createBody('CreditMemo', creditMemo)).toEqual({
      PrivateNote: `Restored by Safe Delete from #${String(creditMemo.Id)}`,
      DocNumber: '1040',
      TxnDate: '2024-04-03',
      CustomerRef: { value: '58', name: 'Amy’s Bird Sanctuary' },
      Line: [
        {
          LineNum: 1,
          Amount: 50,
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: '11', name: 'Pump' } },
        },
      ],
      TotalAmt: 50,
    });
  });

  it('a JournalEntry (no TotalAmt) keeps its lines, Adjustment and note; line Ids "0" and "1" go', () => {
    const body = createBody('JournalEntry', journalEntry);
    expect(Object.keys(body)).toEqual(['DocNumber', 'TxnDate', 'Adjustment', 'PrivateNote', 'Line']);
    expect(body.Line).toEqual([
      {
        Description: 'Accrued rent',
        Amount: 900,
        DetailType: 'JournalEntryLineDetail',
        JournalEntryLineDetail: { PostingType: 'Debit', AccountRef: { value: '39', name: 'Rent' } },
      },
      {
        Description: 'Accrued rent',
        Amount: 900,
        DetailType: 'JournalEntryLineDetail',
        JournalEntryLineDetail: { PostingType: 'Credit', AccountRef: { value: '90', name: 'Accrued liabilities' } },
      },
    ]);
  });

  it('is a deep copy: changing the body leaves the snapshot as it was', () => {
    const snapshot = structuredClone(invoice) as Record<string, unknown>;
    const body = createBody('Invoice', snapshot);
    (body.CustomerRef as { value: string }).value = '99';
    ((body.Line as { Amount: number }[])[0] as { Amount: number }).Amount = 1;
    expect(snapshot).toEqual(invoice);
  });

  it('an Estimate drops every top-level link; group sub-lines lose their Ids; an empty LinkedTxn is left as it was', () => {
    const estimate = {
      Id: '12',
      TxnDate: '2024-03-20',
      LinkedTxn: [{ TxnId: '130', TxnType: 'Invoice' }],
      Line: [
        {
          Id: '3',
          DetailType: 'GroupLineDetail',
          GroupLineDetail: {
            GroupItemRef: { value: '19' },
            Line: [{ Id: '4', Amount: 10, DetailType: 'SalesItemLineDetail' }],
          },
          LinkedTxn: [],
        },
      ],
    };
    expect(createBody('Estimate', estimate)).toEqual({
      PrivateNote: `Restored by Safe Delete from #${String(estimate.Id)}`,
      TxnDate: '2024-03-20',
      Line: [
        {
          DetailType: 'GroupLineDetail',
          GroupLineDetail: { GroupItemRef: { value: '19' }, Line: [{ Amount: 10, DetailType: 'SalesItemLineDetail' }] },
          LinkedTxn: [],
        },
      ],
    });
  });

  it('a line with a DetailType whose only link was a back-reference stays, without LinkedTxn; junk links stay', () => {
    const receipt = {
      Id: '7',
      TxnDate: '2024-04-01',
      LinkedTxn: [{ TxnId: '150', TxnType: 'Deposit' }, 'junk'],
      Line: [
        { Id: '1', Amount: 5, DetailType: 'SalesItemLineDetail', LinkedTxn: [{ TxnId: '150', TxnType: 'Deposit' }] },
      ],
    };
    expect(createBody('SalesReceipt', receipt)).toEqual({
      PrivateNote: `Restored by Safe Delete from #${String(receipt.Id)}`,
      TxnDate: '2024-04-01',
      LinkedTxn: ['junk'],
      Line: [{ Amount: 5, DetailType: 'SalesItemLineDetail' }],
    });
  });
});

describe('back-references', () => {
  it.each([
    ['Invoice', 'Payment', true],
    ['Bill', 'BillPaymentCheck', true],
    ['Bill', 'BillPaymentCreditCard', true],
    ['CreditMemo', 'Payment', true],
    ['Payment', 'Deposit', true],
    ['SalesReceipt', 'Deposit', true],
    ['Estimate', 'Invoice', true],
    ['PurchaseOrder', 'Bill', true],
    ['Invoice', 'Estimate', false],
    ['Invoice', 'TimeActivity', false],
    ['Bill', 'PurchaseOrder', false],
    ['Payment', 'Invoice', false],
    ['BillPayment', 'Bill', false],
    ['Deposit', 'Payment', false],
    ['Invoice', 'ReimburseCharge', false],
  ] as const)('%s → %s: %s', (holder, txnType, expected) => {
    expect(isBackReference(holder, txnType)).toBe(expected);
  });

  it('lists what createBody drops, top level first, each once, with where it sat', () => {
    expect(backReferences('Invoice', invoice)).toEqual([{ txnId: '140', txnType: 'Payment', place: 'top' }]);
    expect(backReferences('Payment', payment)).toEqual([{ txnId: '150', txnType: 'Deposit', place: 'line' }]);
    expect(backReferences('Bill', bill160)).toEqual([{ txnId: '170', txnType: 'BillPaymentCheck', place: 'top' }]);
    expect(backReferences('Deposit', deposit)).toEqual([]);
    expect(
      backReferences('Invoice', {
        LinkedTxn: [{ TxnId: '1', TxnType: 'Payment' }],
        Line: [{ LinkedTxn: [{ TxnId: '1', TxnType: 'Payment' }] }],
      }),
    ).toHaveLength(1);
  });
});
