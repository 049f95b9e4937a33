/**
 * Import a list (issue 22, item 2): each QuickBooks report layout exported as CSV and XLSX
 * (tests/fixtures/report-exports/make.ts) gives exactly its transactions as lines, title, heading, total
 * and footer rows skipped; a file that is not a report gives a clear error and no lines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readAmountCents } from '../../lib/domain/values/amount';
import { readDates } from '../../lib/domain/values/date';
import {
  linesOf,
  MAX_REPORT_BYTES,
  type ParsedReport,
  parseReportFile,
  type ReportLines,
} from '../../lib/find/report-parse';

const fixture = (name: string) => {
  const bytes = readFileSync(join(process.cwd(), 'tests/fixtures/report-exports', name));
  return { name, bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
};
const text = (s: string) => ({ name: 'list.csv', bytes: new TextEncoder().encode(s).buffer as ArrayBuffer });

async function parse(file: { name: string; bytes: ArrayBuffer }): Promise<ParsedReport> {
  const parsed = await parseReportFile(file);
  if (parsed.kind !== 'report') throw new Error(parsed.message);
  return parsed;
}
async function lines(file: { name: string; bytes: ArrayBuffer }): Promise<ReportLines> {
  const parsed = await parse(file);
  const result = linesOf(parsed, parsed.mapping);
  if (result.kind !== 'lines') throw new Error(result.message);
  return result;
}

describe('parseReportFile: report layouts (CSV)', () => {
  it('Transaction List by Date: the four transactions, title rows and footer not lines', async () => {
    const parsed = await parse(fixture('transaction-list-by-date.csv'));
    expect(parsed.title).toEqual([
      "Craig's Design and Landscaping Services",
      'Transaction List by Date',
      'November 1-3, 2026',
    ]);
    expect(parsed.headerRow).toBe(5);
    const { lines: got, skipped } = await lines(fixture('transaction-list-by-date.csv'));
    expect(got).toEqual([
      {
        rowKey: 'row:import-6',
        shown: {
          date: '11/01/2026',
          type: 'Invoice',
          number: '1037',
          name: 'Sonnenschein Family Store',
          memo: 'Rock Fountain',
          account: 'Accounts Receivable (A/R)',
          amount: '362.07',
        },
      },
      {
        rowKey: 'row:import-7',
        shown: {
          date: '11/02/2026',
          type: 'Expense',
          name: 'Bob\'s "Best" Shop, Inc.',
          memo: 'Hoses, 3 m',
          account: 'Checking',
          amount: '-1,234.56',
        },
      },
      {
        rowKey: 'row:import-8',
        shown: {
          date: '11/03/2026',
          type: 'Bill Payment (Check)',
          number: '45',
          name: 'Brosnahan Insurance Agency',
          account: 'Checking',
          amount: '-2,000.00',
        },
      },
      {
        rowKey: 'row:import-9',
        shown: { date: '11/03/2026', type: 'Deposit', memo: 'Opening deposit', account: 'Checking', amount: '868.15' },
      },
    ]);
    expect(skipped).toEqual([{ row: 12, reason: 'footer' }]);
  });

  it('Transaction Detail by Account: group headings, Beginning Balance, subtotals and TOTAL skipped', async () => {
    const { lines: got, skipped } = await lines(fixture('transaction-detail-by-account.csv'));
    expect(
      got.map((l) => [l.rowKey, l.shown.date, l.shown.type, l.shown.number, l.shown.name, l.shown.amount]),
    ).toEqual([
      ['row:import-8', '11/02/2026', 'Expense', undefined, 'Hicks Hardware', '-1,234.56'],
      ['row:import-9', '11/03/2026', 'Check', '71', 'Books by Bessie', '-75.00'],
      ['row:import-12', '11/01/2026', 'Payment', undefined, "Amy's Bird Sanctuary", '105.00'],
      ['row:import-13', '11/03/2026', 'Sales Receipt', '1008', 'Kate Whelan', '225.00'],
    ]);
    // The Split column is the other side, not the transaction's account: it is not mapped.
    expect(got.every((l) => l.shown.account === undefined)).toBe(true);
    expect(skipped).toEqual([
      { row: 6, reason: 'heading' },
      { row: 7, reason: 'heading' },
      { row: 10, reason: 'total' },
      { row: 11, reason: 'heading' },
      { row: 14, reason: 'total' },
      { row: 15, reason: 'total' },
      { row: 18, reason: 'footer' },
    ]);
  });

  it('Journal: one line per transaction, its amount the sum of its debits, its total rows skipped', async () => {
    const { lines: got, skipped } = await lines(fixture('journal.csv'));
    expect(got).toEqual([
      {
        rowKey: 'row:import-6',
        shown: {
          date: '11/01/2026',
          type: 'Invoice',
          number: '1037',
          name: 'Sonnenschein Family Store',
          amount: '362.07',
        },
      },
      {
        rowKey: 'row:import-11',
        shown: { date: '11/03/2026', type: 'Journal Entry', number: 'JE-7', memo: 'Reclass', amount: '1150.25' },
      },
      {
        rowKey: 'row:import-16',
        shown: { date: '11/03/2026', type: 'Deposit', memo: 'Opening deposit', amount: '868.15' },
      },
    ]);
    expect(skipped).toEqual([
      { row: 9, reason: 'total' },
      { row: 14, reason: 'total' },
      { row: 18, reason: 'total' },
      { row: 20, reason: 'total' },
      { row: 23, reason: 'footer' },
    ]);
  });

  it('a one-row journal transaction keeps its debit as written and its account', async () => {
    const csv = 'Date,Transaction Type,Num,Account,Debit,Credit\n11/03/2026,Expense,9,Office Supplies,"1,234.56",\n';
    const { lines: got } = await lines(text(csv));
    expect(got).toEqual([
      {
        rowKey: 'row:import-2',
        shown: { date: '11/03/2026', type: 'Expense', number: '9', account: 'Office Supplies', amount: '1,234.56' },
      },
    ]);
  });

  it('a plain list, and one with only Date, Amount and Num', async () => {
    const { lines: plain } = await lines(fixture('plain-list.csv'));
    expect(plain.map((l) => [l.rowKey, l.shown.type, l.shown.number, l.shown.amount])).toEqual([
      ['row:import-2', 'Invoice', '1037', '362.07'],
      ['row:import-3', 'Expense', undefined, '1,234.56'],
      ['row:import-4', 'Check', '71', '75.00'],
    ]);
    const { lines: minimal } = await lines(text('Date,Amount,Num\n2026-11-03,99.10,A-1\n'));
    expect(minimal).toEqual([
      { rowKey: 'row:import-2', shown: { date: '2026-11-03', amount: '99.10', number: 'A-1' } },
    ]);
  });
});

describe("parseReportFile: the XLSX export gives the CSV export's lines", () => {
  for (const name of ['transaction-list-by-date', 'transaction-detail-by-account', 'journal', 'plain-list']) {
    it(name, async () => {
      const csv = await lines(fixture(`${name}.csv`));
      const xlsx = await lines(fixture(`${name}.xlsx`));
      expect((await parse(fixture(`${name}.xlsx`))).format).toBe('xlsx');
      expect(xlsx.skipped).toEqual(csv.skipped);
      expect(xlsx.lines.map((l) => l.rowKey)).toEqual(csv.lines.map((l) => l.rowKey));
      xlsx.lines.forEach((x, i) => {
        const c = csv.lines[i]!;
        const { date: xd, amount: xa, ...xRest } = x.shown;
        const { date: cd, amount: ca, ...cRest } = c.shown;
        expect(xRest).toEqual(cRest);
        // Real date and number cells become unambiguous text: an ISO date, a plain number.
        expect(xd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(readDates(cd!)).toContain(xd);
        expect(xa).toMatch(/^-?\d+(\.\d+)?$/);
        expect(readAmountCents(xa!)).toEqual([readAmountCents(ca!)![0]]);
      });
    });
  }
});

describe('parseReportFile: files that are not a report', () => {
  const refused = async (file: { name: string; bytes: ArrayBuffer }, message: RegExp) => {
    const result = await parseReportFile(file);
    expect(result).toEqual({ kind: 'error', message: expect.stringMatching(message) });
  };

  it('random bytes', async () => {
    // A fixed pseudo-random sequence (no Math.random: the test reads the same bytes every run).
    const bytes = new Uint8Array(4096);
    let seed = 12345;
    for (let i = 0; i < bytes.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      bytes[i] = seed >> 16;
    }
    await refused({ name: 'report.csv', bytes: bytes.buffer }, /^This file is not a CSV or Excel file\.$/);
  });

  it('an empty file', async () => {
    await refused({ name: 'report.csv', bytes: new ArrayBuffer(0) }, /^This file is empty\.$/);
  });

  it('a CSV without Date and Amount headers', async () => {
    await refused(
      text('Customer,Balance\nAmy,10.00\n'),
      /^No header row with a Date and an Amount column was found\.$/,
    );
    await refused(text('11/03/2026,10.00\n'), /^No header row with a Date and an Amount column was found\.$/);
  });

  it('a broken XLSX zip: cut in half, and a zip that is not a workbook', async () => {
    const whole = new Uint8Array(fixture('journal.xlsx').bytes);
    await refused({ name: 'journal.xlsx', bytes: whole.slice(0, whole.length / 2).buffer }, /damaged/);
    const notWorkbook = zipSync({ 'hello.txt': new TextEncoder().encode('hello') });
    await refused({ name: 'x.xlsx', bytes: notWorkbook.slice().buffer }, /could not be read/);
  });

  it('an old .xls and a CSV with a quote never closed', async () => {
    await refused(
      { name: 'x.xls', bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).buffer },
      /\.xls/,
    );
    await refused(
      text('Date,Amount,Name\n11/03/2026,10.00,"Amy\n11/04/2026,12.00,Bob\n'),
      /quoted cell is never closed/,
    );
  });

  it('over 10 MB, and over 50,000 transactions: refused whole', async () => {
    await refused({ name: 'big.csv', bytes: new ArrayBuffer(MAX_REPORT_BYTES + 1) }, /larger than 10 MB/);
    const rows = Array.from({ length: 50_001 }, (_, i) => `2026-11-03,${i + 1}.00`);
    await refused(text(`Date,Amount\n${rows.join('\n')}\n`), /more than 50,000 transactions/);
    expect((await lines(text(`Date,Amount\n${rows.slice(1).join('\n')}\n`))).lines).toHaveLength(50_000);
  });
});
