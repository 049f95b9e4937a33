/**
 * The words of a refused start (lib/jobs/start-policy.ts) and of a restore the service could not
 * plan (lib/restore/service.ts): one switch over the refusal's code. The background passes the code
 * and words it here for its reply. A company is named by its name when known (`name`), else by its Id.
 * A room of the background's: the refusals' types live in lib/jobs and lib/restore, which the popup's
 * words (lib/popup/words/) may not import.
 */
import { choiceDifference } from '../../domain/choice';
import { operationOf } from '../../domain/operations';
import type { CompanyScope } from '../../domain/scope';
import type { StartRefusal } from '../../jobs/start-policy';
import type { RestoreServiceRefusal } from '../../restore/service';

export const JOB_RUNNING = 'A job is already running for this company.';
export const RUN_FINISHED = 'A run of this company has just finished: look at its result and press Done first.';
export const RUN_SETTLING =
  'A cancelled run of this company is still confirming the batch it had sent to QuickBooks. Try again once it has finished.';
export const CHOICE_CHANGED = 'The choice changed in another window since this one showed it:';
export const LIST_CHANGED =
  'The list changed since this window showed it (a row was added, removed or checked again). Check the list again.';
export const NOTHING_TO_RESTORE = 'No deleted record matches: nothing to restore.';
export const ONLY_UNCONFIRMED =
  'The records that match may already be back in QuickBooks: check there, then choose to restore them again.';

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;

/** A company's name for a refusal: its name when known, else its Id. */
export type NameOf = (scope: CompanyScope) => Promise<string | undefined>;

/** "This window shows A; QuickBooks switched to B. Check the list again." */
export async function viewMovedText(shown: CompanyScope, now: CompanyScope | undefined, name: NameOf) {
  const nameOf = async (s: CompanyScope) => (await name(s)) ?? `company ${s.realmId}`;
  const was = await nameOf(shown);
  if (!now) return `This window shows ${was}, which Safe Delete no longer has open. Check the list again.`;
  const env = now.environment !== shown.environment ? ` (${now.environment})` : '';
  return `This window shows ${was}; QuickBooks switched to ${await nameOf(now)}${env}. Check the list again.`;
}

export async function startRefusalText(refusal: StartRefusal | RestoreServiceRefusal, name: NameOf): Promise<string> {
  switch (refusal.code) {
    case 'viewMoved':
      return viewMovedText(refusal.shown, refusal.now, name);
    case 'signInEnded':
      return 'The sign-in for this company has ended: Reconnect first.';
    case 'notConnected':
      return 'Connect to QuickBooks for this company first.';
    case 'pageCompanyUnknown':
      return 'Refused: Safe Delete cannot tell which company QuickBooks has open. Open the company in QuickBooks, then try again.';
    case 'pageCompanyDiffers': {
      const { page, connected } = refusal;
      return `Refused: the QuickBooks page shows company ${page.realmId} (${page.environment}) but Safe Delete is connected to company ${connected.realmId} (${connected.environment}). Switch one of them so they match.`;
    }
    case 'jobRunning':
      return JOB_RUNNING;
    case 'runSettling':
      return RUN_SETTLING;
    case 'runFinished':
      return RUN_FINISHED;
    case 'nothingSelected':
      return 'Nothing is selected.';
    case 'checkFailed':
      return `Nothing was deleted: the last check failed. ${refusal.error} Check again when QuickBooks answers.`;
    case 'selectionChanged':
      return 'The selection changed since it was checked. Review the new statuses, then try again.';
    case 'listChanged':
      return LIST_CHANGED;
    case 'choiceChanged':
      return `${CHOICE_CHANGED} ${choiceDifference(refusal.shown, refusal.stored)}. Nothing was done: look again, then click.`;
    case 'foreignCheck':
      return `Refused: the stored check of ${refusal.keys[0]} names another record. Nothing was deleted; the selection is being checked again.`;
    case 'staleCheckChanged':
      return 'The check was more than 15 minutes old and, checked again, some statuses changed. Review them, then try again.';
    case 'nothingReady':
      return operationOf(refusal.operation).words.nothingReady;
    case 'noRoom':
      return `Not enough room on this device to keep the snapshots of ${refusal.records.toLocaleString('en-US')} deleted records: they need about ${mb(refusal.need)} and ${mb(refusal.free)} is free. Export the audit log and clear exported entries, or select fewer transactions.`;
    case 'nothingToRestore':
      return NOTHING_TO_RESTORE;
    case 'onlyUnconfirmed':
      return ONLY_UNCONFIRMED;
    case 'planChanged':
      return 'What this restore would bring back changed since the preview. Preview it again, then restore.';
    case 'closingDateUnread':
      return 'QuickBooks did not answer when asked for its closing date. Try again in a moment.';
    case 'namesUnread':
      return 'QuickBooks did not answer when asked which customers, vendors, products and accounts are still active. Try again in a moment.';
  }
}
