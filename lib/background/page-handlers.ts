/** What extension pages (the popup) may ask. Every answer is a value; the token never leaves. */

import { signIn } from '../connection/sign-in';
import { OUTCOME_GROUP } from '../jobs/labels';
import type { JobSnapshot } from '../jobs/types';
import {
  dispatch,
  fail,
  type Handlers,
  ok,
  type PageMessageType,
  type Reply,
  type ReplyOf,
  type RequestOf,
} from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { Scope } from '../selection/store';
import type { BackgroundCore } from './app';
import { isActiveJob } from './app';
import type { BackgroundDeps } from './deps';
import { eraseCompanyData } from './erase';
import { findHandlers } from './find-handlers';
import { previewRestore, startRestore } from './restore';
import { maybeAutoPreflight, selectionHandlers } from './selection-handlers';
import { startJob } from './start-job';
import { focusViewTab } from './view-tab';

const DAY_MS = 24 * 3600 * 1000;

/** service-facts: an access token lives 3600 s. */
export const ACCESS_TOKEN_LIFETIME_SEC = 3600;

type PageContext = [core: BackgroundCore, deps: BackgroundDeps];
type PageHandlers = Handlers<PageMessageType, PageContext>;

/** Each page message's handler, typed against the protocol map (lib/messaging/protocol.ts). */
export const pageHandlers: PageHandlers = {
  async 'state/get'(msg, core, deps) {
    core.polled();
    // A failed check is tried again once a minute while a view is open (in memory: a cheap test per poll).
    if (core.preflight.retryDue(deps.clock.now())) await maybeAutoPreflight(core, false, deps.clock.now());
    if (msg.sinceVersion === core.version()) return ok({ unchanged: true });
    await maybeAutoPreflight(core, false, deps.clock.now());
    return ok(await core.state());
  },
  'view/tab': (msg, core, deps) => focusViewTab(core, deps, msg.tabId),
  async 'alert/dismiss'(msg, core) {
    if (msg.alert === 'notice') core.setNotice(undefined);
    else if (await core.pageIssues.dismiss(msg.alert)) core.changed();
    return ok(await core.state());
  },
  async 'connection/save'(msg, core, deps) {
    const scope = { realmId: msg.realmId, environment: msg.environment };
    const before = await core.tokens.getConnection(scope);
    await core.tokens.save({
      realmId: msg.realmId,
      environment: msg.environment,
      token: msg.token,
      remember: msg.remember,
      // Intuit access tokens live one hour from issue and their expiry cannot be read (they are
      // encrypted): a pasted token is gone at the latest one hour from now, an upper bound. A save
      // without a token keeps the stored token, and its expiry (the store is per company).
      tokenExpiresAt: msg.token
        ? deps.clock.now() + (msg.expiresInSec ?? ACCESS_TOKEN_LIFETIME_SEC) * 1000
        : before?.tokenExpiresAt,
    });
    await core.revocations.retry(scope); // a sign-in this token replaced ends at Intuit (else shown, "Try again")
    core.setNotice(undefined);
    if (await core.hasToken(scope)) await core.runner.tokenAvailable(msg.realmId);
    await maybeAutoPreflight(core, true);
    return ok(await core.state());
  },
  async 'connection/connect'(msg, core, deps) {
    // "Connect to QuickBooks": the sign-in window (the popup may close meanwhile; this goes on).
    if (!deps.identity) return fail('Signing in is not available in this browser.');
    const result = await signIn({ identity: deps.identity, broker: core.broker });
    if (result.kind === 'cancelled') return ok(await core.state());
    if (result.kind === 'failed') {
      // Shown on the screen of the client the person was connecting from, not on every client's.
      core.setNotice({ level: 'error', text: result.message }, await core.currentScope());
      return fail(result.message);
    }
    const scope = { realmId: result.realmId, environment: msg.environment };
    await core.tokens.save({
      ...scope,
      token: result.tokens.access,
      tokenExpiresAt: result.tokens.accessExpiresAt,
      refreshToken: result.tokens.refresh,
      refreshExpiresAt: result.tokens.refreshExpiresAt,
      method: 'oauth',
      remember: msg.stayConnected,
    });
    await core.revocations.retry(scope); // the sign-in this one replaced ends at Intuit (else shown, "Try again")
    core.setNotice(undefined);
    await core.runner.tokenAvailable(result.realmId);
    await maybeAutoPreflight(core, true);
    return ok(await core.state());
  },
  'connection/forget': async (_msg, core) => forgetConnection(core, await core.currentScope()),
  'connection/disconnect': (msg, core) =>
    forgetConnection(core, { realmId: msg.realmId, environment: msg.environment }),
  async 'connection/revokeRetry'(msg, core) {
    await core.revocations.retry({ realmId: msg.realmId, environment: msg.environment });
    core.changed();
    return ok(await core.state());
  },
  async 'connection/revokeDismiss'(msg, core) {
    await core.tokens.dismissEndInQuickBooks({ realmId: msg.realmId, environment: msg.environment });
    core.changed();
    return ok(await core.state());
  },
  ...selectionHandlers,
  ...findHandlers,
  async 'preflight/run'(_msg, core) {
    const scope = await core.currentScope();
    if (!scope) return fail('There is no selection to check.');
    void core.preflight.start(scope);
    return ok(await core.state());
  },
  'job/start': (msg, core, deps) =>
    startJob(core, deps, {
      includeReconciled: msg.includeReconciled,
      includeLinked: msg.includeLinked ?? false,
      operation: msg.operation ?? 'delete',
      shown: msg.scope,
    }),
  'restore/preview': (msg, core) => previewRestore(core, msg.filter, msg.scope),
  'company/erase': (msg, core) => eraseCompanyData(core, { realmId: msg.realmId, environment: msg.environment }),
  'restore/start': (msg, core, deps) =>
    startRestore(core, deps, msg.filter, msg.allowDuplicateDocNumbers ?? false, msg.scope),
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
    if (job.operation === 'restore') {
      const older = await core.latestJob({ realmId: job.realmId, environment: job.environment });
      if (older && !isActiveJob(older) && older.createdAt <= job.createdAt) await dismissJob(core, older);
    }
    core.changed();
    return ok(await core.state());
  },
  async 'audit/export'(msg, core, deps) {
    const stamp = new Date(deps.clock.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const page = await core.runner.audit.exportPage(msg.format, msg.after ?? 0);
    const mime = msg.format === 'csv' ? 'text/csv' : 'application/json';
    return ok({
      filename: `safe-delete-audit-${stamp}.${msg.format}`,
      mime,
      content: page.text,
      next: page.next,
      through: page.through,
    });
  },
  async 'audit/exported'(msg, core) {
    await core.runner.audit.markExported(msg.through);
    await core.runner.audit.prune();
    core.changed();
    return ok(await core.state());
  },
  async 'audit/retention'(msg, core) {
    await core.runner.audit.setRetention({
      keepExportedMs: msg.keepExportedDays === undefined ? undefined : msg.keepExportedDays * DAY_MS,
    });
    await core.runner.audit.prune();
    core.changed();
    return ok(await core.state());
  },
  async 'audit/clear'(_msg, core) {
    await core.runner.audit.clearExported();
    core.changed();
    return ok(await core.state());
  },
};

/** Answers a validated page message with its handler (its reply type follows the message's). */
export function handlePageMessage<K extends PageMessageType>(
  core: BackgroundCore,
  deps: BackgroundDeps,
  msg: RequestOf<K> & { type: K },
): Promise<Reply<ReplyOf<K>>> {
  return dispatch<PageMessageType, K, PageContext>(pageHandlers, msg, core, deps);
}

/** "Forget" (the current company) and "Disconnect" (one company). */
async function forgetConnection(core: BackgroundCore, scope: Scope | undefined): Promise<Reply<PopupState>> {
  if (!scope) return ok(await core.state());
  const running = await core.latestJob(scope);
  if (running && isActiveJob(running))
    return fail('A deletion job is running for this company: pause or cancel it first.');
  // Nothing calls the company from now on; it is forgotten once Intuit confirmed the revoke, else it
  // stays, shown with "Try again" (lib/connection/revocation.ts).
  await core.revocations.disconnect(scope);
  core.changed();
  return ok(await core.state());
}

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
        (['deleted', 'voided'].includes(OUTCOME_GROUP[r.state.outcome.kind]) || r.state.outcome.kind === 'alreadyGone'),
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
