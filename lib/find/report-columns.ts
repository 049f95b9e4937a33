/**
 * Which column holds what, found by the report's own headers: QuickBooks writes "Date",
 * "Transaction Type", "Num", "Name", "Memo/Description", "Account", "Amount", "Debit", "Credit"; a
 * plain list may say "Type", "No.", "Customer", "Vendor", "Payee", "Total". "Split", "Balance" and
 * "Open Balance" are not mapped: they are not what the transaction shows as its own.
 */
import { HEADER_SEARCH_ROWS, type Mapping, REPORT_FIELDS, type ReportField } from './report-types';

/** Header titles per field, the likeliest first: an exact "Date" beats "Transaction Date". */
const TITLES: Record<ReportField, readonly string[]> = {
  date: ['date', 'transaction date', 'txn date', 'trans date'],
  type: ['transaction type', 'type', 'txn type', 'trans type'],
  number: ['num', 'no.', 'no', 'number', 'ref no.', 'ref no', 'ref #', 'doc num', 'doc number', '#'],
  name: ['name', 'customer', 'vendor', 'payee', 'employee', 'customer/vendor', 'customer name', 'vendor name'],
  amount: ['amount', 'total', 'total amount', 'amt'],
  debit: ['debit', 'debits', 'dr'],
  credit: ['credit', 'credits', 'cr'],
  memo: ['memo/description', 'memo / description', 'memo', 'description'],
  account: ['account', 'account name', 'account full name'],
};

/** A header as compared: compatibility forms folded, spaces collapsed, case and a trailing colon dropped. */
export function headerKey(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim().replace(/:$/, '').toLowerCase();
}

/** Field → column by the headers' titles; each column serves one field at most. */
export function suggestMapping(headers: readonly string[]): Mapping {
  const keys = headers.map(headerKey);
  const mapping: Mapping = {};
  const used = new Set<number>();
  for (const field of REPORT_FIELDS) {
    for (const title of TITLES[field]) {
      const column = keys.findIndex((k, i) => k === title && !used.has(i));
      if (column >= 0) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return mapping;
}

/** A mapping good enough to read lines: a date, and an amount or Debit/Credit. */
export function hasDateAndAmount(mapping: Mapping): boolean {
  return (
    mapping.date !== undefined &&
    (mapping.amount !== undefined || mapping.debit !== undefined || mapping.credit !== undefined)
  );
}

/** The 0-based index of the first row whose cells read as a header with a date and an amount, or -1. */
export function findHeaderRow(rows: readonly (readonly string[])[]): number {
  const end = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < end; i++) {
    if (hasDateAndAmount(suggestMapping(rows[i] ?? []))) return i;
  }
  return -1;
}
