/**
 * The runs' messages from extension pages: the check ("preflight/run"), starting a delete or void
 * job, previewing and starting a restore, pausing, resuming and cancelling a job, and "Done" (a
 * finished run closed: kept in the recent runs, what it removed leaves the selection).
 */
import { DELETE, LEAVING_GROUPS, RESTORE } from '../domain/operations';
import { OUTCOME_GROUP } from '../domain/outcomes';
import type { createRunHistory } from '../jobs/run-history';
import type { JobRunner, JobSnapshot } from '../jobs/types';
import { fail, type Handlers, ok, type PageMessageType, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { PreflightStore } from '../preflight/preflight-store';
import type { RestoreService } from '../restore/service';
import type { SelectionStore } from '../selection/store';
import { type CompanyView, isActiveJob } from './company-view';
import type { PreflightService } from './preflight-service';
import type { Starts } from './start-job';
import type { ViewNotices } from './view-notices';

type JobMessageType = Extract<PageMessageType, 'preflight/run' | `job/${string}` | `restore/${string}`>;

/** What the runs' handlers use. */
export interface JobServices extends Pick<CompanyView, 'latestJob'> {
  starts: Pick<Starts, 'selection'>;
  restore: Pick<RestoreService, 'preview' | 'start'>;
  preflight: Pick<PreflightService, 'start'>;
  runner: Pick<JobRunner, 'getJob' | 'getRecords' | 'removeJob' | 'pause' | 'resume' | 'cancel'>;
  runHistory: Pick<ReturnType<typeof createRunHistory>, 'keep'>;
  selection: Pick<SelectionStore, 'forgetDone'>;
  preflightStore: Pick<PreflightStore, 'forget'>;
  view: ViewNotices;
}

export const jobHandlers: Pick<Handlers<PageMessageType, [s: JobServices]>, JobMessageType> = {
  async 'preflight/run'(msg, s) {
    // The company the view showed: a tab of another company reporting since never redirects it.
    void s.preflight.start(msg.scope);
    return ok(await s.view.state());
  },
  'job/start': (msg, s) =>
    s.starts.selection({
      shownChoice: {
        operation: msg.operation ?? DELETE.kind,
        includeReconciled: msg.includeReconciled,
        includeLinked: msg.includeLinked ?? false,
        includeInventory: msg.includeInventory ?? false,
      },
      shown: msg.scope,
    }),
  'restore/preview': (msg, s) => s.restore.preview(msg.filter, msg.scope),
  'restore/start': (msg, s) =>
    s.restore.start(msg.filter, msg.allowDuplicateDocNumbers ?? false, msg.scope, msg.includeUnconfirmed),
  'job/pause': (msg, s) => controlJob(s, 'pause', msg.jobId),
  'job/resume': (msg, s) => controlJob(s, 'resume', msg.jobId),
  'job/cancel': (msg, s) => controlJob(s, 'cancel', msg.jobId),
  async 'job/dismiss'(msg, s) {
    const job = await s.runner.getJob(msg.jobId);
    if (!job) return fail('No such job.');
    if (isActiveJob(job)) return fail('The job is still running: pause or cancel it first.');
    await dismissJob(s, job);
    // "Done" after a restore returns to where the person came from: the deletion
    // result it restored from is closed too (kept in the recent runs), not shown again.
    if (job.operation === RESTORE.kind) {
      const older = await s.latestJob({ realmId: job.realmId, environment: job.environment });
      if (older && !isActiveJob(older) && older.createdAt <= job.createdAt) await dismissJob(s, older);
    }
    s.view.changed();
    return ok(await s.view.state());
  },
};

/** "Pause", "Resume" and "Cancel". */
async function controlJob(
  s: JobServices,
  action: 'pause' | 'resume' | 'cancel',
  jobId: string,
): Promise<Reply<PopupState>> {
  const job = await s.runner[action](jobId);
  if (!job) return fail('No such job.');
  s.view.changed();
  return ok(await s.view.state());
}

/** Closes a finished run: kept in the recent runs; what it deleted or voided leaves the selection. */
async function dismissJob(s: JobServices, job: JobSnapshot): Promise<void> {
  // Records that are gone (or voided: done with) leave the selection; the rest stay for another look.
  const gone = (await s.runner.getRecords(job.id))
    .filter(
      (r) =>
        r.state.kind === 'final' &&
        (LEAVING_GROUPS.has(OUTCOME_GROUP[r.state.outcome.kind]) || r.state.outcome.kind === 'alreadyGone'),
    )
    .map((r) => r.key);
  const scope = { realmId: job.realmId, environment: job.environment };
  // The run stays readable after "Done" (the last few per company).
  const view = (await s.view.state()).job;
  if (view?.id === job.id) await s.runHistory.keep(scope, view);
  await s.selection.forgetDone(scope, gone);
  await s.preflightStore.forget(scope, gone);
  await s.runner.removeJob(job.id);
}
