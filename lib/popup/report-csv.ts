/**
 * A run's CSV files, written in one place through the product's one CSV writer (lib/domain/csv.ts),
 * so a client's name or memo never opens a formula and amounts stay plain number cells with two
 * decimals (1887.59, 75.00, the currency in its own column):
 *
 * - this run ("Download this run (CSV)"): one row per record in the job's order, the company on each
 *   row, dates as the service writes them (YYYY-MM-DD) and the service's code;
 * - the deletion report ("Download the report (CSV)"): the header block, the totals by type, then
 *   each section under a title row, dates in the bookkeeper's locale.
 *
 * Both write a record's cells with recordCells, from the report's rows (./report-data.ts).
 */
import { type CsvValue, csvMoney, csvRow } from '../domain/csv';
import type { JobView, SelectionRow } from '../messaging/views';
import { formatDate } from './format';
import {
  buildRunReport,
  jobRows,
  REPORT_COLUMNS,
  type ReportOptions,
  type ReportRow,
  type RunReport,
  TOTAL_COLUMNS,
} from './report-data';

/**
 * A record's cells, as REPORT_COLUMNS names them; `date` as the file writes it. The sales tax is a
 * number in the row's currency; the service's error code is kept here for support (the printed
 * report and the screens leave it out).
 */
function recordCells(r: ReportRow, date: CsvValue): CsvValue[] {
  return [
    r.type,
    r.number,
    r.name,
    date,
    csvMoney(r.amount) ?? r.shownAmount,
    r.currency,
    r.result,
    r.why,
    r.attachments,
    r.inventory,
    csvMoney(r.salesTax),
    r.code,
  ];
}

/** The run CSV's columns: the company, then a record's cells. */
export const RUN_CSV_COLUMNS = ['Company', 'Company ID', ...REPORT_COLUMNS] as const;

/**
 * This run's records as CSV (RFC 4180, CRLF rows): the spreadsheet a bookkeeper filters and sums.
 * `selection`: the company's selection, for each checked record's attachments, inventory and sales tax.
 */
export function runCsv(job: JobView, companyName: string | undefined, selection: readonly SelectionRow[] = []): string {
  const rows = jobRows(job, selection).map((r) => [companyName, job.realmId, ...recordCells(r, r.date ?? r.shownDate)]);
  return [[...RUN_CSV_COLUMNS], ...rows].map(csvRow).join('');
}

export function runCsvFilename(job: JobView, companyName: string | undefined): string {
  const slug = (companyName ?? `company-${job.realmId}`)
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  const day = new Date(job.finishedAt ?? job.startedAt).toISOString().slice(0, 10);
  return `safe-delete-${slug || job.realmId}-${day}.csv`;
}

/** The report's rows as cells: what the CSV writes and the Excel file lays out the same way. */
export function reportCells(report: RunReport, locale?: string): CsvValue[][] {
  const rows: CsvValue[][] = [[report.title], ...report.header, []];
  rows.push([report.totalsTitle], [...TOTAL_COLUMNS]);
  if (report.totals.length === 0) rows.push(['None']);
  for (const t of report.totals) rows.push([t.type, t.count, csvMoney(t.amount), t.currency]);
  for (const section of report.sections) {
    rows.push([], [section.title, section.rows.length], [...REPORT_COLUMNS]);
    if (section.rows.length === 0) rows.push(['None']);
    for (const r of section.rows) rows.push(recordCells(r, r.date ? formatDate(r.date, locale) : r.shownDate));
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
