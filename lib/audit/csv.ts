/**
 * CSV export of the audit log, one row per entry, written by the product's one CSV writer
 * (lib/domain/csv.ts: RFC 4180, formula neutralization in comma and semicolon locales, amounts kept
 * numeric with two decimals). The preDeleteJson column is a field like any other; the JSON export is
 * the lossless copy.
 */
import { type CsvValue, csvMoney, csvRow } from '../domain/csv';
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

function row(entry: AuditEntry): CsvValue[] {
  return [
    new Date(entry.at).toISOString(),
    entry.realmId,
    entry.environment,
    entry.entity,
    entry.id,
    entry.docNumber,
    entry.txnDate,
    csvMoney(entry.amount),
    entry.currency,
    entry.party,
    entry.syncToken,
    entry.outcomeLabel,
    entry.faultCode,
    entry.faultMessage,
    entry.intuitTid,
    entry.jobId,
    entry.newId,
    JSON.stringify(entry.preDeleteJson),
  ];
}

export const csvHeader = (): string => csvRow(CSV_COLUMNS);

/** Each entry as one CSV line (CRLF included), for exports written page by page. */
export function csvRows(entries: readonly AuditEntry[]): string[] {
  return entries.map((entry) => csvRow(row(entry)));
}

/**
 * An entry the log cannot read, in its place: marked in the outcome column, its stored value (as
 * JSON) in the preDeleteJson column, through the same writer (the stored value is untrusted text).
 */
export function csvUnreadableRow(stored: unknown): string {
  const json = JSON.stringify(stored) ?? 'undefined';
  return csvRow(
    CSV_COLUMNS.map((c) => (c === 'outcome' ? 'unreadable entry' : c === 'preDeleteJson' ? json : undefined)),
  );
}
