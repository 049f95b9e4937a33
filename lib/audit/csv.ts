/**
 * CSV export of the audit log: RFC 4180 (CRLF rows, every field quoted when it holds a quote, comma,
 * CR or LF; quotes doubled) and guarded against formula injection (OWASP): a text cell starting
 * with = + - @ (or tab / CR) gets a leading apostrophe so a spreadsheet shows it as text. A cell that
 * is a plain number (e.g. an amount of -120.5) is left alone: it cannot run as a formula, and a
 * bookkeeper needs it numeric.
 */
import type { AuditEntry } from './entry';

export const CSV_COLUMNS = [
  'time',
  'realmId',
  'environment',
  'entity',
  'id',
  'docNumber',
  'txnDate',
  'amount',
  'currency',
  'party',
  'syncToken',
  'outcome',
  'faultCode',
  'faultMessage',
  'intuit_tid',
  'jobId',
  'newId',
  'preDeleteJson',
] as const;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function guardFormula(cell: string): string {
  if (PLAIN_NUMBER.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function row(entry: AuditEntry): string[] {
  return [
    new Date(entry.at).toISOString(),
    entry.realmId,
    entry.environment,
    entry.entity,
    entry.id,
    entry.docNumber ?? '',
    entry.txnDate ?? '',
    entry.amount === undefined ? '' : String(entry.amount),
    entry.currency ?? '',
    entry.party ?? '',
    entry.syncToken,
    entry.outcomeLabel,
    entry.faultCode ?? '',
    entry.faultMessage ?? '',
    entry.intuitTid ?? '',
    entry.jobId,
    entry.newId ?? '',
    JSON.stringify(entry.preDeleteJson),
  ];
}

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

/** Each entry as one CSV line (CRLF included), for exports written page by page. */
export function csvRows(entries: readonly AuditEntry[]): string[] {
  return entries.map(
    (entry) =>
      `${row(entry)
        .map((c) => csvField(guardFormula(c)))
        .join(',')}\r\n`,
  );
}

export function toCsv(entries: readonly AuditEntry[]): string {
  return csvHeader() + csvRows(entries).join('');
}
