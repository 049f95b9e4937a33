// @vitest-environment happy-dom
/**
 * The result offers the deletion report to hand the client (issue 21 §6): "Download the report
 * (CSV)" and "Download the report (Excel)" beside "Download this run (CSV)", each handing the
 * browser a file named after the client, with the version the entry read from the manifest.
 */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { PopupState } from '../../lib/messaging/views';
import type { DownloadFile } from '../../lib/popup/model';
import { createReportExportActions, REPORT_NOT_MADE } from '../../lib/popup/report-export';
import { parseCsv } from '../support/csv';
import { readXlsx } from '../support/xlsx';
import { popupState, renderPopup, settle } from './fixtures';
import { REPORT_JOB, REPORT_SELECTION } from './report-fixture';

const state = (): PopupState =>
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
    // The person gave the name the reports print (asked at the first report: report-preparer.test.tsx).
    preparer: 'Jane Bookkeeper',
  });

describe('the result offers the deletion report', () => {
  it('keeps "Download this run (CSV)" and adds the report as CSV and as Excel', async () => {
    await renderPopup(state(), { download: () => undefined });
    for (const name of ['Download this run (CSV)', 'Download the report (CSV)', 'Download the report (Excel)'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('"Download the report (CSV)" hands over the report with the three sections and the version', async () => {
    const downloads: DownloadFile[] = [];
    await renderPopup(state(), { download: (f) => void downloads.push(f), version: '1.4.2' });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Download the report (CSV)' })));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const file = downloads[0]!;
    expect(file.filename).toBe('safe-delete-report-Maple-Street-Bakery-2026-11-22.csv');
    expect(file.mime).toBe('text/csv');
    const rows = parseCsv(file.parts.join('')).rows;
    expect(rows).toContainEqual(['Client', 'Maple Street Bakery']);
    expect(rows).toContainEqual(['Safe Delete version', '1.4.2']);
    expect(rows).toContainEqual(['Ran by', 'Jane Bookkeeper']);
    expect(rows.filter((r) => r.length === 2 && /^\d+$/.test(r[1]!)).map((r) => r.join(' '))).toEqual([
      'Company ID 123',
      'Deleted 3',
      'Not deleted, and why 2',
      'Left alone by the check, and why 3',
    ]);
  });

  it('"Download the report (Excel)" hands over an .xlsx workbook of the same report', async () => {
    const downloads: DownloadFile[] = [];
    await renderPopup(state(), { download: (f) => void downloads.push(f), version: '1.4.2' });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Download the report (Excel)' })));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const file = downloads[0]!;
    expect(file.filename).toBe('safe-delete-report-Maple-Street-Bakery-2026-11-22.xlsx');
    expect(file.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const blob = file.parts[0];
    expect(blob).toBeInstanceOf(Blob);
    const { rows } = await readXlsx(blob as Blob);
    const cells = rows.map((r) => (r ?? []).map((c) => c?.value ?? ''));
    expect(cells).toContainEqual(['Client', 'Maple Street Bakery']);
    expect(cells).toContainEqual(['Left alone by the check, and why', '3']);
  });

  it('a report whose writers cannot load says so in words; trying again works', async () => {
    const actionError = { value: undefined as string | undefined };
    const downloads: DownloadFile[] = [];
    let loads = 0;
    const actions = createReportExportActions({
      state: { peek: state },
      actionError,
      download: (f) => void downloads.push(f),
      loadReport: () =>
        ++loads === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : import('../../lib/popup/report-files'),
    });
    expect(await actions.downloadReport('xlsx')).toBe(false);
    expect(actionError.value).toBe(REPORT_NOT_MADE);
    expect(actions.makingReport.value).toBe(false);
    expect(downloads).toEqual([]);
    expect(await actions.downloadReport('xlsx')).toBe(true);
    expect(actionError.value).toBeUndefined();
    expect(downloads.map((f) => f.filename)).toEqual(['safe-delete-report-Maple-Street-Bakery-2026-11-22.xlsx']);
  });

  it('without a job there is nothing to report', async () => {
    const downloads: DownloadFile[] = [];
    const actions = createReportExportActions({
      state: { peek: () => popupState() },
      actionError: { value: undefined },
      download: (f) => void downloads.push(f),
    });
    expect(await actions.downloadReport('csv')).toBe(false);
    expect(await actions.downloadReport('xlsx')).toBe(false);
    expect(downloads).toEqual([]);
  });
});
