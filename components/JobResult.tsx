import { useSignal } from '@preact/signals';
import { formatTime } from '../lib/popup/format';
import { OUTCOME_GROUP_LABEL } from '../lib/popup/labels';
import type { PopupModel } from '../lib/popup/model';
import { doneGroup, groupsFor, REPORT_GROUP_ORDER, resultHeading, runSummary } from '../lib/popup/report';
import { canRestoreRun } from '../lib/popup/restore';
import { tieOutWords } from '../lib/popup/words/result';
import { AuditExport, saveCheckOf } from './AuditExport';
import { OutcomeGroup } from './OutcomeGroup';
import { AskPreparer, PreparerLine } from './ReportPreparer';
import { RestoreRun } from './RestorePanel';

/**
 * A finished or cancelled job as a report: the tie-out in words, the problem groups first and open,
 * the deleted records as a compact table (a restore's as "old Id → new Id"), then one group for
 * what leaves the screen: the report to hand the client ("Print the report": a page in a tab, the
 * main one; Excel; CSV; the first report asks the person's name it prints as "Ran by"), and for
 * the person's own records "Copy summary" and this run's CSV; "Restore deleted records" after a
 * deletion, the audit log, Done.
 */
export function JobResult({ model }: { model: PopupModel }) {
  const job = model.job.value;
  const copied = useSignal(false);
  /** The report click waiting for the person's name (asked once), or true for "Change name". */
  const asking = useSignal<(() => void) | true | undefined>(undefined);
  if (!job) return null;
  const preparer = model.state.value?.preparer;
  /** A report, once the person has said which name it prints (or that it prints none). */
  const report = (make: () => void) => () => {
    if (preparer === undefined) asking.value = make;
    else make();
  };
  const cancelled = job.state === 'cancelled';
  const when = job.finishedAt === undefined ? '' : ` at ${formatTime(job.finishedAt)}`;
  const companyName = model.connection.value?.companyName;
  return (
    <section aria-labelledby="result-heading">
      <h2 id="result-heading" tabIndex={-1}>
        {resultHeading(job)}
      </h2>
      <p class="hint">
        {cancelled ? `Stopped${when}` : `Finished${when}`}: {job.done} of {job.total} processed
        {cancelled && job.done < job.total ? '; the rest were left untouched.' : '.'}
      </p>
      <p class="tie-out">{tieOutWords(job)}</p>
      <ul class="groups">
        {groupsFor(job, REPORT_GROUP_ORDER).map((g) => (
          <OutcomeGroup
            key={g}
            label={OUTCOME_GROUP_LABEL[g]}
            count={job.counts[g] ?? 0}
            records={job.records.filter((r) => r.group === g)}
            environment={job.environment}
            defaultOpen={g !== doneGroup(job)}
            table={g === doneGroup(job) && g !== 'restored'}
            operation={job.operation}
          />
        ))}
      </ul>
      {/* One group for what goes out of this screen: the client's report first, then your own copies. */}
      <div class="exports">
        <p class="exports-title">The report for {companyName ?? 'the client'}</p>
        <div class="actions">
          {model.openReport && (
            <button type="button" class="primary" onClick={report(() => model.openReport?.(job.id))}>
              Print the report
            </button>
          )}
          <button
            type="button"
            aria-busy={model.makingReport.value}
            disabled={model.makingReport.value}
            onClick={report(() => void model.downloadReport('xlsx'))}
          >
            Download the report (Excel)
          </button>
          <button
            type="button"
            aria-busy={model.makingReport.value}
            disabled={model.makingReport.value}
            onClick={report(() => void model.downloadReport('csv'))}
          >
            Download the report (CSV)
          </button>
        </div>
        <p class="exports-title">For your own records</p>
        <div class="actions">
          <button
            type="button"
            onClick={async () => {
              copied.value = await model.copyText(runSummary(job, companyName));
            }}
          >
            Copy summary
          </button>
          <button type="button" onClick={() => model.downloadRun()}>
            Download this run (CSV)
          </button>
          <span role="status">{copied.value ? 'Copied' : ''}</span>
        </div>
      </div>
      {asking.value !== undefined ? (
        <AskPreparer
          current={preparer}
          onSave={async (name) => {
            const then = asking.value;
            asking.value = undefined;
            if (await model.savePreparer(name)) if (typeof then === 'function') then();
          }}
          onCancel={() => (asking.value = undefined)}
        />
      ) : (
        preparer !== undefined && <PreparerLine name={preparer} onChange={() => (asking.value = true)} />
      )}
      {canRestoreRun(job) && <RestoreRun model={model} job={job} />}
      <AuditExport
        onExport={(f) => void model.exportAudit(f)}
        saveCheck={saveCheckOf(model)}
        audit={model.state.value?.audit}
        busy={model.pending.value === 'audit/export'}
      />
      <div class="actions">
        <button type="button" class="primary" onClick={() => void model.dismissJob()}>
          Done
        </button>
      </div>
    </section>
  );
}
