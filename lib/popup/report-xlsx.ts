/**
 * The deletion report as an Excel workbook ("Download the report (Excel)"), laid out as the CSV is
 * (report-csv.ts): amounts are number cells, transaction dates real date cells shown in the
 * bookkeeper's order of day, month and year, titles in bold.
 *
 * write-excel-file and its zip library weigh more than the rest of the popup's first bundle has left
 * under its budget, so this module is only ever reached through a dynamic import() from the click
 * (report-export.ts): the popup's first bundle does not carry it. Text cells are typed strings, never
 * formulas, so a name such as "=1+1" is shown, not run.
 */
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/universal';
import type { JobView, SelectionRow } from '../messaging/views';
import { buildRunReport, REPORT_COLUMNS, type ReportOptions, type RunReport, TOTAL_COLUMNS } from './report-data';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY = '#,##0.00';

/**
 * An Excel date format in the locale's order ("mm/dd/yyyy" in en-US, "dd.mm.yyyy" in de-DE), from
 * Intl's parts: Excel's own built-in short date would follow the reader's machine, not the
 * bookkeeper's, and write-excel-file wants a format for every date cell.
 */
export function excelDateFormat(locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2024, 10, 22));
  const code = parts
    .map((p) => {
      if (p.type === 'year') return 'yyyy';
      if (p.type === 'month') return 'mm';
      if (p.type === 'day') return 'dd';
      // Literal text quoted: Excel reads letters in a format code as placeholders.
      return p.value.length > 0 ? `"${p.value.replaceAll('"', '')}"` : '';
    })
    .join('');
  return /yyyy/.test(code) && /mm/.test(code) && /dd/.test(code) ? code : 'yyyy-mm-dd';
}

/** A service date (YYYY-MM-DD) as a calendar day: midnight UTC, which write-excel-file counts from. */
function dateCell(date: string | undefined, format: string): Cell {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) return date ? { value: date, type: String } : null;
  return { value: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))), type: Date, format };
}

const text = (value: string | undefined): Cell => (value ? { value, type: String } : null);
const bold = (value: string): Cell => ({ value, type: String, fontWeight: 'bold' });
const money = (value: number | undefined): Cell =>
  value === undefined ? null : { value, type: Number, format: MONEY };

/** The workbook's one sheet, row by row. */
export function reportSheet(report: RunReport, locale?: string): Row[] {
  const dateFormat = excelDateFormat(locale);
  const rows: Row[] = [[bold(report.title)]];
  for (const [label, value] of report.header) rows.push([bold(label), text(value)]);
  rows.push([], [bold(report.totalsTitle)], TOTAL_COLUMNS.map(bold));
  if (report.totals.length === 0) rows.push([text('None')]);
  for (const t of report.totals)
    rows.push([text(t.type), { value: t.count, type: Number }, money(t.amount), text(t.currency)]);
  for (const section of report.sections) {
    rows.push([], [bold(section.title), { value: section.rows.length, type: Number }], REPORT_COLUMNS.map(bold));
    if (section.rows.length === 0) rows.push([text('None')]);
    for (const r of section.rows)
      rows.push([
        text(r.type),
        text(r.number),
        text(r.name),
        r.date ? dateCell(r.date, dateFormat) : text(r.shownDate),
        money(r.amount) ?? text(r.shownAmount),
        text(r.currency),
        text(r.result),
        text(r.why),
        text(r.attachments),
        text(r.inventory),
        money(r.salesTax),
        text(r.code),
      ]);
  }
  return rows;
}

/**
 * Column widths in characters: Type, Number, Name, Date, Amount, Currency, Result, Why, Attachments,
 * Inventory, Sales tax, QuickBooks error code.
 */
const WIDTHS = [22, 12, 30, 14, 14, 10, 24, 70, 40, 50, 12, 12];

/** The report of this run as an .xlsx Blob. */
export function runReportXlsx(
  job: JobView,
  selection: readonly SelectionRow[],
  options: ReportOptions = {},
): Promise<Blob> {
  const sheet = reportSheet(buildRunReport(job, selection, options), options.locale);
  return writeXlsxFile(sheet, { sheet: 'Report', columns: WIDTHS.map((width) => ({ width })) }).toBlob();
}
