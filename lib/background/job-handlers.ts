/**
 * The runs' messages from extension pages: the check ("preflight/run"), starting a delete or void
 * job, previewing and starting a restore, pausing, resuming and cancelling a job, and "Done" (a
 * finished run closed: kept in the recent runs, what it removed leaves the selection).
 */
import { DELETE, LEAVING_GROUPS, RESTORE } from '../domain/operations';
import { OUTCOME_GROUP } from '../jobs/labels';
import type { JobSnapshot } from '../jobs/types';
import { fail, type Handlers, ok, type PageMessageType, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { BackgroundCore } from './app';
import { isActiveJob } from './app';
import type { BackgroundDeps } from './deps';

type JobMessageType = Extract<PageMessageType, 'preflight/run' | `job/${string}` | `restore/${string}`>;

export const jobHandlers: Pick<
  Handlers<PageMessageType, [core: BackgroundCore, deps: BackgroundDeps]>,
  JobMessageType
> = {
  async 'preflight/run'(msg, core) {
    // The company the view showed: a tab of another company reporting since never redirects it.
    void core.preflight.start(msg.scope);
    return ok(await core.state());
  },
  'job/start': (msg, core) =>
    core.starts.selection({
      shownChoice: {
        operation: msg.operation ?? DELETE.kind,
        includeReconciled: msg.includeReconciled,
        includeLinked: msg.includeLinked ?? false,
        includeInventory: msg.includeInventory ?? false,
      },
      shown: msg.scope,
    }),
  'restore/preview': (msg, core) => core.restore.preview(msg.filter, msg.scope),
  'restore/start': (msg, core) =>
    core.restore.start(msg.filter, msg.allowDuplicateDocNumbers ?? false, msg.scope, msg.includeUnconfirmed),
  'job/pause': (msg, core) => controlJob(core, 'pause', msg.jobId),
  'job/resume': (msg, core) => controlJob(core, 'resume', msg.jobId),
  'job/cancel': (msg, core) => controlJob(core, 'cancel', msg.jobId),
  async 'job/dismiss'(msg, core) {
    const job = await core.runner.getJob(msg.jobId);
    if (!job) return fail('No such job.');
    if (isActiveJob(job)) return fail('The job is still running: pause or cancel it first.');
    await dismissJob(core, job);
    // "Done" after a restore returns to where the person came from (issue 21 §7): the deletion
    // result it restored from is closed too (kept in the recent runs), not shown again.
    if (job.operation === RESTORE.kind) {
      const older = await core.latestJob({ realmId: job.realmId, environment: job.environment });
      if (older && !isActiveJob(older) && older.createdAt <= job.createdAt) await dismissJob(core, older);
    }
    core.changed();
    return ok(await core.state());
  },
};

/** "Pause", "Resume" and "Cancel". */
async function controlJob(
  core: BackgroundCore,
  action: 'pause' | 'resume' | 'cancel',
  jobId: string,
): Promise<Reply<PopupState>> {
  const job = await core.runner[action](jobId);
  if (!job) return fail('No such job.');
  core.changed();
  return ok(await core.state());
}

/** Closes a finished run: kept in the recent runs; what it deleted or voided leaves the selection. */
async function dismissJob(core: BackgroundCore, job: JobSnapshot): Promise<void> {
  // Records that are gone (or voided: done with) leave the selection; the rest stay for another look.
  const gone = (await core.runner.getRecords(job.id))
    .filter(
      (r) =>
        r.state.kind === 'final' &&
        (LEAVING_GROUPS.has(OUTCOME_GROUP[r.state.outcome.kind]) || r.state.outcome.kind === 'alreadyGone'),
    )
    .map((r) => r.key);
  const scope = { realmId: job.realmId, environment: job.environment };
  // The run stays readable after "Done" (the last few per company).
  const view = (await core.state()).job;
  if (view?.id === job.id) await core.runHistory.keep(scope, view);
  await core.selection.forgetDone(scope, gone);
  await core.preflightStore.forget(scope, gone);
  await core.runner.removeJob(job.id);
}
