// @vitest-environment happy-dom
/**
 * The report handed to the client says all of it: per record its attachments (kept with the undo
 * copy, or after a restore what became of each), the inventory effect (included in the run, or held
 * back by the check) and the sales tax it carried, in the CSV's own columns and under the why on the
 * printed page, with a count of each in the header. The printed page and the plain-text summary name
 * a sandbox only and leave the service's error code out; the files keep the code for support.
 */
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ReportPrint } from '../../components/ReportPrint';
import type { InventoryFinding } from '../../lib/domain/findings';
import type { JobRecordView, JobView, SelectionRow } from '../../lib/messaging/views';
import { runSummary } from '../../lib/popup/report';
import { runCsv, runReportCsv } from '../../lib/popup/report-csv';
import { buildRunReport } from '../../lib/popup/report-data';
import { parseCsv } from '../support/csv';
import { jobView, NOW, row } from './fixtures';

const OPTIONS = { companyName: 'Maple Street Bakery', version: '1.4.2', locale: 'en-US', timeZone: 'UTC' } as const;

const deleted = (entity: 'Bill' | 'Invoice', n: number): JobRecordView => ({
  key: `${entity}:${n}`,
  entity,
  id: String(n),
  docNumber: String(1000 + n),
  group: 'deleted',
  outcome: 'deleted',
  txnDate: '2026-03-01',
  amount: 500,
  currency: 'USD',
});

const ROCK: InventoryFinding = {
  status: 'inventory',
  items: [{ id: '7', name: 'Rock Fountain' }],
  dated: '2026-03-01',
};

const JOB: JobView = jobView({
  state: 'done',
  done: 3,
  total: 3,
  finishedAt: NOW,
  counts: { deleted: 2, voided: 0, restored: 0, skipped: 0, refused: 1, needsAttention: 0 },
  records: [
    deleted('Bill', 10),
    deleted('Invoice', 11),
    {
      ...deleted('Invoice', 12),
      group: 'refused',
      outcome: 'closedPeriod',
      fault: { code: '6210', message: 'Cannot Update Through Services API' },
    },
  ],
});

/** The selection after the run: the three the job took, and a bill that buys inventory, held back. */
const SELECTION: SelectionRow[] = [
  {
    ...row(10, 'inventory', 'Bill'),
    warnings: [
      ROCK,
      { status: 'attachments', files: ['Lunch.pdf'], notes: 1 },
      { status: 'salesTax', totalTax: 12.4, currency: 'USD' },
    ],
  },
  { ...row(11, 'ready'), warnings: [{ status: 'attachments', files: [], notes: 2 }] },
  { ...row(12, 'ready'), warnings: [{ status: 'salesTax', totalTax: 3.1, currency: 'USD' }] },
  { ...row(13, 'inventory', 'Bill'), warnings: [{ ...ROCK, dated: '2026-02-14' }] },
];

const KEPT = 'Kept with the undo copy (not the files): a restore attaches them again.';
const INCLUDED = 'Included with “Include inventory transactions”.';
const HELD = 'Held back: not deleted without “Include inventory transactions”.';

describe('the report’s notes: attachments, inventory, sales tax', () => {
  const report = buildRunReport(JOB, SELECTION, OPTIONS);
  const [done, notDone, left] = report.sections;

  it('each record carries its attachments, its inventory effect and its sales tax', () => {
    expect(done.rows[0]).toMatchObject({
      number: '1010',
      attachments: `Attachments: Lunch.pdf and 1 note. ${KEPT}`,
      inventory: `${INCLUDED} Changes the cost of inventory sold after Mar 1, 2026 (Rock Fountain).`,
      salesTax: 12.4,
      salesTaxNote: expect.stringMatching(/^Has sales tax of \$12\.40: if its period is already filed/),
    });
    expect(done.rows[1]).toMatchObject({ attachments: `Attachments: 2 notes. ${KEPT}` });
    expect(done.rows[1]?.inventory).toBeUndefined();
    expect(notDone.rows[0]).toMatchObject({ salesTax: 3.1, code: '6210' });
    expect(left.rows).toHaveLength(1);
    // Held back for its inventory: the why says what deleting it would change, the note that it was held back.
    expect(left.rows[0]).toMatchObject({
      number: '1013',
      why: 'Changes the cost of inventory sold after Feb 14, 2026 (Rock Fountain).',
      inventory: HELD,
    });
  });

  it('the header counts them: "2 had attachments, kept for undo · 2 bought or sold inventory · 2 carried sales tax"', () => {
    expect(new Map(report.header).get('Notes')).toBe(
      '2 had attachments, kept for undo · 2 bought or sold inventory · 2 carried sales tax',
    );
    const plain = buildRunReport(JOB, [], OPTIONS);
    expect(new Map(plain.header).has('Notes')).toBe(false);
  });

  it('the report CSV has a column for each, and the service’s code in "QuickBooks error code"', () => {
    const { rows } = parseCsv(runReportCsv(JOB, SELECTION, OPTIONS));
    const columns = rows.find((r) => r[0] === 'Type' && r[1] === 'Number');
    expect(columns?.slice(8)).toEqual(['Attachments', 'Inventory', 'Sales tax', 'QuickBooks error code']);
    const bill = rows.find((r) => r[1] === '1010');
    expect(bill?.slice(8)).toEqual([
      `Attachments: Lunch.pdf and 1 note. ${KEPT}`,
      `${INCLUDED} Changes the cost of inventory sold after Mar 1, 2026 (Rock Fountain).`,
      '12.40',
      '',
    ]);
    expect(rows.find((r) => r[1] === '1012')?.slice(10)).toEqual(['3.10', '6210']);
    expect(rows.find((r) => r[1] === '1013')?.[9]).toBe(HELD);
  });

  it('the run CSV says the same per record, with the code', () => {
    const { rows } = parseCsv(runCsv(JOB, 'Maple Street Bakery', SELECTION));
    expect(rows[0]?.slice(-4)).toEqual(['Attachments', 'Inventory', 'Sales tax', 'QuickBooks error code']);
    expect(rows[1]?.slice(-4)).toEqual([
      `Attachments: Lunch.pdf and 1 note. ${KEPT}`,
      `${INCLUDED} Changes the cost of inventory sold after Mar 1, 2026 (Rock Fountain).`,
      '12.40',
      '',
    ]);
    expect(rows[3]?.slice(-2)).toEqual(['3.10', '6210']);
  });

  it('the printed report shows the notes under the why and the count in its header, never the code', () => {
    render(<ReportPrint report={report} locale="en-US" onPrint={() => undefined} />);
    const header = [...document.querySelectorAll('.report-header dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(header).toContainEqual([
      'Notes',
      '2 had attachments, kept for undo · 2 bought or sold inventory · 2 carried sales tax',
    ]);
    const table = screen.getByRole('table', { name: /^Deleted \(/ });
    const bill = [...table.querySelectorAll('tbody tr')][0]!;
    const notes = [...bill.querySelectorAll('.report-note')].map((n) => n.textContent);
    expect(notes).toEqual([
      `Attachments: Lunch.pdf and 1 note. ${KEPT}`,
      `${INCLUDED} Changes the cost of inventory sold after Mar 1, 2026 (Rock Fountain).`,
      'Has sales tax of $12.40: if its period is already filed, deleting it changes your next return.',
    ]);
    const held = screen.getByRole('table', { name: /^Left alone by the check/ });
    expect(held.textContent).toContain(HELD);
    expect(document.body.textContent).not.toMatch(/6210|\(code/);
  });

  it('after a restore: what became of each attachment, none left out', () => {
    const restore = jobView({
      state: 'done',
      operation: 'restore',
      finishedAt: NOW,
      records: [
        {
          ...deleted('Bill', 10),
          group: 'restored',
          outcome: 'restored',
          newId: '812',
          attachmentOutcomes: [
            { code: 'attachmentReattached', id: 'a1', fileName: 'Lunch.pdf' },
            { code: 'attachmentRecreated', id: 'a2', newAttachableId: 'a9' },
            { code: 'attachmentGone', id: 'a3', fileName: 'Taxi.pdf' },
          ],
        },
      ],
    });
    const restored = buildRunReport(restore, [], OPTIONS);
    expect(restored.sections[0].rows[0]?.attachments).toBe(
      'The receipt Lunch.pdf is attached again. Its note was written again from the undo copy. The receipt Taxi.pdf is no longer in QuickBooks.',
    );
    expect(new Map(restored.header).get('Notes')).toBe('1 had attachments, restored as said below');
  });
});

describe('bookkeeper words in the report: no "Production", no error code', () => {
  it('a production run names no environment, in the header and in the summary', () => {
    const production = { ...JOB, environment: 'production' as const };
    const report = buildRunReport(production, SELECTION, OPTIONS);
    expect(report.header.map(([label]) => label)).not.toContain('QuickBooks');
    expect(JSON.stringify(report.header)).not.toContain('Production');
    const summary = runSummary(production, 'Maple Street Bakery', 'en-US');
    expect(summary.split('\n')[1]).toBe('Maple Street Bakery (Company 123)');
    expect(summary).not.toContain('Production');
  });

  it('a sandbox run says so: "Sandbox (test company)"', () => {
    expect(new Map(buildRunReport(JOB, [], OPTIONS).header).get('QuickBooks')).toBe('Sandbox (test company)');
    expect(runSummary(JOB, 'Maple Street Bakery', 'en-US').split('\n')[1]).toBe(
      'Maple Street Bakery (Company 123) · Sandbox (test company)',
    );
  });

  it('the summary says why a record was refused without the service’s code', () => {
    const summary = runSummary(JOB, 'Maple Street Bakery', 'en-US');
    expect(summary).toContain('Invoice 1012');
    expect(summary).toContain('the books are closed for its date');
    expect(summary).not.toMatch(/6210|code/);
  });
});
