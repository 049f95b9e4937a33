/**
 * The deletion report as CSV ("Download the report (CSV)", issue 21 §6): a header a client can read
 * (who, which books, when, by what), totals by type of what was deleted, and the three sections —
 * deleted; not deleted, and why; left alone by the check, and why — with amounts as plain numbers
 * and dates in the bookkeeper's locale, and no cell a spreadsheet could run.
 */
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../lib/messaging/views';
import { runReportCsv } from '../../lib/popup/report-csv';
import { formulaCells, parseCsv, recoverText } from '../support/csv';
import { jobView } from './fixtures';
import { REPORT_JOB, REPORT_OPTIONS, REPORT_SELECTION } from './report-fixture';

const COLUMNS = [
  'Type',
  'Number',
  'Name',
  'Date',
  'Amount',
  'Currency',
  'Result',
  'Why',
  'Attachments',
  'Inventory',
  'Sales tax',
  'QuickBooks error code',
];
/** The four note columns of a record with none of them. */
const NO_NOTES = ['', '', '', ''];

function read(csv: string) {
  const { rows, errors } = parseCsv(csv);
  expect(errors).toEqual([]);
  /** The rows under a title row, up to the next blank row (the column row first). */
  const section = (title: string) => {
    const at = rows.findIndex((r) => r[0] === title);
    expect(at, `section "${title}"`).toBeGreaterThan(0);
    const end = rows.findIndex((r, i) => i > at && r.length === 1 && r[0] === '');
    return { count: rows[at]![1], rows: rows.slice(at + 1, end === -1 ? undefined : end) };
  };
  const header = new Map(
    rows
      .slice(
        1,
        rows.findIndex((r) => r.length === 1 && r[0] === ''),
      )
      .map((r) => [r[0], r[1]]),
  );
  return { rows, section, header };
}

describe('the deletion report (CSV)', () => {
  const csv = runReportCsv(REPORT_JOB, REPORT_SELECTION, REPORT_OPTIONS);

  it('opens with a header: the client, the run date in the locale, who ran it and the version', () => {
    const { rows, header } = read(csv);
    expect(rows[0]).toEqual(['Safe Delete — deletion report']);
    expect(header.get('Client')).toBe('Maple Street Bakery');
    expect(header.get('Company ID')).toBe('123');
    expect(header.get('QuickBooks')).toBe('Sandbox (test company)');
    expect(header.get('Run')).toBe('Finished November 22, 2026 at 3:00 PM');
    expect(header.get('Ran by')).toBe('Safe Delete on this browser');
    expect(header.get('Safe Delete version')).toBe('1.4.2');
    expect(header.get('Summary')).toMatch(/^5 in this run = 3 deleted .* \+ 2 not deleted/);
  });

  it('names the books only for a sandbox: a production company has no "QuickBooks" line, no "Production"', () => {
    const production = runReportCsv({ ...REPORT_JOB, environment: 'production' }, REPORT_SELECTION, REPORT_OPTIONS);
    expect(read(production).header.has('QuickBooks')).toBe(false);
    expect(production).not.toContain('Production');
  });

  it('the run date follows the locale given (de-DE)', () => {
    const { header } = read(runReportCsv(REPORT_JOB, [], { ...REPORT_OPTIONS, locale: 'de-DE' }));
    expect(header.get('Run')).toBe('Finished 22. November 2026 um 15:00');
  });

  it('totals what was deleted by type and currency, amounts as plain numbers with two decimals', () => {
    const totals = read(csv).section('Deleted, by type').rows;
    expect(totals).toEqual([
      ['Type', 'Count', 'Amount', 'Currency'],
      ['Invoice', '2', '1987.60', 'USD'],
      ['Payment', '1', '-20.50', 'EUR'],
    ]);
  });

  it('lists the deleted records with numeric amounts, a currency column and locale dates', () => {
    const deleted = read(csv).section('Deleted');
    expect(deleted.count).toBe('3');
    expect(deleted.rows[0]).toEqual(COLUMNS);
    expect(deleted.rows[1]).toEqual([
      'Invoice',
      '1047',
      'Cool Cars',
      'Mar 1, 2024',
      '1887.59',
      'USD',
      'Deleted (verified)',
      '',
      ...NO_NOTES,
    ]);
    expect(recoverText(deleted.rows[2]![2]!)).toBe('=HYPERLINK("https://evil.example")');
    expect(deleted.rows[3]!.slice(4, 6)).toEqual(['-20.50', 'EUR']);
  });

  it('lists what was not deleted with the reason in words, never the service raw text', () => {
    const notDeleted = read(csv).section('Not deleted, and why');
    expect(notDeleted.count).toBe('2');
    expect(notDeleted.rows.slice(1)).toEqual([
      // The service's code stays in the file, for support: the printed report leaves it out.
      [
        'Bill',
        'B-9',
        '',
        'Dec 31, 2023',
        '75.00',
        'USD',
        'Refused',
        'the books are closed for its date',
        '',
        '',
        '',
        '6210',
      ],
      ['Bill', '', '', '', '12.00', 'USD', 'Skipped: changed since review', '', ...NO_NOTES],
    ]);
    expect(csv).not.toContain('Business Validation Error');
  });

  it('lists the selected rows the job did not take, with why the check left each alone', () => {
    const left = read(csv).section('Left alone by the check, and why');
    expect(left.count).toBe('3');
    const rows = left.rows.slice(1);
    expect(rows.map((r) => [r[0], r[1], r[4], r[6]])).toEqual([
      ['Invoice', '1007', '250.00', 'Reconciled'],
      ['Payment', '1008', '40.25', 'Deposited'],
      ['Sales receipt', '1009', '100.09', 'Ready'],
    ]);
    expect(rows[0]![7]).toMatch(/^Part of a reconciled bank statement/);
    expect(rows[1]![7]).toMatch(/^On a bank deposit/);
    expect(rows[2]![7]).toBe('Not part of this run.');
    expect(recoverText(rows[0]![2]!)).toBe('@SUM(A1)');
  });

  it('no cell opens a formula, whichever separator the spreadsheet splits on', () => {
    expect(formulaCells(csv)).toEqual([]);
    expect(
      formulaCells(runReportCsv(REPORT_JOB, REPORT_SELECTION, { ...REPORT_OPTIONS, companyName: '=1+1' })),
    ).toEqual([]);
  });

  it('an empty job, a company with no name and no version: empty sections, not a crash', () => {
    const empty: JobView = jobView({ state: 'done', done: 0, total: 0, records: [], finishedAt: undefined });
    const { header, section } = read(runReportCsv(empty, [], { locale: 'en-US', timeZone: 'UTC' }));
    expect(header.get('Client')).toBe('Company 123');
    expect(header.get('Safe Delete version')).toBe('unknown');
    expect(section('Deleted, by type').rows.slice(1)).toEqual([['None']]);
    for (const title of ['Deleted', 'Not deleted, and why', 'Left alone by the check, and why']) {
      expect(section(title).count).toBe('0');
      expect(section(title).rows.slice(1)).toEqual([['None']]);
    }
  });

  it('a record with no amount, a NaN amount or an odd date still makes a row', () => {
    const odd = jobView({
      state: 'done',
      records: [
        { key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'deleted', outcome: 'deleted', amount: Number.NaN },
        { key: 'Invoice:2', entity: 'Invoice', id: '2', group: 'deleted', outcome: 'deleted', txnDate: 'soon' },
      ],
    });
    const { section } = read(runReportCsv(odd, [], REPORT_OPTIONS));
    expect(section('Deleted').rows.slice(1)).toEqual([
      ['Invoice', '', '', '', '', '', 'Deleted', '', ...NO_NOTES],
      ['Invoice', '', '', 'soon', '', '', 'Deleted', '', ...NO_NOTES],
    ]);
    expect(section('Deleted, by type').rows.slice(1)).toEqual([['Invoice', '2', '', '']]);
  });

  it('a void run says voided, and reports what was not voided', () => {
    const voided = jobView({
      state: 'done',
      operation: 'void',
      records: [{ ...REPORT_JOB.records[0]!, group: 'voided', outcome: 'voided' }],
    });
    const { rows, section } = read(runReportCsv(voided, [], REPORT_OPTIONS));
    expect(rows[0]).toEqual(['Safe Delete — void report']);
    expect(section('Voided').count).toBe('1');
    expect(section('Not voided, and why').count).toBe('0');
    expect(section('Voided, by type').rows.slice(1)).toEqual([['Invoice', '1', '1887.59', 'USD']]);
  });
});
