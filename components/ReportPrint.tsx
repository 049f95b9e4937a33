/**
 * The deletion report as a page to print or save as PDF ("Print the report"): the same
 * report data the CSV and Excel files render (lib/popup/report-data.ts), laid out as the header,
 * the totals by type and the three sections as tables, with a "Print" button.
 *
 * Opened as popup.html?view=report&run=<job id> in a tab of its own; the entry loads this module by
 * a dynamic import() (entrypoints/popup/main.tsx), so the popup's first bundle carries none of it.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { JobView, PopupState } from '../lib/messaging/views';
import { formatCount, formatDate, formatMoney } from '../lib/popup/format';
import { reportFilename } from '../lib/popup/report-csv';
import { buildRunReport, type ReportOptions, type ReportRow, type RunReport } from '../lib/popup/report-data';
import './report-print.css';

/**
 * The sections' columns (the amount carries its currency, so the Currency column of the files goes),
 * each with the class that says how it may wrap on paper (report-print.css): `words` between words
 * only, `code`, `date` and `num` never, `text` (a name, a reason) between words and inside a word
 * only when that word alone is wider than its column.
 */
const COLUMNS = [
  ['Type', 'words'],
  ['Number', 'code'],
  ['Name', 'text name'],
  ['Date', 'date'],
  ['Amount', 'num'],
  ['Result', 'words'],
  ['Why', 'text why'],
] as const;

/** QuickBooks numbers have at most 21 characters; a longer text the page showed wraps as a name does. */
const LONGEST_NUMBER = 21;
const classOf = (kind: (typeof COLUMNS)[number][1], value: string | undefined) =>
  kind === 'code' && (value?.length ?? 0) > LONGEST_NUMBER ? 'text' : kind;

function cellsOf(r: ReportRow, locale?: string): (string | undefined)[] {
  return [
    r.type,
    r.number,
    r.name,
    r.date ? formatDate(r.date, locale) : r.shownDate,
    r.amount === undefined ? r.shownAmount : money(r.amount, r.currency, locale),
    r.result,
    r.why,
  ];
}

/**
 * What else the record touched, under its why on paper: its attachments (kept for undo, or what a
 * restore did with each), the cost of inventory, its sales tax. The service's error code is not
 * printed: the result's words say what happened, and the files keep the code for support.
 */
function notesOf(r: ReportRow): string[] {
  return [r.attachments, r.inventory, r.salesTaxNote].filter((n): n is string => n !== undefined);
}

function money(amount: number | undefined, currency: string | undefined, locale?: string): string {
  return amount === undefined ? '' : formatMoney(amount, currency, locale);
}

function SectionTable({ id, title, rows, locale }: { id: string; title: string; rows: ReportRow[]; locale?: string }) {
  return (
    <section class="report-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} ({formatCount(rows.length, locale)})
      </h2>
      {rows.length === 0 ? (
        <p>None.</p>
      ) : (
        <table class="report-table" aria-labelledby={id}>
          <thead>
            <tr>
              {COLUMNS.map(([label, kind]) => (
                <th key={label} scope="col" class={kind}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // A report row carries no key of its own; a printed list never reorders, so its place is one.
              <tr key={i}>
                {cellsOf(r, locale).map((value, c) => (
                  <td key={COLUMNS[c]?.[0]} class={COLUMNS[c] && classOf(COLUMNS[c][1], value)}>
                    {value}
                    {c === COLUMNS.length - 1 &&
                      notesOf(r).map((note) => (
                        <span key={note} class="report-note">
                          {note}
                        </span>
                      ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export interface ReportPrintProps {
  report: RunReport;
  /** The person's locale for dates and amounts (the browser's when absent). */
  locale?: string;
  /** "Print": the entry passes window.print (the browser's dialog, where "Save as PDF" lives). */
  onPrint: () => void;
}

/** The printable report itself: pure, from the report's data. */
export function ReportPrint({ report, locale, onPrint }: ReportPrintProps) {
  return (
    <main class="report-page">
      <div class="report-actions">
        <button type="button" class="primary" onClick={onPrint}>
          Print
        </button>
        <span class="hint">To keep a PDF, choose "Save as PDF" as the printer.</span>
      </div>
      <h1>{report.title}</h1>
      <dl class="report-header">
        {report.header.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section class="report-section" aria-labelledby="report-totals">
        <h2 id="report-totals">{report.totalsTitle}</h2>
        {report.totals.length === 0 ? (
          <p>None.</p>
        ) : (
          <table class="report-table report-totals" aria-labelledby="report-totals">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col" class="num">
                  Count
                </th>
                <th scope="col" class="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {report.totals.map((t) => (
                <tr key={`${t.type}|${t.currency ?? ''}`}>
                  <td>{t.type}</td>
                  <td class="num">{formatCount(t.count, locale)}</td>
                  <td class="num">{money(t.amount, t.currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {report.sections.map((s, i) => (
        <SectionTable key={s.title} id={`report-section-${i}`} title={s.title} rows={s.rows} locale={locale} />
      ))}
    </main>
  );
}

/** What the report page reads of the popup's model. */
export interface ReportModel {
  state: { value: PopupState | undefined };
  stop(): void;
}

export interface ReportPageProps extends Pick<ReportOptions, 'locale' | 'timeZone' | 'version'> {
  model: ReportModel;
  /** The run to report on (the job id of the link). */
  runId: string;
  onPrint: () => void;
  /** Names the tab: the browser offers the title as the PDF's file name. */
  onTitle?: (title: string) => void;
}

const finished = (job: JobView) => job.state === 'done' || job.state === 'cancelled';

/**
 * The tab's page: the report of run `runId`, built once from the first state that holds it and then
 * kept, so what is printed is the run as it was opened, not a selection changing underneath. Only
 * the current run of the company in view is reported: its "left alone" section is that company's
 * selection, which no longer belongs to a run once "Done" is pressed.
 */
export function ReportPage({ model, runId, onPrint, onTitle, ...options }: ReportPageProps) {
  const kept = useRef<{ report: RunReport; title: string } | undefined>(undefined);
  const s = model.state.value;
  if (!kept.current && s?.job?.id === runId && finished(s.job)) {
    const companyName = s.connection.companyName;
    kept.current = {
      report: buildRunReport(s.job, s.selection, { ...options, companyName, ranBy: s.preparer }),
      title: reportFilename(s.job, companyName, 'csv').replace(/\.csv$/, ''),
    };
  }
  const title = kept.current?.title;
  useEffect(() => {
    if (!title) return;
    onTitle?.(title);
    model.stop(); // the report is kept: no need to keep asking the background
  }, [title]);
  if (kept.current) return <ReportPrint report={kept.current.report} locale={options.locale} onPrint={onPrint} />;
  if (!s)
    return (
      <p class="report-page" role="status">
        Loading the report…
      </p>
    );
  return (
    <main class="report-page">
      <h1>The report of this run is not available here</h1>
      <p>
        Only the last run of the client in view can be printed. Open Safe Delete on that client's QuickBooks page and
        use "Print the report" in the run's result, before pressing "Done".
      </p>
    </main>
  );
}
