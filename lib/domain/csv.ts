/**
 * The product's one CSV writer: the audit log's export (lib/audit/csv.ts) and a run's report
 * (lib/popup/report.ts) both write through it, so the two files agree cell for cell.
 *
 * RFC 4180: fields joined by commas, CRLF after every row, and a field quoted (its quotes doubled)
 * when it holds `"`, `,`, `;`, tab, CR or LF. `;` and tab are quoted as well because a spreadsheet
 * whose list separator is `;` (most of continental Europe) or tab splits on them.
 *
 * Formula injection (OWASP, CWE-1236): a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`
 * (tab, CR and NUL too; Japanese Excel also takes their full-width forms). A record's name or memo
 * is whatever someone typed into QuickBooks, and a spreadsheet splitting on another separator than
 * ours, or ignoring quotes, cuts a field into several cells at every `,`, `;`, tab and line break.
 * So a segment — the field's start, and what follows each `,`, `;`, tab, CR or LF inside it — that
 * would open a cell with one of those characters (after any spaces or quotes, which a spreadsheet
 * may trim) gets an apostrophe in front: whichever separator the spreadsheet uses, no cell starts
 * with a formula. The JSON column is a field like any other.
 *
 * Numbers stay numbers: a field that is a plain decimal such as `-120.5` (a number of the product's
 * size, or a text of digits) is written as it is, unquoted: it cannot run, and a bookkeeper sums the
 * amounts. The one exception is a row's first field (see firstField); both CSVs open with text.
 * Money is written with its two decimals (csvMoney: `97199.10`, never `97199.1`), as a client reads it.
 *
 * The text stays recoverable (the JSON column parses again): a segment that starts with an
 * apostrophe of its own gets one more, so after an RFC 4180 parse every apostrophe right at the
 * field's start or right after a `,`, `;`, tab, CR or LF was inserted here, and removing exactly
 * that one apostrophe gives the original text back. The audit log's JSON export is the lossless
 * copy; the CSV is for reading.
 */

/** A cell: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** A segment start (field start or after a separator) opening with a formula character or an apostrophe. */
const RISKY_SEGMENT = /(?<=^|[,;\t\r\n])(?=[ "]*[=+\-@\t\r\0＝＋－＠]|')/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** The text with an apostrophe before every segment a spreadsheet could read as a formula. */
export function neutralizeFormulas(text: string): string {
  return PLAIN_NUMBER.test(text) ? text : text.replace(RISKY_SEGMENT, "'");
}

/** One field as written: neutralized, quoted text; a number's text is a plain decimal, left as it is. */
export function csvField(value: CsvValue): string {
  return value === undefined ? '' : quoted(neutralizeFormulas(String(value)));
}

/**
 * A row's first field is always text: a spreadsheet splitting on `;` reads a whole comma-separated
 * row as one cell, and a row opening with `-1,5+WEBSERVICE(…)` is a formula where `,` is the decimal
 * mark. So even a number there gets its apostrophe when it starts with `-`.
 */
function firstField(value: CsvValue): string {
  if (value === undefined) return '';
  const text = String(value);
  return quoted(PLAIN_NUMBER.test(text) ? text.replace(RISKY_SEGMENT, "'") : neutralizeFormulas(text));
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * An amount of money as a cell: two decimals (`97199.10`, `-20.50`, `75.00`), still a plain decimal a
 * spreadsheet sums. An amount with a finer part (a rate, never a QuickBooks total) is written as it
 * is rather than rounded: the file never says less than the record.
 */
export function csvMoney(amount: number | undefined): CsvValue {
  if (amount === undefined || !Number.isFinite(amount)) return amount;
  return Math.round(amount * 100) / 100 === amount ? amount.toFixed(2) : String(amount);
}

/** One row: its fields joined by commas, CRLF included. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map((v, i) => (i === 0 ? firstField(v) : csvField(v))).join(',')}\r\n`;
}
