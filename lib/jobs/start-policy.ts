/**
 * "A job may not start": the one rule every start obeys (a delete or void from the selection, a
 * restore from the audit log), as a pure function. The background reads the facts (the company the
 * view showed and the one it holds now, the connection, the page's cookie, the jobs, the selection
 * and its check, the storage estimate), asks `decideStart`, and acts on the answer: the records to
 * start a job with, a refusal code (with what to do about it: check the selection again, forget a
 * foreign check), or the one fact it still has to fetch (a fresh check, a restore plan). The checks
 * and the job's creation run under the company's lock (lib/storage/company-lock.ts), and the runner
 * re-checks "one unsettled job per company" inside its write queue (`tryCreateJob`), so two views
 * clicking at once cannot both start one.
 *
 * The order of the checks is the order of the refusals a person sees: the company, its connection,
 * the page, the jobs in the way, then what the click would act on.
 */
import { type Choice, choiceDifference } from '../domain/choice';
import { canVoid } from '../domain/entities';
import type { RestoreRecord } from '../domain/job-records';
import { isActiveJobState } from '../domain/jobs';
import { type SelectionOperationKind, VOID } from '../domain/operations';
import { recordKey } from '../domain/record-key';
import { type CompanyScope, sameScope } from '../domain/scope';
import type { ReviewedRecord } from '../journal/schema';
import type { StoredPreflight } from '../preflight/preflight-store';
import { selectionStamp } from '../selection/stamp';
import type { SelectedItem } from '../selection/store';
import { reviewedFromPreflight } from './from-preflight';
import { isUnsettled } from './lifecycle';
import { type StorageEstimateLike, startRoom } from './start-policy-room';
import type { JobSnapshot } from './types';

export type { StorageEstimateLike };

/** A preflight older than this is re-run before the click deletes anything. */
export const PREFLIGHT_MAX_AGE_MS = 15 * 60 * 1000;

/** Why a job may not start, with what the words need. */
export type StartRefusal =
  /** The company the view showed is not the one the background acts on now (`now`: none). */
  | { code: 'viewMoved'; shown: CompanyScope; now?: CompanyScope }
  | { code: 'notConnected' }
  | { code: 'signInEnded' }
  /** The last page's cookie could not be read: which company QuickBooks has open is unknown. */
  | { code: 'pageCompanyUnknown' }
  | { code: 'pageCompanyDiffers'; page: CompanyScope; connected: CompanyScope }
  | { code: 'jobRunning' }
  /** A cancelled job of the company is still confirming the batch it sent. */
  | { code: 'runSettling' }
  /** A finished run of the company is not closed with "Done" yet. */
  | { code: 'runFinished' }
  | { code: 'nothingSelected' }
  | { code: 'checkFailed'; error: string }
  | { code: 'selectionChanged' }
  /** The selection or a status moved since the view showed it (the view's stamp). */
  | { code: 'listChanged' }
  | { code: 'choiceChanged'; shown: Choice; stored: Choice }
  /** A stored check names another record than its own key (storage written outside the extension). */
  | { code: 'foreignCheck'; keys: string[] }
  /** The check was too old, and checked again some statuses moved. */
  | { code: 'staleCheckChanged' }
  | { code: 'nothingReady'; operation: SelectionOperationKind }
  | { code: 'noRoom'; records: number; need: number; free: number }
  | { code: 'nothingToRestore' }
  /** The matching records may already be back: only the person's choice restores them again. */
  | { code: 'onlyUnconfirmed' }
  /** What the restore would bring back moved since the preview. */
  | { code: 'planChanged' };

export type StartRefusalCode = StartRefusal['code'];

/** The connection of the company as the policy needs it. */
export interface ConnectionFact {
  realmId: string;
  environment: CompanyScope['environment'];
  needsReconnect?: boolean;
}

/** The company QuickBooks has open, by the last page's cookie; `unknown` when it cannot be read. */
export type PageFact = { kind: 'none' } | { kind: 'unknown' } | { kind: 'open'; company: CompanyScope };

/** What a delete or void from the selection acts on. */
export interface SelectionRequest {
  kind: 'selection';
  /** The operation and opt-ins the view showed. */
  shownChoice: Choice;
  /** The company's stored choice: the job starts with it, only when the view showed it. */
  choice: Choice;
  selected: Record<string, SelectedItem>;
  /** The stored check of the selection. */
  checked: StoredPreflight | undefined;
  /** The check run again because `checked` was too old (absent: not run yet). */
  rechecked?: StoredPreflight | undefined;
}

/** What a restore acts on: absent `plan` until the company's gates have passed (planning reads the service). */
export interface RestoreRequest {
  kind: 'restore';
  plan?: {
    /** The plan's chunks: the records to create, in waves (lib/restore/chunks.ts). */
    chunks: RestoreRecord[][];
    /** The records the plan would restore and refuse (its refusals are part of the job: listed under "Refused"). */
    size: number;
    stamp: string;
    /** Records left out that may already be back. */
    unconfirmed: number;
  };
}

export interface StartFacts {
  /** The company the view showed and the stamp of what it showed (selection as checked, or restore plan). */
  shown: CompanyScope & { stamp: string };
  /** The company the background acts on now. */
  current: CompanyScope | undefined;
  /** The shown company's connection, and whether it can be called (a token, or a refresh token). */
  connection: ConnectionFact | undefined;
  hasToken: boolean;
  /** Every job the background holds (any company). */
  jobs: readonly JobSnapshot[];
  /** `navigator.storage.estimate()`, when the browser can say. */
  estimate: StorageEstimateLike | undefined;
  now: number;
}

export type StartDecision =
  | { kind: 'refuse'; refusal: StartRefusal; recheck?: boolean; forget?: string[] }
  /** The stored check is too old: run it again and decide with `rechecked`. */
  | { kind: 'recheck'; scope: CompanyScope }
  /** The gates passed: plan the restore for `scope` and decide with the plan. */
  | { kind: 'plan'; scope: CompanyScope }
  | {
      kind: 'start';
      scope: CompanyScope;
      records: ReviewedRecord[];
      operation: SelectionOperationKind;
      includeReconciled: boolean;
    }
  | { kind: 'startRestore'; scope: CompanyScope; chunks: RestoreRecord[][] };

const refuse = (refusal: StartRefusal, then: { recheck?: boolean; forget?: string[] } = {}): StartDecision => ({
  kind: 'refuse',
  refusal,
  ...then,
});

/**
 * The company the view showed, when it is still the one the background acts on and it is connected;
 * otherwise the refusal. Also the restore preview's gate.
 */
export function connectedScope(
  facts: Pick<StartFacts, 'shown' | 'current' | 'connection' | 'hasToken'>,
): CompanyScope | StartRefusal {
  const { shown, current, connection } = facts;
  if (!current || !sameScope(current, shown)) {
    return { code: 'viewMoved', shown: { realmId: shown.realmId, environment: shown.environment }, now: current };
  }
  if (!connection || !facts.hasToken) return { code: connection?.needsReconnect ? 'signInEnded' : 'notConnected' };
  return { realmId: connection.realmId, environment: connection.environment };
}

/**
 * A job of the company in the way: one not settled (still active, or cancelled but still verifying
 * the batch it sent: its records are still its own); with `unclosedRun`, also a finished run not
 * yet closed with "Done" (what the views show: a start from a view that did not show it is refused).
 */
export function jobInTheWay(
  jobs: readonly JobSnapshot[],
  scope: CompanyScope,
  unclosedRun: boolean,
): StartRefusal | undefined {
  const own = jobs.filter((j) => sameScope(j, scope));
  const unsettled = own.filter(isUnsettled);
  if (unsettled.some((j) => isActiveJobState(j.status))) return { code: 'jobRunning' };
  if (unsettled.length > 0) return { code: 'runSettling' };
  if (own.length > 0 && unclosedRun) return { code: 'runFinished' };
  return undefined;
}

/** Decides a start: the records to start with, a refusal, or the fact still to fetch. */
export function decideStart(
  facts: StartFacts,
  page: PageFact,
  request: SelectionRequest | RestoreRequest,
): StartDecision {
  const scope = connectedScope(facts);
  if ('code' in scope) return refuse(scope);
  if (request.kind === 'restore') return decideRestore(facts, scope, request);

  // An unreadable cookie is a refusal, never a fall-back to the company stored with the last page.
  if (page.kind === 'unknown') return refuse({ code: 'pageCompanyUnknown' });
  if (page.kind === 'open' && !sameScope(page.company, scope)) {
    return refuse({ code: 'pageCompanyDiffers', page: page.company, connected: scope });
  }
  const inTheWay = jobInTheWay(facts.jobs, scope, true);
  if (inTheWay) return refuse(inTheWay);

  const { selected, checked } = request;
  const keys = Object.keys(selected);
  if (keys.length === 0) return refuse({ code: 'nothingSelected' });
  // Never "the selection changed" when nothing did: the check failed, and says why.
  if (checked?.error) return refuse({ code: 'checkFailed', error: checked.error }, { recheck: true });
  if (!checked || keys.some((k) => !checked.rows[k])) return refuse({ code: 'selectionChanged' }, { recheck: true });
  if (selectionStamp(selected, checked) !== facts.shown.stamp) return refuse({ code: 'listChanged' });
  // The person's choice as stored with the selection; a click that showed another does nothing.
  const { choice, shownChoice } = request;
  if (choiceDifference(shownChoice, choice))
    return refuse({ code: 'choiceChanged', shown: shownChoice, stored: choice });
  // A stored check is trusted only for its own record: a row whose reviewed record is another one
  // refuses the whole job, and is forgotten and checked afresh.
  const foreign = keys.filter((k) => {
    const reviewed = checked.rows[k]?.reviewed;
    return reviewed !== undefined && recordKey(reviewed.entity, reviewed.id) !== k;
  });
  if (foreign.length > 0) return refuse({ code: 'foreignCheck', keys: foreign }, { recheck: true, forget: foreign });

  let rows = checked;
  if (facts.now - checked.at > PREFLIGHT_MAX_AGE_MS) {
    // An old check is run again before anything is deleted; if any status moved, the person looks again.
    if (!('rechecked' in request)) return { kind: 'recheck', scope };
    const again = request.rechecked;
    if (!again || again.error || keys.some((k) => again.rows[k]?.status !== checked.rows[k]?.status)) {
      return refuse({ code: 'staleCheckChanged' });
    }
    rows = again;
  }
  // The one deletable rule (lib/jobs/from-preflight.ts): ready; linked, inventory and reconciled
  // only with their own opt-ins (reconciled ones are left out of the job entirely otherwise).
  const { operation, includeReconciled, includeLinked } = choice;
  const includeInventory = choice.includeInventory === true;
  const records = reviewedFromPreflight(
    keys.flatMap((k) => rows.rows[k] ?? []),
    { includeLinked, includeInventory },
  ).filter((r) => (includeReconciled || !r.reconciled) && (operation !== VOID.kind || canVoid(r.record.entity)));
  if (records.length === 0) return refuse({ code: 'nothingReady', operation });
  const noRoom = startRoom(records, facts.estimate);
  if (noRoom) return refuse(noRoom);
  return { kind: 'start', scope, records, operation, includeReconciled };
}

function decideRestore(facts: StartFacts, scope: CompanyScope, request: RestoreRequest): StartDecision {
  const inTheWay = jobInTheWay(facts.jobs, scope, false);
  if (inTheWay) return refuse(inTheWay);
  const { plan } = request;
  if (!plan) return { kind: 'plan', scope };
  const records = plan.chunks.flat();
  // The plan's refusals are part of the job: a plan that only refuses still runs, and lists them.
  if (plan.size === 0) {
    return refuse({ code: plan.unconfirmed > 0 ? 'onlyUnconfirmed' : 'nothingToRestore' });
  }
  if (plan.stamp !== facts.shown.stamp) return refuse({ code: 'planChanged' });
  const noRoom = startRoom(records, facts.estimate);
  if (noRoom) return refuse(noRoom);
  return { kind: 'startRestore', scope, chunks: plan.chunks };
}
