/**
 * Reading an .xlsx back as a spreadsheet would, for tests: unzip it (fflate, which write-excel-file
 * brings), resolve shared strings, and give each cell its value, its kind (text, number, date) and
 * its number format. Test code: the product only writes workbooks (lib/popup/report-xlsx.ts).
 */
import { strFromU8, unzipSync } from 'fflate';

export interface XlsxCell {
  kind: 'text' | 'number' | 'date';
  /** Text as written; a number or a date as its serial number's text. */
  value: string;
  format?: string;
  bold: boolean;
}

const unescapeXml = (s: string) =>
  s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** Column letters to a 0-based index ("A" → 0, "AB" → 27). */
function column(ref: string): number {
  let n = 0;
  for (const c of ref.replace(/\d+$/, '')) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

export async function readXlsx(blob: Blob) {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  const text = (name: string) => {
    const f = files[name];
    if (!f) throw new Error(`${name} is missing from the workbook`);
    return strFromU8(f);
  };
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescapeXml([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const styles = text('xl/styles.xml');
  const numFmts = new Map(
    [...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [m[1], unescapeXml(m[2]!)]),
  );
  const fonts = [...styles.matchAll(/<font>([\s\S]*?)<\/font>/g)].map((m) => m[1]!.includes('<b/>'));
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf([^>]*)>/g)].map(
    (m) => ({
      format: numFmts.get(/numFmtId="(\d+)"/.exec(m[1]!)?.[1] ?? ''),
      bold: fonts[Number(/fontId="(\d+)"/.exec(m[1]!)?.[1] ?? 0)] ?? false,
    }),
  );
  const rows: (XlsxCell | undefined)[][] = [];
  const sheet = text('xl/worksheets/sheet1.xml');
  for (const r of sheet.matchAll(/<row r="(\d+)"(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: (XlsxCell | undefined)[] = [];
    for (const c of (r[2] ?? '').matchAll(/<c r="([A-Z]+\d+)"([^>]*)>(?:<v>([^<]*)<\/v>)?<\/c>/g)) {
      const attrs = c[2]!;
      const style = xfs[Number(/ s="(\d+)"/.exec(attrs)?.[1] ?? 0)];
      const raw = c[3] ?? '';
      const isText = / t="s"/.test(attrs);
      const format = style?.format;
      cells[column(c[1]!)] = {
        kind: isText ? 'text' : format && /y/.test(format) ? 'date' : 'number',
        value: isText ? (shared[Number(raw)] ?? '') : raw,
        format,
        bold: style?.bold ?? false,
      };
    }
    rows[Number(r[1]) - 1] = cells;
  }
  return { files: Object.keys(files), rows };
}

/** Excel's serial day of a calendar day (1900 date system, as write-excel-file writes it). */
export function serialOf(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000 + 25_569;
}
