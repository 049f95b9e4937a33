/**
 * "Erase this company's local data" (`company/erase`): after Disconnect or Forget, the
 * snapshots of a client's records would otherwise stay on this device for good. The person confirmed
 * in the popup (which said how many audit records go and whether they were exported: they are the
 * only copy of deleted records). Erased, for one company in one environment: its audit entries, its
 * finished jobs' journals and reviewed records, its kept runs, its selection (with the click's
 * choice), page-ticked rows and tombstones (one erase tombstone stays, naming no record, so a tick
 * still showing on an open page cannot bring a row back), its check (preflight), the last page when it was this company's, the
 * copies set aside of values a store could not read (`storage/item.ts` setAside) that name the
 * company or one of its jobs, and, when it is not connected, its cached name.
 * Kept: the connection itself (Disconnect removes it), other companies' data, the audit watermark.
 *
 * Never while a job of the company is active (running, waiting, paused, waiting for a token) or its
 * check runs: refused with words, nothing erased. It runs under the company's start lock, so no job
 * can be created for the company between the check and the erase.
 */

import type { AuditLog } from '../audit/log';
import type { createCompanyNames } from '../connection/company-names';
import type { TokenStore } from '../connection/token-store';
import { sameScope } from '../domain/scope';
import type { createRunHistory } from '../jobs/run-history';
import type { JobRunner } from '../jobs/types';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { PreflightStore } from '../preflight/preflight-store';
import type { Scope, SelectionStore } from '../selection/store';
import type { StorageArea } from '../storage/area';
import type { CompanyLock } from '../storage/company-lock';
import { storageKey } from '../storage/keys';
import { isActiveJob } from './company-view';
import type { PreflightService } from './preflight-service';
import type { ViewNotices } from './view-notices';

export const ERASE_REFUSED = {
  jobActive: 'A job of this company is still running or paused: let it finish or cancel it, then erase.',
  checking: 'This company’s selection is being checked: wait for the check to finish, then erase.',
  jobBusy:
    'A finished job of this company is still verifying its last batch, or its records are not all in the audit log yet: try again in a minute.',
  auditUnreadable: 'The audit log cannot be read: nothing was erased. Try again after restarting the browser.',
  auditFailed: 'The audit log could not be changed: this company’s entries in it stay. Try again.',
} as const;

/** What an erase touches: every store that keeps something of a company, and the lock starts take. */
export interface EraseServices {
  startLock: CompanyLock;
  runner: Pick<JobRunner, 'listJobs' | 'removeJob'>;
  preflight: Pick<PreflightService, 'isRunning'>;
  audit: Pick<AuditLog, 'stats' | 'eraseCompany'>;
  runHistory: Pick<ReturnType<typeof createRunHistory>, 'erase'>;
  selection: Pick<SelectionStore, 'erase'>;
  preflightStore: Pick<PreflightStore, 'erase'>;
  companyNames: Pick<ReturnType<typeof createCompanyNames>, 'get' | 'forget'>;
  tokens: Pick<TokenStore, 'getConnection'>;
  local: StorageArea;
  view: ViewNotices;
}

export function eraseCompanyData(s: EraseServices, scope: Scope): Promise<Reply<PopupState>> {
  return s.startLock.run(scope, async () => {
    const jobs = (await s.runner.listJobs()).filter((j) => sameScope(j, scope));
    if (jobs.some(isActiveJob)) return fail(ERASE_REFUSED.jobActive);
    if (s.preflight.isRunning(scope)) return fail(ERASE_REFUSED.checking);
    // The audit log first: when it cannot be read, nothing at all is erased.
    if ((await s.audit.stats()).error) return fail(ERASE_REFUSED.auditUnreadable);
    // Finished jobs: their journals go the way "Done" removes them (only once every final outcome
    // has its audit entry), so a refusal here loses nothing and stops before any snapshot goes.
    for (const job of jobs) if (!(await s.runner.removeJob(job.id))) return fail(ERASE_REFUSED.jobBusy);
    try {
      await s.audit.eraseCompany(
        scope,
        jobs.map((j) => j.id),
      );
    } catch {
      return fail(ERASE_REFUSED.auditFailed);
    }
    await s.runHistory.erase(scope);
    await s.selection.erase(scope);
    await s.preflightStore.erase(scope);
    await eraseSetAside(
      s.local,
      scope,
      jobs.map((j) => j.id),
    );
    const name = await s.companyNames.get(scope, false);
    if (!(await s.tokens.getConnection(scope))) await s.companyNames.forget(scope);
    s.view.setNotice({ level: 'info', text: `Erased the local data of ${name ?? `Company ${scope.realmId}`}.` });
    s.view.changed();
    return ok(await s.view.state());
  });
}

/**
 * The set-aside copies (`storageKey.unreadable(key)`) of this company's data: a copy whose key or value
 * names its realm Id (its scoped keys, a names list or job list naming it) or one of its jobs. A
 * copy of a shared value goes whole, other companies' part with it: it was unreadable anyway, and
 * the person asked for this company's data to leave the device.
 */
async function eraseSetAside(local: StorageArea, scope: Scope, jobIds: readonly string[]): Promise<void> {
  const prefix = storageKey.unreadable('');
  const realm = new RegExp(`(?<![0-9])${scope.realmId}(?![0-9])`); // a realm Id is digits only
  const namesCompany = (text: string) => realm.test(text) || jobIds.some((id) => text.includes(id));
  const aside = Object.entries(await local.get(null))
    .filter(([key, value]) => key.startsWith(prefix) && namesCompany(JSON.stringify([key, value])))
    .map(([key]) => key);
  if (aside.length > 0) await local.remove(aside);
}
