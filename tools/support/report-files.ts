/**
 * Writes a QuickBooks Online report export from its rows, as CSV text and as XLSX bytes, the way
 * QuickBooks writes them: in the CSV, dates and money are text ("11/03/2026", "-1,234.56"); in the
 * XLSX they are real date and number cells, as "Export to Excel" makes them. The report fixtures
 * (tests/fixtures/report-exports/make.ts) and the simulator's reportExport scenario both write with
 * it, so a file the simulator serves is laid out as the files the import tests read.
 */
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/universal';

/** One cell: text, a date (ISO day), an amount, or empty. */
export type Value = string | { date: string } | { money: number } | null;

/** "11/03/2026" as QuickBooks US writes a date in a CSV. */
const csvDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
/** "-1,234.56" as QuickBooks writes money in a CSV. */
const csvMoney = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

function csvText(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  return 'date' in v ? csvDate(v.date) : csvMoney(v.money);
}

export function toCsv(rows: Value[][]): string {
  const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return `${rows.map((r) => r.map((v) => quote(csvText(v))).join(',')).join('\r\n')}\r\n`;
}

function xlsxCell(v: Value): Cell {
  if (v === null || v === '') return null;
  if (typeof v === 'string') return { value: v, type: String };
  if ('date' in v) return { value: new Date(`${v.date}T00:00:00Z`), type: Date, format: 'mm/dd/yyyy' };
  return { value: v.money, type: Number, format: '#,##0.00' };
}

export function toXlsx(rows: Value[][]): Promise<Blob> {
  const sheet: Row[] = rows.map((r) => r.map(xlsxCell));
  return writeXlsxFile(sheet, { sheet: 'Sheet1' }).toBlob();
}
