/**
 * The TransactionList report (4.4) in the service's real shape: Header, Columns with ColKey
 * MetaData, Rows of Data (and Section) rows whose cells are strings. The transaction Id rides on
 * the txn_type cell as `id`; the name and account cells carry ids too, so only the ColKey finds it.
 *
 * Decisions: the column layout varies per company (three layouts, none with txn_type first;
 * `columns=` picks keys and order explicitly, as the service allows). Rows sort by date then Id.
 */

import type { ReportGrouping } from './api';
import { jsonLinks } from './links';
import { hashString } from './prng';
import { DEPOSITABLE, type Entity, GENERIC_DELETE_EXCLUDED } from './service-names';
import type { StoredRecord } from './store';

export const COLUMNS = {
  tx_date: ['Date', 'Date'],
  txn_type: ['Transaction Type', 'String'],
  doc_num: ['Num', 'String'],
  is_no_post: ['Posting', 'Boolean'],
  name: ['Name', 'String'],
  memo: ['Memo/Description', 'String'],
  account_name: ['Account', 'String'],
  other_account: ['Split', 'String'],
  subt_nat_amount: ['Amount', 'Money'],
} as const;
export type ColKey = keyof typeof COLUMNS;

const LAYOUTS: ColKey[][] = [
  ['tx_date', 'txn_type', 'doc_num', 'is_no_post', 'name', 'memo', 'account_name', 'other_account', 'subt_nat_amount'],
  ['tx_date', 'doc_num', 'name', 'txn_type', 'memo', 'subt_nat_amount'],
  ['doc_num', 'tx_date', 'subt_nat_amount', 'name', 'account_name', 'txn_type', 'memo'],
];

export function layoutFor(realmId: string, columnsParam: string | undefined): ColKey[] {
  if (columnsParam) {
    const keys = columnsParam.split(',').map((k) => k.trim());
    return keys.filter((k): k is ColKey => Object.hasOwn(COLUMNS, k));
  }
  return LAYOUTS[hashString(realmId) % LAYOUTS.length] ?? LAYOUTS[0] ?? [];
}

/** The report's display name of a record (a name REPORT_NAME_TO_ENTITY maps back). */
export function reportName(entity: Entity, json: Record<string, unknown>): string {
  switch (entity) {
    case 'Purchase':
      if (json.PaymentType === 'Cash') return 'Expense';
      if (json.PaymentType === 'Check') return 'Check';
      return json.Credit === true ? 'Credit Card Credit' : 'Credit Card Expense';
    case 'BillPayment':
      return json.PayType === 'CreditCard' ? 'Bill Payment (Credit Card)' : 'Bill Payment (Check)';
    case 'SalesReceipt':
      return 'Sales Receipt';
    case 'CreditMemo':
      return 'Credit Memo';
    case 'RefundReceipt':
      return 'Refund';
    case 'VendorCredit':
      return 'Vendor Credit';
    case 'JournalEntry':
      return 'Journal Entry';
    case 'CreditCardPayment':
      return 'Credit Card Payment';
    case 'PurchaseOrder':
      return 'Purchase Order';
    case 'TimeActivity':
      return 'Time Charge';
    default:
      return entity;
  }
}

type Ref = { value?: string; name?: string };
type Cell = { value: string; id?: string };

function amountOf(json: Record<string, unknown>): number | undefined {
  const v = json.TotalAmt ?? json.Amount;
  if (typeof v === 'number') return v;
  if (typeof json.Hours === 'number')
    return (json.Hours + Number(json.Minutes ?? 0) / 60) * Number(json.HourlyRate ?? 0);
  return undefined;
}

function refCell(ref: unknown): Cell {
  const r = (ref ?? {}) as Ref;
  return r.name ? { value: r.name, id: r.value ?? '' } : { value: '' };
}

export function partyName(json: Record<string, unknown>): string {
  return refCell(json.CustomerRef ?? json.VendorRef ?? json.EntityRef ?? json.EmployeeRef).value;
}

function cell(rec: StoredRecord, key: ColKey): Cell {
  const j = rec.json;
  switch (key) {
    case 'tx_date':
      return { value: String(j.TxnDate ?? '') };
    case 'txn_type':
      return { value: reportName(rec.entity, j), id: rec.id };
    case 'doc_num':
      return { value: String(j.DocNumber ?? '') };
    case 'is_no_post':
      return { value: GENERIC_DELETE_EXCLUDED.has(rec.entity) ? 'Yes' : 'No' };
    case 'name':
      return refCell(j.CustomerRef ?? j.VendorRef ?? j.EntityRef ?? j.EmployeeRef);
    case 'memo':
      return { value: String(j.PrivateNote ?? '') };
    case 'account_name':
      return refCell(j.DepositToAccountRef ?? j.AccountRef ?? j.FromAccountRef ?? j.CreditCardAccountRef);
    case 'other_account':
      return { value: '-Split-' };
    case 'subt_nat_amount': {
      const amount = amountOf(j);
      return { value: amount === undefined ? '' : amount.toFixed(2) };
    }
  }
}

export type CellValue = { value: string; id?: string };
export type ReportRow =
  | { type: 'Data'; ColData: CellValue[] }
  | {
      type: 'Section';
      group: string;
      Header: { ColData: CellValue[] };
      Rows: { Row: ReportRow[] };
      Summary: { ColData: CellValue[] };
    };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function groupLabel(rec: StoredRecord, level: ReportGrouping): string {
  if (level === 'txn_type') return reportName(rec.entity, rec.json);
  if (level === 'name') return partyName(rec.json) || 'Not Specified';
  const [y, m] = String(rec.json.TxnDate).split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${y}`;
}

const GROUP_NAMES: Record<ReportGrouping, string> = { txn_type: 'TxnType', month: 'Month', name: 'Name' };

/** Data rows, nested into Section rows per grouping level (outermost first). */
export function buildRows(records: StoredRecord[], cols: ColKey[], levels: ReportGrouping[]): ReportRow[] {
  const [level, ...rest] = levels;
  if (!level) return records.map((r) => ({ type: 'Data', ColData: cols.map((k) => cell(r, k)) }));
  const groups = new Map<string, StoredRecord[]>();
  for (const r of records) {
    const label = groupLabel(r, level);
    groups.set(label, [...(groups.get(label) ?? []), r]);
  }
  return [...groups].map(([label, rs]) => {
    const total = rs.reduce((s, r) => s + (amountOf(r.json) ?? 0), 0);
    return {
      type: 'Section',
      group: GROUP_NAMES[level],
      Header: { ColData: cols.map((_, i) => ({ value: i === 0 ? label : '' })) },
      Rows: { Row: buildRows(rs, cols, rest) },
      Summary: {
        ColData: cols.map((k, i) => ({
          value: i === 0 ? `Total for ${label}` : k === 'subt_nat_amount' ? total.toFixed(2) : '',
        })),
      },
    };
  });
}

/** The `cleared` filter. Deposited: a Payment/SalesReceipt linked to a Deposit that still exists. */
export function clearedFilter(
  value: string,
  depositExists: (id: string) => boolean,
): ((r: StoredRecord) => boolean) | undefined {
  switch (value) {
    case 'Reconciled':
      return (r) => r.cleared === 'reconciled';
    case 'Cleared':
      return (r) => r.cleared === 'cleared';
    case 'Uncleared':
      return (r) => r.cleared === 'uncleared';
    case 'Deposited':
      return (r) =>
        DEPOSITABLE.has(r.entity) &&
        jsonLinks(r.json).some((l) => l.TxnType === 'Deposit' && !!l.TxnId && depositExists(l.TxnId));
    default:
      return undefined;
  }
}
