/**
 * The deletion report as Excel ("Download the report (Excel)", issue 21 §6): the workbook opened as
 * a spreadsheet would open it holds the same header, totals and three sections as the CSV, with
 * amounts as number cells, transaction dates as date cells in the bookkeeper's order, names as text
 * (never formulas). And the zip it is made with never needs a Web Worker, which the extension's CSP
 * refuses.
 */
import { strFromU8, unzipSync } from 'fflate';
import { zip as fflateZip } from 'fflate/browser';
import { describe, expect, it } from 'vitest';
import { zip as zipOnThisThread } from '../../lib/popup/fflate-sync';
import { excelDateFormat, runReportXlsx, XLSX_MIME } from '../../lib/popup/report-xlsx';
import { readXlsx, serialOf, type XlsxCell } from '../support/xlsx';
import { jobView } from './fixtures';
import { REPORT_JOB, REPORT_OPTIONS, REPORT_SELECTION } from './report-fixture';

const values = (row: (XlsxCell | undefined)[] | undefined) => (row ?? []).map((c) => c?.value ?? '');

async function open(blob: Blob) {
  const { rows, files } = await readXlsx(blob);
  const section = (title: string) => {
    const at = rows.findIndex((r) => r?.[0]?.value === title && r[0].bold);
    expect(at, `section "${title}"`).toBeGreaterThan(0);
    const end = rows.findIndex((r, i) => i > at && (r ?? []).length === 0);
    return { title: rows[at], rows: rows.slice(at + 1, end === -1 ? undefined : end) };
  };
  return { rows, files, section };
}

describe('the deletion report (Excel)', () => {
  const made = runReportXlsx(REPORT_JOB, REPORT_SELECTION, REPORT_OPTIONS);

  it('is an .xlsx workbook with one sheet', async () => {
    const blob = await made;
    expect(blob.type).toBe(XLSX_MIME);
    const { files } = await open(blob);
    expect(files).toContain('xl/worksheets/sheet1.xml');
    expect(files).not.toContain('xl/worksheets/sheet2.xml');
  });

  it('opens with the same header as the CSV', async () => {
    const { rows } = await open(await made);
    expect(values(rows[0])).toEqual(['Safe Delete — deletion report']);
    const header = new Map(rows.slice(1, 8).map((r) => [r?.[0]?.value, r?.[1]?.value]));
    expect(header.get('Client')).toBe('Maple Street Bakery');
    expect(header.get('Company ID')).toBe('123');
    expect(header.get('Run')).toBe('Finished November 22, 2026 at 3:00 PM');
    expect(header.get('Ran by')).toBe('Safe Delete on this browser');
    expect(header.get('Safe Delete version')).toBe('1.4.2');
    expect(rows[2]?.[1]?.kind).toBe('text'); // the Company ID stays text, as QuickBooks shows it
  });

  it('totals by type with the amount a number cell in a money format', async () => {
    const totals = (await open(await made)).section('Deleted, by type').rows;
    expect(values(totals[0])).toEqual(['Type', 'Count', 'Amount', 'Currency']);
    expect(values(totals[1])).toEqual(['Invoice', '2', '1987.6', 'USD']);
    expect(values(totals[2])).toEqual(['Payment', '1', '-20.5', 'EUR']);
    expect(totals[1]?.[1]?.kind).toBe('number');
    expect(totals[1]?.[2]).toMatchObject({ kind: 'number', format: '#,##0.00' });
  });

  it('lists the three sections with numbers, dates and reasons', async () => {
    const { section } = await open(await made);
    const deleted = section('Deleted');
    expect(deleted.title?.[1]).toMatchObject({ kind: 'number', value: '3' });
    const first = deleted.rows[1]!;
    expect(values(first)).toEqual([
      'Invoice',
      '1047',
      'Cool Cars',
      String(serialOf('2024-03-01')),
      '1887.59',
      'USD',
      'Deleted (verified)',
    ]);
    expect(first[3]).toMatchObject({ kind: 'date', format: 'mm"/"dd"/"yyyy' });
    expect(first[4]).toMatchObject({ kind: 'number' });
    // A name that looks like a formula is a text cell: shown, never run.
    expect(deleted.rows[2]?.[2]).toMatchObject({ kind: 'text', value: '=HYPERLINK("https://evil.example")' });

    const notDeleted = section('Not deleted, and why').rows.slice(1);
    expect(notDeleted.map((r) => [r[0]?.value, r[6]?.value, r[7]?.value])).toEqual([
      ['Bill', 'Refused', 'the books are closed for its date'],
      ['Bill', 'Skipped: changed since review', undefined],
    ]);

    const left = section('Left alone by the check, and why').rows.slice(1);
    expect(left.map((r) => [r[1]?.value, r[4]?.value, r[6]?.value])).toEqual([
      ['1007', '250', 'Reconciled'],
      ['1008', '40.25', 'Deposited'],
      ['1009', '100.09', 'Ready'],
    ]);
    expect(left[0]?.[7]?.value).toMatch(/^Part of a reconciled bank statement/);
  });

  it('dates follow the locale order of day, month and year', async () => {
    expect(excelDateFormat('en-US')).toBe('mm"/"dd"/"yyyy');
    expect(excelDateFormat('de-DE')).toBe('dd"."mm"."yyyy');
    expect(excelDateFormat('en-CA')).toBe('yyyy"-"mm"-"dd');
    const { section } = await open(await runReportXlsx(REPORT_JOB, [], { ...REPORT_OPTIONS, locale: 'de-DE' }));
    expect(section('Deleted').rows[1]?.[3]).toMatchObject({ kind: 'date', format: 'dd"."mm"."yyyy' });
  });

  it('an empty job makes a workbook with empty sections, not a crash', async () => {
    const empty = jobView({ state: 'done', done: 0, total: 0, records: [] });
    const { section } = await open(await runReportXlsx(empty, [], {}));
    for (const title of ['Deleted', 'Not deleted, and why', 'Left alone by the check, and why']) {
      expect(section(title).title?.[1]?.value).toBe('0');
      expect(values(section(title).rows[1])).toEqual(['None']);
    }
  });
});

describe("the report's zip in the extension's pages", () => {
  // Over fflate's 160 kB threshold: the size where its own zip hands the work to a Worker.
  const big = { 'xl/worksheets/sheet1.xml': new TextEncoder().encode('<row/>'.repeat(40_000)) };

  it("fflate's own async zip needs a Worker for a large file (none here, as none under the CSP)", async () => {
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
    expect(() => fflateZip(big, () => undefined)).toThrow(/Worker/);
  });

  it('the zip the build gives write-excel-file makes the same archive on this thread', async () => {
    const archive = await new Promise<Uint8Array>((resolve, reject) =>
      zipOnThisThread(big, (error, data) => (error ? reject(error) : resolve(data))),
    );
    expect(strFromU8(unzipSync(archive)['xl/worksheets/sheet1.xml']!)).toBe('<row/>'.repeat(40_000));
  });
});
