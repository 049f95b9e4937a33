/**
 * The result's downloads, apart from the model (lib/popup/model.ts stays under its size): this run's
 * records as CSV ("Download this run (CSV)", one row per record), and the deletion report to hand
 * the client ("Download the report (CSV)", "Download the report (Excel)"), and the person's name the
 * reports print as "Ran by" (asked once, kept by the background on this device).
 *
 * The report's writers (report-files.ts: its data, CSV and the Excel library) are loaded by a dynamic
 * import() from the click, so the popup's first bundle never carries them (the popup's JavaScript
 * budget, 60 KB gzipped); a chunk the browser cannot load says so in words.
 */
import { signal } from '@preact/signals';
import type { RequestOf } from '../messaging/protocol';
import type { JobView, PopupState } from '../messaging/views';
import type { DownloadFile } from './download';
import { runCsv, runCsvFilename } from './report-csv';
import type { ReportOptions } from './report-data';
import type { ReportFormat } from './report-files';

export type { ReportFormat };

export const REPORT_NOT_MADE = 'The report could not be made. Try again, or use "Download this run (CSV)".';

export interface ReportExportDeps {
  state: { peek(): PopupState | undefined };
  actionError: { value: string | undefined };
  /** Sends a change to the background (the popup model's `act`). */
  act?: (message: RequestOf<'report/preparer'>) => Promise<boolean>;
  download?: (file: DownloadFile) => void;
  /** The extension's version (the manifest's), for the report's header. */
  version?: string;
  /** Tests: the report's locale and time zone (the browser's by default). */
  reportFormat?: Pick<ReportOptions, 'locale' | 'timeZone'>;
  /** The report's writers; tests may pass their own. Default: loaded on first use. */
  loadReport?: () => Promise<Pick<typeof import('./report-files'), 'reportFile'>>;
}

export function createReportExportActions(deps: ReportExportDeps) {
  const loadReport = deps.loadReport ?? (() => import('./report-files'));
  /** True while a report is being made (its writers may still be loading). */
  const makingReport = signal(false);

  return {
    makingReport,
    /** The person's name on the reports ("Ran by"), kept on this device; "" when the person gives none. */
    savePreparer: (name: string) =>
      deps.act?.({ type: 'report/preparer', name: name.trim() }) ?? Promise.resolve(false),
    /** This run's CSV: the current job's, or (`run`) one of the recent runs kept after "Done". */
    downloadRun(run?: JobView): boolean {
      const s = deps.state.peek();
      const job = run ?? s?.job;
      if (!s || !job || !deps.download) return false;
      deps.download({
        filename: runCsvFilename(job, s.connection.companyName),
        mime: 'text/csv',
        // The selection's findings (attachments, inventory, sales tax) are the current job's only.
        parts: [runCsv(job, s.connection.companyName, job === s.job ? s.selection : [])],
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
        ranBy: s.preparer,
      };
      makingReport.value = true;
      try {
        const { reportFile } = await loadReport();
        deps.download(await reportFile(format, job, s.selection, options));
        deps.actionError.value = undefined;
        return true;
      } catch {
        // An I/O edge: the chunk did not load (an update replaced the files) or a writer failed.
        deps.actionError.value = REPORT_NOT_MADE;
        return false;
      } finally {
        makingReport.value = false;
      }
    },
  };
}
