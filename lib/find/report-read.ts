/**
 * A report file's bytes as rows of text cells: an .xlsx (a ZIP, "PK\x03\x04") read with
 * read-excel-file, anything else decoded as text and read as CSV with Papa Parse. The file's content
 * decides, never its name: a bookkeeper's "report.csv" may well be an Excel workbook.
 *
 * read-excel-file is taken by its `universal` entry: the `browser` one runs its parsing in Workers
 * made from blob: URLs, which the extension pages' CSP (`script-src 'self'`) refuses. Its unzip
 * (fflate's async `unzip`) does the same for any deflated entry of 512 kB or more (a sheet of a few
 * thousand lines), and the refused Worker never calls back: the import would hang. So the workbook is
 * unzipped here on this thread (./zip-read.ts, with its size capped) and handed over re-zipped
 * without compression (`storedCopy`), which fflate copies out without a Worker.
 */
import { zipSync } from 'fflate';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { findHeaderRow } from './report-columns';
import { MAX_XLSX_UNZIPPED_BYTES, type ReportError } from './report-types';
import { unzipCapped } from './zip-read';

export interface ReportTable {
  format: 'csv' | 'xlsx';
  /** rows[i] is row i + 1 of the file. */
  rows: string[][];
}

const fail = (message: string): ReportError => ({ kind: 'error', message });
const NOT_A_REPORT = 'This file is not a CSV or Excel file.';

function startsWith(bytes: Uint8Array, ...signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** Excel's cell values as text a reader of the page would read the same way: ISO dates, plain numbers. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  // At most 10 decimals: drops binary noise (0.1 + 0.2) while keeping every cent.
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toFixed(10))) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

const DAMAGED_XLSX = 'This Excel file is damaged: it could not be unzipped.';
const TOO_LARGE_XLSX = 'This Excel file is too large to import once unzipped.';

/**
 * The workbook's XML parts in a ZIP without compression: read back with no Worker (see the header).
 * The parts are taken out by ./zip-read.ts, which reads ZIP64 and caps the bytes they unzip to
 * (`cap`, MAX_XLSX_UNZIPPED_BYTES) while inflating, whatever the file's headers say.
 */
export function storedCopy(bytes: Uint8Array, cap = MAX_XLSX_UNZIPPED_BYTES): Uint8Array | ReportError {
  const parts = unzipCapped(bytes, (name) => name.endsWith('.xml') || name.endsWith('.xml.rels'), cap);
  if (parts.kind === 'damaged') return fail(DAMAGED_XLSX);
  if (parts.kind === 'tooLarge') return fail(TOO_LARGE_XLSX);
  return zipSync(parts.files, { level: 0 });
}

async function readXlsx(bytes: Uint8Array): Promise<ReportTable | ReportError> {
  const stored = storedCopy(bytes);
  if (!(stored instanceof Uint8Array)) return stored;
  try {
    const whole = stored.byteOffset === 0 && stored.byteLength === stored.buffer.byteLength;
    const sheet = await readSheet((whole ? stored : stored.slice()).buffer as ArrayBuffer);
    return { format: 'xlsx', rows: sheet.map((row) => row.map(cellText)) };
  } catch {
    // The zip read; what is in it is not a workbook read-excel-file understands.
    return fail('This Excel file could not be read. Save it again as .xlsx, or export the report as CSV.');
  }
}

/** The file's text: UTF-16 by its byte-order mark, else UTF-8, else Windows-1252 (older Excel "CSV"). */
function decode(bytes: Uint8Array): string {
  if (startsWith(bytes, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Control characters other than tab and line ends do not occur in a CSV: the file is binary. */
function isBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}
/** Tried in order; the first that yields a header row with a Date and an Amount wins. */
const DELIMITERS = [',', ';', '\t', '|'];

function parseCsv(text: string, delimiter: string, preview = 0): { rows: string[][]; broken: boolean } {
  const result = Papa.parse<string[]>(text, { delimiter, preview, skipEmptyLines: false });
  // An unclosed quote swallows the rest of the file into one cell: refuse rather than guess.
  return { rows: result.data, broken: result.errors.some((e) => e.type === 'Quotes') };
}

function readCsv(bytes: Uint8Array): ReportTable | ReportError {
  const text = decode(bytes).replace(/^\uFEFF/, '');
  if (isBinary(text.slice(0, 65_536))) return fail(NOT_A_REPORT);
  const delimiter = DELIMITERS.find((d) => findHeaderRow(parseCsv(text, d, 100).rows) >= 0) ?? ',';
  const { rows, broken } = parseCsv(text, delimiter);
  if (broken) return fail('This CSV file is damaged: a quoted cell is never closed.');
  return { format: 'csv', rows };
}

/** The file's rows as text, or why it cannot be read. Never throws. */
export async function readReportTable(bytes: Uint8Array): Promise<ReportTable | ReportError> {
  if (bytes.length === 0) return fail('This file is empty.');
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return readXlsx(bytes);
  if (startsWith(bytes, 0x50, 0x4b)) return fail(NOT_A_REPORT);
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) {
    return fail('This is an old Excel file (.xls). Save it as .xlsx or CSV, then import it.');
  }
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return fail('This is a PDF. Export the report as CSV or Excel.');
  return readCsv(bytes);
}
