import { type ReportField, SKIP_REASON_WORDS } from '../../lib/find/report-types';
import type { ImportModel } from '../../lib/popup/find-import';
import { ImportResult } from './ImportResult';
import { AddedNotice, FindProblems } from './TypesField';

/** The mapping's fields in the order a report shows them, with the bookkeeper's words. */
const FIELDS: [ReportField, string][] = [
  ['date', 'Date'],
  ['type', 'Type'],
  ['number', 'No.'],
  ['name', 'Name'],
  ['amount', 'Amount'],
  ['debit', 'Debit'],
  ['credit', 'Credit'],
  ['memo', 'Memo'],
  ['account', 'Account'],
];

/**
 * "Import a list": a report exported from QuickBooks (CSV or XLSX) or a plain
 * list; its columns as found, for the person to fix; each line matched in QuickBooks; then matched,
 * can't tell and not found, before anything is added.
 */
export function ImportTool({ id, list }: { id: string; list: ImportModel }) {
  const view = list.view.value;
  const withReport = view.kind === 'mapping' || view.kind === 'matching' || view.kind === 'resolved' ? view : undefined;
  const skipped = list.skipped.value;
  const problem = list.problem.value;
  return (
    <section id={id} class="find-tool-panel" aria-label="Import a list">
      <div class="find-field">
        <label for="find-file">Choose a report file</label>
        <input
          id="find-file"
          type="file"
          accept=".csv,.xlsx"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void list.readFile(file);
          }}
        />
      </div>
      <p class="hint">
        A CSV or Excel file exported from a QuickBooks report (Transaction List by Date, Transaction Detail by Account,
        Journal) or a list with a Date and an Amount column.
      </p>
      {view.kind === 'reading' && <p role="status">Reading the file…</p>}
      {view.kind === 'error' && <FindProblems problems={[view.message]} />}
      {withReport && (
        <>
          {withReport.report.title.length > 0 && <p class="find-report-title">{withReport.report.title.join(' · ')}</p>}
          <fieldset class="find-mapping">
            <legend>Columns (fix any that are wrong)</legend>
            {FIELDS.map(([field, label]) => (
              <span class="find-field" key={field}>
                <label for={`find-map-${field}`}>{label}</label>
                <select
                  id={`find-map-${field}`}
                  value={withReport.mapping[field] === undefined ? '' : String(withReport.mapping[field])}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    list.setColumn(field, v === '' ? undefined : Number(v));
                  }}
                >
                  <option value="">(none)</option>
                  {withReport.report.headers.map((h, i) => (
                    <option key={i} value={String(i)}>
                      {h || `Column ${i + 1}`}
                    </option>
                  ))}
                </select>
              </span>
            ))}
          </fieldset>
          <button
            type="button"
            class="primary"
            disabled={view.kind === 'matching'}
            onClick={() => void list.matchInQuickBooks()}
          >
            Match in QuickBooks
          </button>
        </>
      )}
      {problem && <FindProblems problems={[problem]} />}
      {view.kind === 'matching' && <p role="status">Matching in QuickBooks…</p>}
      {view.kind === 'resolved' && <ImportResult list={list} result={view.result} />}
      {skipped.length > 0 && (
        <details class="find-skipped">
          <summary>{`Skipped lines (${skipped.length})`}</summary>
          <ul>
            {skipped.slice(0, 500).map((s) => (
              <li key={s.row}>{`Row ${s.row}: ${SKIP_REASON_WORDS[s.reason]}`}</li>
            ))}
          </ul>
        </details>
      )}
      <AddedNotice notice={list.notice.value} />
    </section>
  );
}
