// @vitest-environment happy-dom
/**
 * The deletion report as a printable page ("Print the report", issue 21 §6): the same report data as
 * the CSV and Excel files, laid out as the header, the totals by type and the three sections as
 * tables (amounts right-aligned with their currency, dates in the person's locale), with "Print".
 * The result offers it beside the downloads; the tab keeps the run as it was opened.
 */

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportPage, ReportPrint } from '../../components/ReportPrint';
import type { PopupState } from '../../lib/messaging/views';
import { createPopupModel } from '../../lib/popup/model';
import { buildRunReport } from '../../lib/popup/report-data';
import { fakeBackground, jobView, NOW, popupState, renderPopup, row, settle } from './fixtures';
import { REPORT_JOB, REPORT_OPTIONS, REPORT_SELECTION } from './report-fixture';

afterEach(cleanup);

const state = (over: Partial<PopupState> = {}): PopupState =>
  popupState({
    connection: {
      realmId: '123',
      environment: 'sandbox',
      hasToken: true,
      remember: false,
      companyName: 'Maple Street Bakery',
    },
    selection: REPORT_SELECTION,
    job: REPORT_JOB,
    ...over,
  });

/** A table's cells as text, row by row (the header row first). */
function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

/** Whether each cell of a table's column is right-aligned (the class the print stylesheet aligns). */
function rightAligned(table: HTMLElement, column: number): boolean[] {
  return [...table.querySelectorAll('tr')].map((tr) => tr.children[column]?.classList.contains('num') ?? false);
}

const report = (locale = 'en-US') => buildRunReport(REPORT_JOB, REPORT_SELECTION, { ...REPORT_OPTIONS, locale });

describe('the printable report', () => {
  it('opens with the header: the client, the run, who ran it, the version and the tie-out', () => {
    render(<ReportPrint report={report()} locale="en-US" onPrint={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Safe Delete — deletion report');
    const header = [...document.querySelectorAll('.report-header dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(header.slice(0, 6)).toEqual([
      ['Client', 'Maple Street Bakery'],
      ['Company ID', '123'],
      ['QuickBooks', 'Sandbox (test company)'],
      ['Run', 'Finished November 22, 2026 at 3:00 PM'],
      ['Ran by', 'Safe Delete on this browser'],
      ['Safe Delete version', '1.4.2'],
    ]);
    expect(header[6]![0]).toBe('Summary');
    expect(header[6]![1]).toMatch(/^5 in this run = 3 deleted .* \+ 2 not deleted/);
  });

  it('totals what was deleted by type, each amount right-aligned with its currency', () => {
    render(<ReportPrint report={report()} locale="en-US" onPrint={() => undefined} />);
    const totals = screen.getByRole('table', { name: 'Deleted, by type' });
    expect(cells(totals)).toEqual([
      ['Type', 'Count', 'Amount'],
      ['Invoice', '2', '$1,987.60'],
      ['Payment', '1', '-€20.50'],
    ]);
    expect(rightAligned(totals, 2)).toEqual([true, true, true]);
  });

  it('lists the deleted records, dates in the locale and amounts with their currency', () => {
    render(<ReportPrint report={report()} locale="en-US" onPrint={() => undefined} />);
    const deleted = screen.getByRole('table', { name: 'Deleted (3)' });
    expect(cells(deleted)).toEqual([
      ['Type', 'Number', 'Name', 'Date', 'Amount', 'Result', 'Why'],
      ['Invoice', '1047', 'Cool Cars', 'Mar 1, 2024', '$1,887.59', 'Deleted (verified)', ''],
      ['Invoice', '1048', '=HYPERLINK("https://evil.example")', 'Mar 2, 2024', '$100.01', 'Deleted', ''],
      ['Payment', '', 'Acme GmbH', 'Mar 3, 2024', '-€20.50', 'Deleted', ''],
    ]);
    expect(rightAligned(deleted, 4)).toEqual([true, true, true, true]);
    expect(rightAligned(deleted, 2)).toEqual([false, false, false, false]);
  });

  it('lists what was not deleted with why, in words (never the service raw text)', () => {
    render(<ReportPrint report={report()} locale="en-US" onPrint={() => undefined} />);
    expect(cells(screen.getByRole('table', { name: 'Not deleted, and why (2)' })).slice(1)).toEqual([
      ['Bill', 'B-9', '', 'Dec 31, 2023', '$75.00', 'Refused', 'the books are closed for its date'],
      ['Bill', '', '', '', '$12.00', 'Skipped: changed since review', ''],
    ]);
    expect(document.body.textContent).not.toContain('Business Validation Error');
  });

  it('lists the selected rows the check left alone, with why', () => {
    render(<ReportPrint report={report()} locale="en-US" onPrint={() => undefined} />);
    const rows = cells(screen.getByRole('table', { name: 'Left alone by the check, and why (3)' })).slice(1);
    expect(rows.map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual([
      ['Invoice', '1007', '@SUM(A1)', '$250.00', 'Reconciled'],
      ['Payment', '1008', 'Customer 8', '$40.25', 'Deposited'],
      ['Sales receipt', '1009', 'Customer 9', '$100.09', 'Ready'],
    ]);
    expect(rows[0]![6]).toMatch(/^Part of a reconciled bank statement/);
    expect(rows[2]![6]).toBe('Not part of this run.');
  });

  it('each column says how it may wrap on paper; a number longer than QuickBooks allows wraps as a name', () => {
    const r = report();
    const long = { ...r.sections[0].rows[0]!, number: 'N'.repeat(30) };
    const sections: typeof r.sections = [
      { ...r.sections[0], rows: [r.sections[0].rows[0]!, long] },
      r.sections[1],
      r.sections[2],
    ];
    render(<ReportPrint report={{ ...r, sections }} locale="en-US" onPrint={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Deleted (2)' });
    const classes = [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.className));
    const kinds = ['words', 'code', 'text name', 'date', 'num', 'words', 'text why'];
    expect(classes[0]).toEqual(kinds);
    expect(classes[1]).toEqual(kinds);
    expect(classes[2]![1]).toBe('text');
  });

  it('words dates and amounts in the person locale (de-DE)', () => {
    render(<ReportPrint report={report('de-DE')} locale="de-DE" onPrint={() => undefined} />);
    const first = cells(screen.getByRole('table', { name: 'Deleted (3)' }))[1]!;
    expect(first[3]).toBe('01.03.2024');
    expect(first[4]).toBe('1.887,59\u00a0$');
  });

  it('says "None." for an empty section instead of an empty table', () => {
    const empty = buildRunReport(jobView({ state: 'done', records: [], finishedAt: NOW }), [], REPORT_OPTIONS);
    render(<ReportPrint report={empty} locale="en-US" onPrint={() => undefined} />);
    expect(screen.queryAllByRole('table')).toEqual([]);
    expect(screen.getAllByText('None.')).toHaveLength(4);
  });

  it('has no axe-core violations of any impact (contrast and regions need layout: the e2e checks them)', async () => {
    const { container } = render(<ReportPrint report={report()} locale="en-US" onPrint={() => undefined} />);
    const result = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      resultTypes: ['violations'],
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('"Print" calls the browser print', () => {
    let printed = 0;
    render(<ReportPrint report={report()} locale="en-US" onPrint={() => void printed++} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(printed).toBe(1);
  });
});

describe('the report tab (popup.html?view=report&run=…)', () => {
  async function openTab(initial: PopupState, runId: string) {
    const bg = fakeBackground(initial);
    const model = createPopupModel(bg, { now: () => NOW });
    const titles: string[] = [];
    let stopped = 0;
    const view = { state: model.state, stop: () => void stopped++ };
    render(
      <ReportPage
        model={view}
        runId={runId}
        locale="en-US"
        timeZone="UTC"
        version="1.4.2"
        onPrint={() => undefined}
        onTitle={(t) => void titles.push(t)}
      />,
    );
    await act(() => model.tick());
    return { bg, model, titles, stopped: () => stopped };
  }

  it('shows the run of the link, names the tab after the file, and stops polling', async () => {
    const tab = await openTab(state(), REPORT_JOB.id);
    expect(screen.getByRole('table', { name: 'Deleted (3)' })).toBeTruthy();
    expect(screen.getByText('Maple Street Bakery')).toBeTruthy();
    expect(screen.getByText('1.4.2')).toBeTruthy();
    expect(tab.titles).toEqual(['safe-delete-report-Maple-Street-Bakery-2026-11-22']);
    expect(tab.stopped()).toBe(1);
  });

  it('keeps the run as it was opened when the selection changes afterwards', async () => {
    const tab = await openTab(state(), REPORT_JOB.id);
    tab.bg.state = state({ version: 2, selection: [...REPORT_SELECTION, row(20, 'closedPeriod')] });
    await act(() => tab.model.tick());
    expect(screen.getByRole('table', { name: 'Left alone by the check, and why (3)' })).toBeTruthy();
  });

  it('another run, or one still running, is not reported: it says where to print it from', async () => {
    await openTab(state(), 'job-other');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'The report of this run is not available here' })).toBeTruthy();
    cleanup();
    await openTab(state({ job: { ...REPORT_JOB, state: 'running' } }), REPORT_JOB.id);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the result offers "Print the report"', () => {
  it('beside the downloads; the click opens the run report by its id', async () => {
    const opened: string[] = [];
    await renderPopup(state({ preparer: 'Jane Bookkeeper' }), {
      download: () => undefined,
      openReport: (id) => void opened.push(id),
    });
    for (const name of ['Download this run (CSV)', 'Download the report (CSV)', 'Download the report (Excel)'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Print the report' })));
    expect(opened).toEqual([REPORT_JOB.id]);
  });

  it('is not offered where no tab can be opened', async () => {
    await renderPopup(state(), { download: () => undefined });
    expect(screen.queryByRole('button', { name: 'Print the report' })).toBeNull();
  });
});
