/**
 * "Verify and delete selected": the checks before a job may start. Refuses, with words the popup
 * shows, when the click names another company than the one the background holds now (a report from
 * another client's tab landed after the view's last poll), when the page now shows another company
 * than the connected one, when the selection or its statuses changed since the view showed them
 * (the view's stamp), when a stored check names another record than its own key (storage written
 * outside the extension), or when nothing is ready. Linked records (an invoice a payment paid) are a
 * decision: they go only with `includeLinked`, reconciled ones only with `includeReconciled`, ones
 * that buy or sell inventory only with `includeInventory`; a record that is two needs both. The
 * operation and the opt-ins are the selection's stored choice; a click whose view showed another
 * (changed in another window since) is refused. The checks and the job's creation run under the
 * company's lock, and the runner re-checks "one unsettled job per company" inside its write queue,
 * so two views clicking at once cannot both start one.
 */
import { type Choice, choiceDifference } from '../domain/choice';
import { canVoid } from '../domain/entities';
import { operationOf, VOID } from '../domain/operations';
import { recordKey } from '../domain/record-key';
import type { CompanyScope } from '../domain/scope';
import { reviewedFromPreflight } from '../jobs/from-preflight';
import type { ReviewedRecord } from '../journal/schema';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { BackgroundCore } from './app';
import type { BackgroundDeps } from './deps';
import { readPageCompany } from './page-company';
import { selectionStamp } from './selection-stamp';
import { connectedScope, JOB_RUNNING, jobInTheWay, RUN_FINISHED } from './start-guard';
import { refuseForRoom } from './storage-room';

/** A preflight older than this is re-run before the click deletes anything. */
export const PREFLIGHT_MAX_AGE_MS = 15 * 60 * 1000;

export { JOB_RUNNING, RUN_FINISHED };
export const CHOICE_CHANGED = 'The choice changed in another window since this one showed it:';
export const LIST_CHANGED =
  'The list changed since this window showed it (a row was added, removed or checked again). Check the list again.';

export interface StartOptions {
  /**
   * The operation and opt-ins the view showed (its button's words, its ticks): the job starts with
   * the company's stored choice, and only when the view showed that one.
   */
  shownChoice: Choice;
  /** The company the view showed and the stamp of its selection as checked. */
  shown: CompanyScope & { stamp: string };
}

export function startJob(
  core: BackgroundCore,
  deps: BackgroundDeps,
  options: StartOptions,
): Promise<Reply<PopupState>> {
  return core.startLock.run(options.shown, () => startLocked(core, deps, options));
}

async function startLocked(
  core: BackgroundCore,
  deps: BackgroundDeps,
  { shownChoice, shown }: StartOptions,
): Promise<Reply<PopupState>> {
  const refuse = (text: string) => {
    core.setNotice({ level: 'error', text }, shown);
    return fail(text);
  };
  const scope = await connectedScope(core, shown);
  if (typeof scope === 'string') return refuse(scope);

  const lastPage = await core.selection.lastPage();
  if (lastPage) {
    const page = await readPageCompany(deps.cookies, lastPage.url, lastPage.storeId);
    // An unreadable cookie is a refusal, never a fall-back to the company stored with the last page.
    if (!page?.realmId) {
      return refuse(
        'Refused: Safe Delete cannot tell which company QuickBooks has open. Open the company in QuickBooks, then try again.',
      );
    }
    if (page.realmId !== scope.realmId || page.environment !== scope.environment) {
      return refuse(
        `Refused: the QuickBooks page shows company ${page.realmId} (${page.environment}) but Safe Delete is connected to company ${scope.realmId} (${scope.environment}). Switch one of them so they match.`,
      );
    }
  }
  const inTheWay = await jobInTheWay(core, scope, { unclosedRun: true });
  if (inTheWay) return refuse(inTheWay);

  const selected = await core.selection.read(scope);
  let stored = await core.preflightStore.read(scope);
  const keys = Object.keys(selected);
  if (keys.length === 0) return refuse('Nothing is selected.');
  if (stored?.error) {
    // Never "the selection changed" when nothing did: the check failed, and says why.
    void core.preflight.start(scope);
    return refuse(`Nothing was deleted: the last check failed. ${stored.error} Check again when QuickBooks answers.`);
  }
  if (!stored || keys.some((k) => !stored?.rows[k])) {
    void core.preflight.start(scope);
    return refuse('The selection changed since it was checked. Review the new statuses, then try again.');
  }
  if (selectionStamp(selected, stored) !== shown.stamp) return refuse(LIST_CHANGED);
  // The person's choice as stored with the selection; a click that showed another does nothing.
  const choice = await core.selection.readChoice(scope);
  const { operation, includeReconciled, includeLinked } = choice;
  const includeInventory = choice.includeInventory === true;
  const otherChoice = choiceDifference(shownChoice, choice);
  if (otherChoice) return refuse(`${CHOICE_CHANGED} ${otherChoice}. Nothing was done: look again, then click.`);
  // A stored check is trusted only for its own record: a row whose reviewed record is another one
  // (storage rewritten outside the extension) refuses the whole job and is checked afresh.
  const foreign = keys.filter((k) => {
    const reviewed = stored?.rows[k]?.reviewed;
    return reviewed !== undefined && recordKey(reviewed.entity, reviewed.id) !== k;
  });
  if (foreign.length > 0) {
    await core.preflightStore.forget(scope, foreign);
    void core.preflight.start(scope);
    return refuse(
      `Refused: the stored check of ${foreign[0]} names another record. Nothing was deleted; the selection is being checked again.`,
    );
  }
  if (deps.clock.now() - stored.at > PREFLIGHT_MAX_AGE_MS) {
    // An old check is re-run before anything is deleted; if any status moved, the person looks again.
    const before = stored;
    await core.preflight.start(scope);
    stored = await core.preflightStore.read(scope);
    if (!stored || stored.error || keys.some((k) => stored?.rows[k]?.status !== before.rows[k]?.status)) {
      return refuse(
        'The check was more than 15 minutes old and, checked again, some statuses changed. Review them, then try again.',
      );
    }
  }
  // The one deletable rule (lib/jobs/from-preflight.ts, also the chaos run's): ready; linked only
  // with its opt-in; reconciled only with its own (left out of the job entirely otherwise).
  const rows = keys.flatMap((k) => {
    const row = stored?.rows[k];
    return row ? [row] : []; // with its findings: whether it is linked is the linked check's word
  });
  const records: ReviewedRecord[] = reviewedFromPreflight(rows, { includeLinked, includeInventory }).filter(
    (r) => (includeReconciled || !r.reconciled) && (operation !== VOID.kind || canVoid(r.record.entity)),
  );
  if (records.length === 0) return refuse(operationOf(operation).words.nothingReady);
  const noRoom = refuseForRoom(records, await deps.estimateStorage?.().catch(() => undefined));
  if (noRoom) return refuse(noRoom);

  const made = await core.runner.tryCreateJob({ ...scope, records, includeReconciled, operation });
  if (made.kind === 'busy') return refuse(JOB_RUNNING);
  core.setNotice(undefined);
  await core.runner.start(made.job.id);
  core.changed();
  return ok(await core.state());
}
