/**
 * The deletion report as CSV ("Download the report (CSV)"): the header block, the totals by type,
 * then each section under a title row, through the product's one CSV writer (lib/domain/csv.ts), so
 * a client's name or memo never opens a formula and amounts stay plain number cells with two
 * decimals (1887.59, 75.00, the currency in its own column). Dates in the bookkeeper's locale.
 */
import { type CsvValue, csvMoney, csvRow } from '../domain/csv';
import type { JobView, SelectionRow } from '../messaging/views';
import { formatDate } from './format';
import { runCsvFilename } from './report';
import { buildRunReport, REPORT_COLUMNS, type ReportOptions, type RunReport, TOTAL_COLUMNS } from './report-data';

/** The report's rows as cells: what the CSV writes and the Excel file lays out the same way. */
export function reportCells(report: RunReport, locale?: string): CsvValue[][] {
  const rows: CsvValue[][] = [[report.title], ...report.header, []];
  rows.push([report.totalsTitle], [...TOTAL_COLUMNS]);
  if (report.totals.length === 0) rows.push(['None']);
  for (const t of report.totals) rows.push([t.type, t.count, csvMoney(t.amount), t.currency]);
  for (const section of report.sections) {
    rows.push([], [section.title, section.rows.length], [...REPORT_COLUMNS]);
    if (section.rows.length === 0) rows.push(['None']);
    for (const r of section.rows)
      rows.push([
        r.type,
        r.number,
        r.name,
        r.date ? formatDate(r.date, locale) : r.shownDate,
        csvMoney(r.amount) ?? r.shownAmount,
        r.currency,
        r.result,
        r.why,
      ]);
  }
  return rows;
}

/** The report of this run as CSV text (RFC 4180, CRLF rows). */
export function runReportCsv(job: JobView, selection: readonly SelectionRow[], options: ReportOptions = {}): string {
  return reportCells(buildRunReport(job, selection, options), options.locale)
    .map(csvRow)
    .join('');
}

/** "safe-delete-report-Maple-Street-Bakery-2026-11-22.csv" (or .xlsx). */
export function reportFilename(job: JobView, companyName: string | undefined, ext: 'csv' | 'xlsx'): string {
  return runCsvFilename(job, companyName)
    .replace(/^safe-delete-/, 'safe-delete-report-')
    .replace(/\.csv$/, `.${ext}`);
}
