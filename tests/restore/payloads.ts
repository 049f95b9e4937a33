/**
 * Pre-delete snapshots in the real service's shapes (service-facts "Where links live in real
 * payloads"): a paid Invoice and the CreditMemo applied with it, the Payment that paid it, the Deposit
 * grouping that payment, two Bills and the BillPayment paying both, a JournalEntry. Frozen: a module
 * that changed its input would throw.
 */
import type { AuditEntry } from '../../lib/audit/entry';
import type { Entity } from '../../lib/domain/entities';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const meta = (at: string) => ({ CreateTime: at, LastUpdatedTime: at });

export const invoice = deepFreeze({
  Id: '130',
  SyncToken: '2',
  domain: 'QBO',
  sparse: false,
  MetaData: meta('2024-04-02T10:00:00-07:00'),
  DocNumber: '1037',
  TxnDate: '2024-04-02',
  CurrencyRef: { value: 'USD', name: 'United States Dollar' },
  CustomerRef: { value: '58', name: 'Amy’s Bird Sanctuary' },
  Line: [
    {
      Id: '1',
      LineNum: 1,
      Amount: 200,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: { ItemRef: { value: '5', name: 'Rock Fountain' }, Qty: 1, UnitPrice: 200 },
    },
    {
      Id: '2',
      LineNum: 2,
      Amount: 150,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: { ItemRef: { value: '11', name: 'Pump' }, Qty: 2, UnitPrice: 75 },
    },
    { Amount: 350, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
  ],
  TotalAmt: 350,
  HomeTotalAmt: 350,
  Balance: 0,
  HomeBalance: 0,
  InvoiceLink: 'https://connect.intuit.com/t/scs-v1-abc',
  LinkedTxn: [
    { TxnId: '12', TxnType: 'Estimate' },
    { TxnId: '140', TxnType: 'Payment' },
  ],
});

export const creditMemo = deepFreeze({
  Id: '135',
  SyncToken: '1',
  MetaData: meta('2024-04-03T10:00:00-07:00'),
  DocNumber: '1040',
  TxnDate: '2024-04-03',
  CustomerRef: { value: '58', name: 'Amy’s Bird Sanctuary' },
  Line: [
    {
      Id: '1',
      LineNum: 1,
      Amount: 50,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: { ItemRef: { value: '11', name: 'Pump' } },
    },
  ],
  TotalAmt: 50,
  Balance: 0,
  RemainingCredit: 0,
  LinkedTxn: [{ TxnId: '140', TxnType: 'Payment' }],
});

/** Pays the invoice with 300 and the credit memo's 50; sits on Deposit 150 (a payment's own line). */
export const payment = deepFreeze({
  Id: '140',
  SyncToken: '0',
  MetaData: meta('2024-04-10T09:00:00-07:00'),
  TxnDate: '2024-04-10',
  CustomerRef: { value: '58', name: 'Amy’s Bird Sanctuary' },
  DepositToAccountRef: { value: '4' },
  PaymentRefNum: '5521',
  TotalAmt: 300,
  UnappliedAmt: 0,
  Line: [
    {
      Amount: 350,
      LinkedTxn: [{ TxnId: '130', TxnType: 'Invoice' }],
      LineEx: {
        any: [{ name: '{http://schema.intuit.com/finance/v3}NameValue', value: { Name: 'txnId', Value: '130' } }],
      },
    },
    { Amount: 50, LinkedTxn: [{ TxnId: '135', TxnType: 'CreditMemo' }] },
    { Amount: 300, LinkedTxn: [{ TxnId: '150', TxnType: 'Deposit' }] },
  ],
});

export const deposit = deepFreeze({
  Id: '150',
  SyncToken: '0',
  MetaData: meta('2024-04-11T09:00:00-07:00'),
  TxnDate: '2024-04-11',
  DepositToAccountRef: { value: '35', name: 'Checking' },
  TotalAmt: 300,
  HomeTotalAmt: 300,
  Line: [{ Id: '1', LineNum: 1, Amount: 300, LinkedTxn: [{ TxnId: '140', TxnType: 'Payment', TxnLineId: '0' }] }],
});

function bill(id: string, docNumber: string, txnDate: string, amount: number) {
  return deepFreeze({
    Id: id,
    SyncToken: '1',
    MetaData: meta(`${txnDate}T08:00:00-07:00`),
    DocNumber: docNumber,
    TxnDate: txnDate,
    DueDate: '2024-05-01',
    VendorRef: { value: '41', name: 'Hicks Hardware' },
    APAccountRef: { value: '33', name: 'Accounts Payable (A/P)' },
    Line: [
      {
        Id: '1',
        LineNum: 1,
        Amount: amount,
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: { value: '7', name: 'Supplies' } },
      },
    ],
    TotalAmt: amount,
    Balance: 0,
    LinkedTxn: [{ TxnId: '170', TxnType: 'BillPaymentCheck' }],
  });
}

export const bill160 = bill('160', 'B-77', '2024-04-01', 120);
export const bill161 = bill('161', 'B-78', '2024-04-01', 80);

export const billPayment = deepFreeze({
  Id: '170',
  SyncToken: '0',
  MetaData: meta('2024-04-12T08:00:00-07:00'),
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

export const journalEntry = deepFreeze({
  Id: '180',
  SyncToken: '0',
  domain: 'QBO',
  sparse: false,
  MetaData: meta('2024-03-31T12:00:00-07:00'),
  DocNumber: 'JE-9',
  TxnDate: '2024-03-31',
  Adjustment: false,
  PrivateNote: 'Accrual',
  Line: [
    {
      Id: '0',
      Description: 'Accrued rent',
      Amount: 900,
      DetailType: 'JournalEntryLineDetail',
      JournalEntryLineDetail: { PostingType: 'Debit', AccountRef: { value: '39', name: 'Rent' } },
    },
    {
      Id: '1',
      Description: 'Accrued rent',
      Amount: 900,
      DetailType: 'JournalEntryLineDetail',
      JournalEntryLineDetail: { PostingType: 'Credit', AccountRef: { value: '90', name: 'Accrued liabilities' } },
    },
  ],
});

/** An audit entry as commit.ts writes it, for a deleted record. */
export function entry(entity: Entity, json: Record<string, unknown>, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    at: 1_717_000_000_000,
    jobId: 'job-1',
    realmId: '9130',
    environment: 'sandbox',
    entity,
    id: String(json.Id),
    docNumber: typeof json.DocNumber === 'string' ? json.DocNumber : undefined,
    txnDate: typeof json.TxnDate === 'string' ? json.TxnDate : undefined,
    amount: typeof json.TotalAmt === 'number' ? json.TotalAmt : undefined,
    syncToken: String(json.SyncToken),
    outcome: 'deleted',
    outcomeLabel: 'Deleted',
    preDeleteJson: json,
    ...over,
  };
}

export const allEntries = (): AuditEntry[] => [
  entry('Deposit', deposit),
  entry('Payment', payment),
  entry('Invoice', invoice),
  entry('CreditMemo', creditMemo),
  entry('BillPayment', billPayment),
  entry('Bill', bill161),
  entry('Bill', bill160),
  entry('JournalEntry', journalEntry),
];
