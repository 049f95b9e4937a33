/**
 * The result's downloads, apart from the model (lib/popup/model.ts stays under its size): this run's
 * records as CSV ("Download this run (CSV)", one row per record), and the deletion report to hand
 * the client ("Download the report (CSV)", "Download the report (Excel)").
 *
 * The Excel writer is loaded by a dynamic import() from the click, so the popup's first bundle never
 * carries it (the popup's JavaScript budget); a chunk the browser cannot load says so in words.
 */
import { signal } from '@preact/signals';
import type { JobView, PopupState } from '../messaging/views';
import type { DownloadFile } from './download';
import { runCsv, runCsvFilename } from './report';
import { reportFilename, runReportCsv } from './report-csv';
import type { ReportOptions } from './report-data';

export type ReportFormat = 'csv' | 'xlsx';

export const REPORT_NOT_MADE = 'The Excel report could not be made. Try again, or download the report as CSV.';

export interface ReportExportDeps {
  state: { peek(): PopupState | undefined };
  actionError: { value: string | undefined };
  download?: (file: DownloadFile) => void;
  /** The extension's version (the manifest's), for the report's header. */
  version?: string;
  /** Tests: the report's locale and time zone (the browser's by default). */
  reportFormat?: Pick<ReportOptions, 'locale' | 'timeZone'>;
  /** The Excel writer; tests may pass their own. Default: loaded on first use. */
  loadXlsx?: () => Promise<typeof import('./report-xlsx')>;
}

export function createReportExportActions(deps: ReportExportDeps) {
  const loadXlsx = deps.loadXlsx ?? (() => import('./report-xlsx'));
  /** True while the Excel file is being made (its writer may still be loading). */
  const makingReport = signal(false);

  return {
    makingReport,
    /** This run's CSV: the current job's, or (`run`) one of the recent runs kept after "Done". */
    downloadRun(run?: JobView): boolean {
      const s = deps.state.peek();
      const job = run ?? s?.job;
      if (!s || !job || !deps.download) return false;
      deps.download({
        filename: runCsvFilename(job, s.connection.companyName),
        mime: 'text/csv',
        parts: [runCsv(job, s.connection.companyName)],
      });
      return true;
    },
    /**
     * The deletion report of the job on screen. Its "left alone" section is the selection's rows the
     * job did not take: the selection on screen belongs to that job only while it is the current one.
     */
    async downloadReport(format: ReportFormat): Promise<boolean> {
      const s = deps.state.peek();
      const job = s?.job;
      if (!s || !job || !deps.download) return false;
      const options: ReportOptions = {
        ...deps.reportFormat,
        companyName: s.connection.companyName,
        version: deps.version,
      };
      if (format === 'csv') {
        deps.download({
          filename: reportFilename(job, options.companyName, 'csv'),
          mime: 'text/csv',
          parts: [runReportCsv(job, s.selection, options)],
        });
        return true;
      }
      makingReport.value = true;
      try {
        const { runReportXlsx, XLSX_MIME } = await loadXlsx();
        const blob = await runReportXlsx(job, s.selection, options);
        deps.download({ filename: reportFilename(job, options.companyName, 'xlsx'), mime: XLSX_MIME, parts: [blob] });
        deps.actionError.value = undefined;
        return true;
      } catch {
        // An I/O edge: the chunk did not load (an update replaced the files) or the writer failed.
        deps.actionError.value = REPORT_NOT_MADE;
        return false;
      } finally {
        makingReport.value = false;
      }
    },
  };
}
