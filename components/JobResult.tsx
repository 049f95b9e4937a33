import { OUTCOME_GROUP_LABEL, OUTCOME_GROUPS } from '../lib/messaging/views';
import { formatTime } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { AuditExport } from './AuditExport';
import { OutcomeGroup } from './OutcomeGroup';

/** A finished or cancelled job: counts per outcome group, their records, the audit log, Done. */
export function JobResult({ model }: { model: PopupModel }) {
  const job = model.job.value;
  if (!job) return null;
  const cancelled = job.state === 'cancelled';
  const when = job.finishedAt === undefined ? '' : ` at ${formatTime(job.finishedAt)}`;
  return (
    <section aria-labelledby="result-heading">
      <h2 id="result-heading">{cancelled ? 'Cancelled' : 'Finished'}</h2>
      <p class="hint">
        {cancelled ? `Stopped${when}` : `Finished${when}`}: {job.done} of {job.total} processed
        {cancelled && job.done < job.total ? '; the rest were left untouched.' : '.'}
      </p>
      <ul class="groups">
        {OUTCOME_GROUPS.map((g) => (
          <OutcomeGroup
            key={g}
            label={OUTCOME_GROUP_LABEL[g]}
            count={job.counts[g]}
            records={job.records.filter((r) => r.group === g)}
            environment={job.environment}
          />
        ))}
      </ul>
      <AuditExport onExport={(f) => void model.exportAudit(f)} busy={model.pending.value === 'audit/export'} />
      <div class="actions">
        <button type="button" class="primary" onClick={() => void model.dismissJob()}>
          Done
        </button>
      </div>
    </section>
  );
}
