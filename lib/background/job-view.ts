/** The runner's job snapshot and record rows, as the popup's JobView. */
import type { AttachmentOutcome } from '../domain/attachments';
import { OUTCOME_GROUPS, type OutcomeGroup } from '../domain/jobs';
import type { JobRecordRow, JobSnapshot } from '../jobs/types';
import type { JobView } from '../messaging/views';

function viewState(job: JobSnapshot): JobView['state'] {
  if (job.status === 'created') return 'running';
  return job.status;
}

function viewWait(job: JobSnapshot): JobView['wait'] {
  const wait = job.wait;
  if (!wait) return undefined;
  if (wait.kind === 'tokenNeeded') return { kind: 'tokenNeeded' };
  // A read that failed before anything was sent: QuickBooks is not answering.
  if (wait.kind === 'retry') return { kind: 'outage', until: wait.until };
  if (wait.kind === 'landing') return { kind: 'landing', until: wait.until, count: wait.count };
  return { kind: wait.kind, until: wait.until };
}

/**
 * `leftAlone`: rows of the company's selection the job did not take (the check left them alone).
 * `attachments`: a restore's, by record key: what became of each restored record's attachments.
 */
export function toJobView(
  job: JobSnapshot,
  rows: readonly JobRecordRow[],
  leftAlone?: number,
  attachments?: ReadonlyMap<string, readonly AttachmentOutcome[]>,
): JobView {
  const counts = Object.fromEntries(OUTCOME_GROUPS.map((g) => [g, 0])) as Record<OutcomeGroup, number> &
    JobView['counts'];
  const records: JobView['records'] = [];
  for (const row of rows) {
    if (row.group === 'pending') continue;
    counts[row.group] += 1;
    const final = row.state.kind === 'final' ? row.state.outcome : undefined;
    const fault = final && 'fault' in final ? final.fault : undefined;
    const refusal = final?.kind === 'declined' ? final.refusal : undefined;
    records.push({
      key: row.key,
      entity: row.entity,
      id: row.id,
      docNumber: row.docNumber,
      txnDate: row.txnDate,
      party: row.party,
      amount: row.amount,
      currency: row.currency,
      group: row.group,
      outcome: final?.kind ?? 'unverified',
      // Data only: the service's fault as it came, our own refusal, a restored record's notes.
      ...(fault ? { fault: { code: fault.code, message: fault.message } } : {}),
      ...(refusal ? { refusal } : {}),
      ...(row.notes?.length ? { notes: row.notes } : {}),
      ...(row.newId ? { newId: row.newId } : {}),
      ...(attachments?.get(row.key)?.length ? { attachmentOutcomes: [...(attachments.get(row.key) ?? [])] } : {}),
    });
  }
  return {
    id: job.id,
    realmId: job.realmId,
    environment: job.environment,
    operation: job.operation,
    state: viewState(job),
    done: job.done,
    total: job.total,
    wait: viewWait(job),
    etaMs: job.etaMs,
    counts,
    records,
    startedAt: job.startedAt ?? job.createdAt,
    finishedAt: job.finishedAt,
    leftAlone,
    ...(job.pausedFor ? { paused: job.pausedFor } : {}),
    ...(job.stop && job.status === 'paused' ? { stop: job.stop } : {}),
  };
}
