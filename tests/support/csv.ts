/**
 * Reading the product's CSV back the ways a spreadsheet might: a proper RFC 4180 parse (with `,`, or
 * with `;` as a continental-European spreadsheet does), and a naive split that ignores quotes. Test
 * code: the product only writes CSV (lib/domain/csv.ts).
 */

export interface CsvParse {
  rows: string[][];
  /** Where the text breaks RFC 4180 (a stray quote, a bare CR or LF, no final CRLF…); empty when valid. */
  errors: string[];
}

/**
 * RFC 4180, leniently as spreadsheets read: a quote is special only at a field's start, text after a
 * closing quote is kept, and a bare CR or LF ends the row; each departure is listed in `errors`.
 */
export function parseCsv(text: string, delimiter = ','): CsvParse {
  const rows: string[][] = [];
  const errors: string[] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i++;
      for (;;) {
        if (i >= text.length) {
          errors.push('unclosed quote');
          break;
        }
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
      if (i < text.length && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n')
        errors.push(`text after a closing quote at ${i}`);
      continue;
    }
    const c = text[i]!;
    if (c === delimiter) {
      endField();
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 2;
    } else if (c === '\r' || c === '\n') {
      errors.push(`bare ${c === '\r' ? 'CR' : 'LF'} at ${i}`);
      endRow();
      i++;
    } else {
      if (c === '"') errors.push(`stray quote at ${i}`);
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) {
    errors.push('no CRLF after the last row');
    endRow();
  }
  return { rows, errors };
}

/** Every cell of a spreadsheet that ignores quotes and splits on line breaks and on `separator`. */
export function naiveCells(text: string, separator: string): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator));
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet could run as a formula: after any opening quotes, spaces, tabs, line breaks or
 * NULs (which it may drop) it starts with = + - @ or a full-width = + - @. A plain number is a number.
 */
export function opensFormula(cell: string): boolean {
  return !PLAIN_NUMBER.test(cell) && /^[ "\t\r\n\0]*[=+\-@＝＋－＠]/.test(cell);
}

/** Every cell that opens a formula, whichever way a spreadsheet reads `csv` (empty when safe). */
export function formulaCells(csv: string): string[] {
  const proper = [',', ';'].flatMap((d) => parseCsv(csv, d).rows.flat());
  const naive = [',', ';', '\t'].flatMap((s) => naiveCells(csv, s));
  return [...proper, ...naive].filter(opensFormula);
}

/**
 * The text the writer was given, from a field read by an RFC 4180 parse: the writer inserts one
 * apostrophe at the field's start and after a `,`, `;`, tab, CR or LF (and doubles any apostrophe
 * already there), so removing one there undoes it.
 */
export function recoverText(field: string): string {
  return field.replace(/(?<=^|[,;\t\r\n])'/g, '');
}
