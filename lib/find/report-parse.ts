/**
 * Import a list: a QuickBooks report exported as CSV or XLSX — Transaction List by
 * Date, Transaction Detail by Account, Journal — or a plain list, read into rows after its header
 * row, with a suggested column mapping. `linesOf` (./report-lines.ts) then makes the lines the row
 * resolver resolves. Every failure is a value with a message in plain words; nothing throws.
 *
 * Loaded only by a dynamic import() from the full view (Papa Parse and read-excel-file stay out of
 * the popup's first bundle).
 */
import { findHeaderRow, suggestMapping } from './report-columns';
import { linesOf } from './report-lines';
import { readReportTable } from './report-read';
import { MAX_REPORT_BYTES, type ParsedReport, REPORT_TOO_LARGE, type ReportError } from './report-types';

export { suggestMapping } from './report-columns';
export { linesOf, type ReportLines, rowKeyOf } from './report-lines';
export * from './report-types';

const MAX_TITLE_ROWS = 10;

export async function parseReportFile(file: { name: string; bytes: ArrayBuffer }): Promise<ParsedReport | ReportError> {
  if (file.bytes.byteLength > MAX_REPORT_BYTES) {
    return { kind: 'error', message: REPORT_TOO_LARGE };
  }
  let table: Awaited<ReturnType<typeof readReportTable>>;
  try {
    table = await readReportTable(new Uint8Array(file.bytes));
  } catch {
    // The readers return their failures as values; this is the edge for anything they did not foresee.
    return { kind: 'error', message: 'This file could not be read as a CSV or Excel file.' };
  }
  if ('kind' in table) return table;
  const header = findHeaderRow(table.rows);
  if (header < 0) return { kind: 'error', message: 'No header row with a Date and an Amount column was found.' };
  const headers = (table.rows[header] ?? []).map((h) => h.trim());
  const parsed: ParsedReport = {
    kind: 'report',
    format: table.format,
    title: table.rows
      .slice(0, header)
      .map((r) => (r.find((c) => c.trim() !== '') ?? '').trim())
      .filter((t) => t !== '')
      .slice(0, MAX_TITLE_ROWS),
    headerRow: header + 1,
    headers,
    rows: table.rows.slice(header + 1).map((cells, i) => ({ row: header + 2 + i, cells })),
    mapping: suggestMapping(headers),
  };
  // The bound holds for the suggested mapping: a file over it is refused whole, not cut.
  const lines = linesOf(parsed, parsed.mapping);
  return lines.kind === 'error' ? lines : parsed;
}
