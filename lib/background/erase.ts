/**
 * "Erase this company's local data" (issue 18 §7, `company/erase`): after Disconnect or Forget, the
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
import { sameScope } from '../domain/scope';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { Scope } from '../selection/store';
import type { StorageArea } from '../storage/area';
import { storageKey } from '../storage/keys';
import { type BackgroundCore, isActiveJob } from './app';

export const ERASE_REFUSED = {
  jobActive: 'A job of this company is still running or paused: let it finish or cancel it, then erase.',
  checking: 'This company’s selection is being checked: wait for the check to finish, then erase.',
  jobBusy:
    'A finished job of this company is still verifying its last batch, or its records are not all in the audit log yet: try again in a minute.',
  auditUnreadable: 'The audit log cannot be read: nothing was erased. Try again after restarting the browser.',
  auditFailed: 'The audit log could not be changed: this company’s entries in it stay. Try again.',
} as const;

export function eraseCompanyData(core: BackgroundCore, scope: Scope, local: StorageArea): Promise<Reply<PopupState>> {
  return core.startLock.run(scope, async () => {
    const jobs = (await core.runner.listJobs()).filter((j) => sameScope(j, scope));
    if (jobs.some(isActiveJob)) return fail(ERASE_REFUSED.jobActive);
    if (core.preflight.isRunning(scope)) return fail(ERASE_REFUSED.checking);
    // The audit log first: when it cannot be read, nothing at all is erased.
    if ((await core.audit.stats()).error) return fail(ERASE_REFUSED.auditUnreadable);
    // Finished jobs: their journals go the way "Done" removes them (only once every final outcome
    // has its audit entry), so a refusal here loses nothing and stops before any snapshot goes.
    for (const job of jobs) if (!(await core.runner.removeJob(job.id))) return fail(ERASE_REFUSED.jobBusy);
    try {
      await core.audit.eraseCompany(
        scope,
        jobs.map((j) => j.id),
      );
    } catch {
      return fail(ERASE_REFUSED.auditFailed);
    }
    await core.runHistory.erase(scope);
    await core.selection.erase(scope);
    await core.preflightStore.erase(scope);
    await eraseSetAside(
      local,
      scope,
      jobs.map((j) => j.id),
    );
    const name = await core.companyNames.get(scope, false);
    if (!(await core.tokens.getConnection(scope))) await core.companyNames.forget(scope);
    core.setNotice({ level: 'info', text: `Erased the local data of ${name ?? `Company ${scope.realmId}`}.` });
    core.changed();
    return ok(await core.state());
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
