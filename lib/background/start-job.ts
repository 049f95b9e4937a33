/**
 * "Verify and delete selected": the checks before a job may start. Refuses, with words the popup
 * shows, when the page now shows another company than the connected one (an accountant switched
 * client books), when the selection changed since it was checked, or when nothing is ready.
 * Linked records (an invoice a payment paid) are a decision: they go only with `includeLinked`
 * ("Include linked transactions"), reconciled ones only with `includeReconciled`; a record that is
 * both needs both.
 */
import { canVoid } from '../domain/entities';
import type { JobOperationKind } from '../domain/jobs';
import { reviewedFromPreflight } from '../jobs/from-preflight';
import type { ReviewedRecord } from '../journal/schema';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { BackgroundCore } from './app';
import { isActiveJob } from './app';
import type { BackgroundDeps } from './deps';
import { readPageCompany } from './page-company';
import { refuseForRoom } from './storage-room';

/** A preflight older than this is re-run before the click deletes anything. */
export const PREFLIGHT_MAX_AGE_MS = 15 * 60 * 1000;

export interface StartOptions {
  includeReconciled: boolean;
  includeLinked?: boolean;
  /** 'void' ("Void instead of delete"): only the types the service can void go in the job. */
  operation?: JobOperationKind;
}

export async function startJob(
  core: BackgroundCore,
  deps: BackgroundDeps,
  { includeReconciled, includeLinked = false, operation = 'delete' }: StartOptions,
): Promise<Reply<PopupState>> {
  const refuse = (text: string) => {
    core.setNotice({ level: 'error', text });
    return fail(text);
  };
  const current = await core.currentScope();
  const connection = current ? await core.tokens.getConnection(current) : undefined;
  if (!connection || !current || !(await core.hasToken(current)))
    return refuse(
      connection?.needsReconnect
        ? 'The sign-in for this company has ended: Reconnect first.'
        : 'Connect to QuickBooks for this company first.',
    );
  const scope = { realmId: connection.realmId, environment: connection.environment };

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
  const existing = await core.latestJob(scope);
  if (existing && isActiveJob(existing)) return refuse('A job is already running for this company.');

  const selected = await core.selection.read(scope);
  let stored = await core.preflightStore.read(scope);
  const keys = Object.keys(selected);
  if (keys.length === 0) return refuse('Nothing is selected.');
  if (!stored || stored.error || keys.some((k) => !stored?.rows[k])) {
    void core.preflight.start(scope);
    return refuse('The selection changed since it was checked. Review the new statuses, then try again.');
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
    return row ? [{ status: row.status, reviewed: row.reviewed }] : [];
  });
  const records: ReviewedRecord[] = reviewedFromPreflight(rows, { includeLinked }).filter(
    (r) => (includeReconciled || !r.reconciled) && (operation !== 'void' || canVoid(r.record.entity)),
  );
  if (records.length === 0)
    return refuse(operation === 'void' ? 'Nothing is ready to void.' : 'Nothing is ready to delete.');
  const noRoom = refuseForRoom(records, await deps.estimateStorage?.().catch(() => undefined));
  if (noRoom) return refuse(noRoom);

  const job = await core.runner.createJob({
    realmId: scope.realmId,
    environment: scope.environment,
    records,
    includeReconciled,
    operation,
  });
  core.setNotice(undefined);
  await core.runner.start(job.id);
  core.changed();
  return ok(await core.state());
}
