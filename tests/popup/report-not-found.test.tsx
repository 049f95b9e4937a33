// @vitest-environment happy-dom
/**
 * A record the service could not return (not found: already deleted, or never readable) has no
 * number, date, amount or name of the service's own. The report then names it as the QuickBooks page
 * showed it when it was ticked — "Invoice 1242 · Red Rock Diner · 12/31/2025 · $283.42" — in the
 * printable report, the CSV and the Excel file alike, and says those details are the page's. A
 * record the service did return keeps the service's facts, whatever the page showed.
 */
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportPrint } from '../../components/ReportPrint';
import type { SelectionRow } from '../../lib/messaging/views';
import { runReportCsv } from '../../lib/popup/report-csv';
import { buildRunReport } from '../../lib/popup/report-data';
import { runReportXlsx } from '../../lib/popup/report-xlsx';
import { parseCsv } from '../support/csv';
import { readXlsx } from '../support/xlsx';
import { jobView, NOW, row } from './fixtures';
import { REPORT_JOB, REPORT_OPTIONS, REPORT_SELECTION } from './report-fixture';

afterEach(cleanup);

const SHOWN = { type: 'Invoice', number: '1242', date: '12/31/2025', amount: '$283.42', name: 'Red Rock Diner' };

/** What the selection holds for a ticked row the check did not find: only what the page showed. */
const notFound: SelectionRow = {
  key: 'Invoice:77',
  entity: 'Invoice',
  id: '77',
  shownAt: NOW - 60_000,
  status: 'notFound',
  blockers: [],
  warnings: [],
  shown: SHOWN,
};
/** A cheque the page listed as "Check" (an Expense to the service), not found either. */
const cheque: SelectionRow = {
  ...notFound,
  key: 'Purchase:78',
  entity: 'Purchase',
  id: '78',
  shown: { type: 'Check', number: '5031', date: '01/02/2026', amount: '-$1,200.00', name: 'Hall Properties' },
};
/** Found by the service: its facts stand, whatever the page showed. */
const found: SelectionRow = { ...row(7, 'reconciled'), shown: { ...SHOWN, number: '9999', amount: '$1.00' } };

const SELECTION = [...REPORT_SELECTION.filter((r) => r.key !== 'Invoice:7'), found, notFound, cheque];
const LEFT = 'Left alone by the check, and why';
const NOTE = 'The type, number, name, date and amount are as the QuickBooks page showed them.';

describe('a record the service could not return, in the report', () => {
  it('carries what the page showed, and says so', () => {
    const left = buildRunReport(REPORT_JOB, SELECTION, REPORT_OPTIONS).sections[2].rows;
    const row77 = left.find((r) => r.number === '1242');
    expect(row77).toMatchObject({
      type: 'Invoice',
      number: '1242',
      name: 'Red Rock Diner',
      shownDate: '12/31/2025',
      shownAmount: '$283.42',
      result: 'Not found',
    });
    expect(row77?.why).toBe(`QuickBooks no longer has it: it was probably deleted already. ${NOTE}`);
    expect(left.find((r) => r.number === '5031')).toMatchObject({ type: 'Check', name: 'Hall Properties' });
    // The service's record: its own number and amount, no note.
    const service = left.find((r) => r.result === 'Reconciled');
    expect(service).toMatchObject({ number: '1007', amount: 100.07 });
    expect(service?.shownAmount).toBeUndefined();
    expect(service?.why).not.toContain(NOTE);
  });

  it('in the CSV: the page’s number, name, date and amount in their columns', () => {
    const { rows } = parseCsv(runReportCsv(REPORT_JOB, SELECTION, REPORT_OPTIONS));
    const at = rows.findIndex((r) => r[0] === LEFT);
    const line = rows.slice(at).find((r) => r[1] === '1242');
    expect(line).toEqual([
      'Invoice',
      '1242',
      'Red Rock Diner',
      '12/31/2025',
      '$283.42',
      '',
      'Not found',
      `QuickBooks no longer has it: it was probably deleted already. ${NOTE}`,
      '',
      '',
      '',
      '',
    ]);
  });

  it('in the Excel file: the same, as text cells (the page’s words, not a guess at a number)', async () => {
    const { rows } = await readXlsx(await runReportXlsx(REPORT_JOB, SELECTION, REPORT_OPTIONS));
    const line = rows.find((r) => r?.[1]?.value === '1242');
    expect(Array.from(line?.slice(0, 7) ?? [], (c) => c?.value ?? '')).toEqual([
      'Invoice',
      '1242',
      'Red Rock Diner',
      '12/31/2025',
      '$283.42',
      '',
      'Not found',
    ]);
    expect(line?.[4]?.kind).toBe('text');
  });

  it('in the printable report: the row reads as the page showed it', () => {
    const report = buildRunReport(REPORT_JOB, SELECTION, REPORT_OPTIONS);
    render(<ReportPrint report={report} locale="en-US" onPrint={() => undefined} />);
    const table = screen.getByRole('table', { name: `${LEFT} (5)` });
    const tr = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('1242'));
    expect([...(tr?.querySelectorAll('td') ?? [])].map((c) => c.textContent)).toEqual([
      'Invoice',
      '1242',
      'Red Rock Diner',
      '12/31/2025',
      '$283.42',
      'Not found',
      `QuickBooks no longer has it: it was probably deleted already. ${NOTE}`,
    ]);
  });

  it('a record of the run the service no longer returned is named from the page as well', () => {
    const job = jobView({
      state: 'done',
      records: [{ key: 'Invoice:77', entity: 'Invoice', id: '77', group: 'skipped', outcome: 'alreadyGone' }],
    });
    const skipped = buildRunReport(job, [notFound], REPORT_OPTIONS).sections[1].rows[0];
    expect(skipped).toMatchObject({ number: '1242', name: 'Red Rock Diner', shownAmount: '$283.42' });
  });
});
