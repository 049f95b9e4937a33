/**
 * Reading an .xlsx without Workers: the extension pages' CSP refuses blob: Workers, and fflate's async
 * unzip (inside read-excel-file) starts one for any deflated entry of 512 kB or more, then never calls
 * back. The workbook is handed to read-excel-file with every entry stored, which fflate copies out on
 * its own thread; a sheet far over 512 kB still reads.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { linesOf, parseReportFile } from '../../lib/find/report-parse';
import { cellText, storedCopy } from '../../lib/find/report-read';
import { readZipDirectory } from '../../lib/find/zip-read';
import { toXlsx, type Value } from '../../tools/support/report-files';

/** The compression method of each entry, from the ZIP's central directory (0 = stored, 8 = deflated). */
function methods(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: number[] = [];
  for (let at = 0; at + 46 <= zip.length; at++)
    if (view.getUint32(at, true) === 0x02014b50) out.push(view.getUint16(at + 10, true));
  return out;
}

async function bigWorkbook(lines: number): Promise<Uint8Array> {
  const rows: Value[][] = [['Transaction List by Date'], [], ['Date', 'Transaction Type', 'Num', 'Name', 'Amount']];
  for (let i = 0; i < lines; i++)
    rows.push([{ date: '2026-11-03' }, 'Invoice', String(1000 + i), `Customer ${i}`, { money: i + 0.5 }]);
  return new Uint8Array(await (await toXlsx(rows)).arrayBuffer());
}

describe('report-read: XLSX', () => {
  it('hands read-excel-file every part stored, none deflated, the same XML inside', async () => {
    const workbook = await bigWorkbook(20);
    expect(methods(workbook)).toContain(8);
    const stored = storedCopy(workbook);
    if (!(stored instanceof Uint8Array)) throw new Error(stored.message);
    expect(methods(stored).length).toBeGreaterThan(0);
    expect(methods(stored).every((m) => m === 0)).toBe(true);
    const before = unzipSync(workbook);
    const after = unzipSync(stored);
    for (const [name, data] of Object.entries(after)) expect(data).toEqual(before[name]);
  });

  it('a sheet of several MB (over the 512 kB Worker threshold) reads every line', async () => {
    const workbook = await bigWorkbook(12_000);
    const sheetSize = Object.entries(unzipSync(workbook)).find(([n]) => n.includes('sheet1'))?.[1].length ?? 0;
    expect(sheetSize).toBeGreaterThan(512 * 1024);
    const directory = readZipDirectory(workbook);
    expect(directory.kind === 'ok' && directory.entries.reduce((n, e) => n + e.size, 0)).toBeGreaterThan(sheetSize);
    const parsed = await parseReportFile({ name: 'big.xlsx', bytes: workbook.slice().buffer });
    if (parsed.kind !== 'report') throw new Error(parsed.message);
    const result = linesOf(parsed, parsed.mapping);
    expect(result.kind === 'lines' && result.lines.length).toBe(12_000);
    expect(result.kind === 'lines' && result.lines[11_999]?.shown).toEqual({
      date: '2026-11-03',
      type: 'Invoice',
      number: '12999',
      name: 'Customer 11999',
      amount: '11999.5',
    });
  });

  it('cell values as unambiguous text', () => {
    expect(cellText(new Date('2026-11-03T00:00:00Z'))).toBe('2026-11-03');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(-1234.56)).toBe('-1234.56');
    expect(cellText(null)).toBe('');
    expect(cellText('Checking')).toBe('Checking');
  });
});
