/**
 * The checks every start shares (a delete or void from the selection, a restore from the audit
 * log), written once: the company the view showed is still the one open and connected, and no job of
 * it is in the way.
 */
import { type CompanyScope, sameScope } from '../domain/scope';
import { isUnsettled } from '../jobs/lifecycle';
import type { BackgroundCore } from './app';
import { isActiveJob } from './app';
import { checkViewCompany } from './view-scope';

export const JOB_RUNNING = 'A job is already running for this company.';
export const RUN_FINISHED = 'A run of this company has just finished: look at its result and press Done first.';
export const RUN_SETTLING =
  'A cancelled run of this company is still confirming the batch it had sent to QuickBooks. Try again once it has finished.';

/** The company the view showed, when it is still the one open and connected; else the refusal's words. */
export async function connectedScope(core: BackgroundCore, shown: CompanyScope): Promise<CompanyScope | string> {
  const viewed = await checkViewCompany(core, shown);
  if (!viewed.ok) return viewed.error;
  const connection = await core.tokens.getConnection(viewed.scope);
  if (!connection || !(await core.hasToken(viewed.scope))) {
    return connection?.needsReconnect
      ? 'The sign-in for this company has ended: Reconnect first.'
      : 'Connect to QuickBooks for this company first.';
  }
  return { realmId: connection.realmId, environment: connection.environment };
}

/**
 * The refusal when a job of the company is in the way: one not settled (still active, or cancelled
 * but still verifying the batch it sent: its records are still its own); with `unclosedRun`, also a
 * finished run not yet closed with "Done" (what the views show: a start from a view that did not
 * show it, two views pressing together, is refused).
 */
export async function jobInTheWay(
  core: BackgroundCore,
  scope: CompanyScope,
  { unclosedRun }: { unclosedRun: boolean },
): Promise<string | undefined> {
  const unsettled = (await core.runner.listJobs()).filter((j) => sameScope(j, scope) && isUnsettled(j));
  if (unsettled.some(isActiveJob)) return JOB_RUNNING;
  if (unsettled.length > 0) return RUN_SETTLING;
  const existing = await core.latestJob(scope);
  if (existing && unclosedRun) return RUN_FINISHED;
  return undefined;
}
