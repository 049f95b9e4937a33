/**
 * A report's rows as lines for the row resolver (lib/resolve): one line per transaction, its cells
 * kept as the raw text the report shows (the resolver reads dates and money with readDates and
 * readAmountCents). Only rows with a readable date and amount become lines; title, group heading,
 * subtotal ("Total for Checking"), grand TOTAL and footer rows are skipped, each with its reason.
 *
 * Journal layout (Debit and Credit columns, no Amount): a transaction spans several rows, the first
 * with Date, Type, Num and Name, the following ones with only Account, Debit and Credit. A row
 * without a date continues the transaction above; a row with both a Debit and a Credit and no
 * account is the transaction's own total. The line's amount is the sum of its debits; its account is
 * kept only when the transaction has one row (several rows have several accounts). Outside the
 * journal layout, a row without a date is never merged into the one above: it would change that
 * line's amount.
 */
import { MAX_SHOWN_TEXT } from '../domain/limits';
import type { Shown } from '../domain/shown';
import { readAmountCents } from '../domain/values/amount';
import { readDates } from '../domain/values/date';
import type { RowToResolve } from '../resolve/types';
import { hasDateAndAmount } from './report-columns';
import {
  MAX_REPORT_LINES,
  type Mapping,
  type ParsedReport,
  type ReportError,
  type ReportRow,
  type SkippedRow,
} from './report-types';

export interface ReportLines {
  kind: 'lines';
  lines: RowToResolve[];
  skipped: SkippedRow[];
}

/** A cell as shown: spaces collapsed, trimmed, bounded as the content script bounds a page's cell. */
function shownText(raw: string | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SHOWN_TEXT);
}

const TOTAL = /^total\b/i;
const FOOTER = /^(accrual|cash) basis\b/i;

/** The journal transaction being read: its first row's line and the cents of each debit. */
interface Open {
  line: RowToResolve;
  debits: number[][];
  rows: number;
}

const TOO_MANY: ReportError = {
  kind: 'error',
  message: `This list has more than ${MAX_REPORT_LINES.toLocaleString('en-US')} transactions. Split it into smaller files.`,
};

export function rowKeyOf(row: number): string {
  return `row:import-${row}`;
}

/** The sum of the debits as plain text, or undefined when a debit reads two ways ("1,234": 1.234 or 1234). */
function sumText(debits: number[][]): string | undefined {
  if (debits.some((d) => d.length !== 1)) return undefined;
  const cents = debits.reduce((sum, [d = 0]) => sum + d, 0);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function linesOf(parsed: ParsedReport, mapping: Mapping): ReportLines | ReportError {
  if (mapping.date === undefined) return { kind: 'error', message: 'Choose the column that holds the date.' };
  if (!hasDateAndAmount(mapping)) {
    return { kind: 'error', message: 'Choose the column that holds the amount (or the Debit and Credit columns).' };
  }
  const journal = mapping.amount === undefined;
  const lines: RowToResolve[] = [];
  const skipped: SkippedRow[] = [];
  const at = (r: ReportRow, field: keyof Mapping) => {
    const column = mapping[field];
    return column === undefined ? '' : shownText(r.cells[column]);
  };
  let open: Open | undefined;

  const close = () => {
    if (!open) return;
    const { line, debits, rows } = open;
    open = undefined;
    const row = Number(line.rowKey.slice('row:import-'.length));
    // One row: the debit as the report wrote it. Several: their sum, as plain text.
    const amount = rows === 1 ? line.shown.amount : debits.length > 0 ? sumText(debits) : undefined;
    if (debits.length === 0) skipped.push({ row, reason: 'no-amount' });
    else if (amount === undefined) skipped.push({ row, reason: 'unreadable-amount' });
    else {
      const shown: Shown = { ...line.shown, amount };
      if (rows > 1) delete shown.account;
      lines.push({ rowKey: line.rowKey, shown });
    }
  };

  for (const r of parsed.rows) {
    if (r.cells.every((c) => shownText(c) === '')) {
      close();
      continue;
    }
    const date = at(r, 'date');
    const debit = at(r, 'debit');
    const credit = at(r, 'credit');
    const amount = at(r, 'amount') || debit || credit;
    if (date === '') {
      const label = r.cells.map(shownText).find((c) => c !== '') ?? '';
      const isTotal = TOTAL.test(label) || (journal && debit !== '' && credit !== '' && at(r, 'account') === '');
      // Inside a journal transaction every undated row is one of its lines, with or without money.
      if (!isTotal && !FOOTER.test(label) && journal && open) {
        open.rows++;
        if (debit !== '') open.debits.push(readAmountCents(debit) ?? []);
        continue;
      }
      close();
      const reason = isTotal ? 'total' : FOOTER.test(label) ? 'footer' : amount !== '' ? 'no-date' : 'heading';
      skipped.push({ row: r.row, reason });
      continue;
    }
    close();
    if (readDates(date) === undefined) {
      // "TOTAL" in the Date column (a Transaction List by Date) is the report's total, not a bad date.
      const reason = TOTAL.test(date) ? 'total' : FOOTER.test(date) ? 'footer' : 'unreadable-date';
      skipped.push({ row: r.row, reason });
      continue;
    }
    if (!journal && amount === '') {
      skipped.push({ row: r.row, reason: 'no-amount' });
      continue;
    }
    if (amount !== '' && readAmountCents(amount) === undefined) {
      skipped.push({ row: r.row, reason: 'unreadable-amount' });
      continue;
    }
    const shown: Shown = { date };
    if (amount !== '') shown.amount = amount;
    for (const field of ['type', 'number', 'name', 'memo', 'account'] as const) {
      const text = at(r, field);
      if (text !== '') shown[field] = text;
    }
    const line: RowToResolve = { rowKey: rowKeyOf(r.row), shown };
    if (journal) {
      // The first row's amount is its debit only; a credit-only first row waits for the debits below.
      if (debit === '') delete shown.amount;
      open = { line, debits: debit === '' ? [] : [readAmountCents(debit) ?? []], rows: 1 };
    } else lines.push(line);
    if (lines.length > MAX_REPORT_LINES) return TOO_MANY;
  }
  close();
  if (lines.length > MAX_REPORT_LINES) return TOO_MANY;
  return { kind: 'lines', lines, skipped };
}
