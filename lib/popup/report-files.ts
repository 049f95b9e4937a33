/**
 * The deletion report's files, made on the click. This module and what it imports (the report's
 * data, its CSV and its Excel writer) reach the popup only through the dynamic import() in
 * report-export.ts: the popup's first bundle carries none of it (its JavaScript budget).
 */
import type { JobView, SelectionRow } from '../messaging/views';
import type { DownloadFile } from './download';
import { reportFilename, runReportCsv } from './report-csv';
import type { ReportOptions } from './report-data';
import { runReportXlsx, XLSX_MIME } from './report-xlsx';

export type ReportFormat = 'csv' | 'xlsx';

/** The report of `job` as a file to hand the browser: CSV text, or an .xlsx Blob. */
export async function reportFile(
  format: ReportFormat,
  job: JobView,
  selection: readonly SelectionRow[],
  options: ReportOptions,
): Promise<DownloadFile> {
  if (format === 'csv')
    return {
      filename: reportFilename(job, options.companyName, 'csv'),
      mime: 'text/csv',
      parts: [runReportCsv(job, selection, options)],
    };
  const blob = await runReportXlsx(job, selection, options);
  return { filename: reportFilename(job, options.companyName, 'xlsx'), mime: XLSX_MIME, parts: [blob] };
}
