/**
 * The shapes of an imported report ("Import a list"): a QuickBooks report exported
 * as CSV or XLSX (or a plain list) read as rows of text, the header row found by the report's own
 * column titles, and a column mapping the person can fix before each line is resolved.
 *
 * These modules are heavy (Papa Parse, read-excel-file) and reached only by a dynamic import() from
 * the full view: the popup's first bundle must not carry them (tests/find/report-bundle.test.ts).
 */

/** The fields a column can be mapped to: what the row resolver compares, plus Debit and Credit. */
export const REPORT_FIELDS = [
  'date',
  'type',
  'number',
  'name',
  'amount',
  'debit',
  'credit',
  'memo',
  'account',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** Field → 0-based column index. A field without a column is left out. */
export type Mapping = Partial<Record<ReportField, number>>;

/** One row of the file after the header row: its 1-based row number in the file and its cells as text. */
export interface ReportRow {
  row: number;
  cells: string[];
}

export interface ParsedReport {
  kind: 'report';
  format: 'csv' | 'xlsx';
  /** The report's title rows (company, report name, date range): first cell of each, blank ones left out. */
  title: string[];
  /** 1-based row number of the header row in the file. */
  headerRow: number;
  headers: string[];
  rows: ReportRow[];
  /** The mapping suggested by the headers (suggestMapping); the person may fix it. */
  mapping: Mapping;
}

/** Why a file gives no lines, in plain words for the person. */
export interface ReportError {
  kind: 'error';
  message: string;
}

/** Why a row of the report is not a line to resolve. Worded by SKIP_REASON_WORDS. */
export type SkipReason =
  | 'total'
  | 'heading'
  | 'footer'
  | 'no-date'
  | 'unreadable-date'
  | 'no-amount'
  | 'unreadable-amount';

export interface SkippedRow {
  row: number;
  reason: SkipReason;
}

export const SKIP_REASON_WORDS: Record<SkipReason, string> = {
  total: 'A total row',
  heading: 'A heading, not a transaction',
  footer: "The report's footer",
  'no-date': 'No date',
  'unreadable-date': 'The date cannot be read',
  'no-amount': 'No amount',
  'unreadable-amount': 'The amount cannot be read',
};

/** Bounds of one import: over either, the whole file is refused (nothing half-imported). */
export const MAX_REPORT_BYTES = 10 * 1024 * 1024;
/** Said when a file is over MAX_REPORT_BYTES: by its size before it is read, and again by its bytes. */
export const REPORT_TOO_LARGE = 'This file is larger than 10 MB. Export a shorter date range.';
export const MAX_REPORT_LINES = 50_000;
/**
 * What an .xlsx may unzip to: a 10 MB zip of repeated XML could otherwise expand a hundredfold. A
 * 50,000-line report's sheet is about 30 MB of XML; it is held twice while read (report-read.ts).
 */
export const MAX_XLSX_UNZIPPED_BYTES = 100 * 1024 * 1024;
/** Rows searched for the header row: QuickBooks puts four or five title rows above it. */
export const HEADER_SEARCH_ROWS = 100;
