/**
 * "Verify and delete selected": the checks before a job may start. Refuses, with words the popup
 * shows, when the page now shows another company than the connected one (an accountant switched
 * client books), when the selection changed since it was checked, or when nothing is ready.
 */
import type { ReviewedRecord } from '../journal/schema';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { BackgroundCore } from './app';
import { isActiveJob } from './app';
import type { BackgroundDeps } from './deps';
import { readPageCompany } from './page-company';

export async function startJob(
  core: BackgroundCore,
  deps: BackgroundDeps,
  includeReconciled: boolean,
): Promise<Reply<unknown>> {
  const refuse = (text: string) => {
    core.setNotice({ level: 'error', text });
    return fail(text);
  };
  const connection = await core.tokens.getConnection();
  if (!connection || (await core.tokens.getToken()) === undefined)
    return refuse('Connect a company and paste an access token first.');
  const scope = { realmId: connection.realmId, environment: connection.environment };

  const lastPage = await core.selection.lastPage();
  if (lastPage) {
    const page = await readPageCompany(deps.cookies, lastPage.url, lastPage.storeId);
    const pageRealm = page?.realmId ?? lastPage.realmId;
    const pageEnv = page?.environment ?? lastPage.environment;
    if (pageRealm !== scope.realmId || pageEnv !== scope.environment) {
      return refuse(
        `Refused: the QuickBooks page shows company ${pageRealm} (${pageEnv}) but Safe Delete is connected to company ${scope.realmId} (${scope.environment}). Switch one of them so they match.`,
      );
    }
  }
  const existing = await core.latestJob(scope);
  if (existing && isActiveJob(existing)) return refuse('A deletion job is already running for this company.');

  const selected = await core.selection.read(scope);
  const stored = await core.preflightStore.read(scope);
  const keys = Object.keys(selected);
  if (keys.length === 0) return refuse('Nothing is selected.');
  if (!stored || stored.error || keys.some((k) => !stored.rows[k])) {
    void core.preflight.start(scope);
    return refuse('The selection changed since it was checked. Review the new statuses, then try again.');
  }
  const records: ReviewedRecord[] = [];
  for (const key of keys) {
    const row = stored.rows[key];
    if (!row?.reviewed) continue;
    if (row.status === 'ready' || row.status === 'linked') records.push({ record: row.reviewed, reconciled: false });
    else if (row.status === 'reconciled' && includeReconciled) records.push({ record: row.reviewed, reconciled: true });
  }
  if (records.length === 0) return refuse('Nothing is ready to delete.');

  const job = await core.runner.createJob({
    realmId: scope.realmId,
    environment: scope.environment,
    records,
    includeReconciled,
  });
  core.setNotice(undefined);
  await core.runner.start(job.id);
  core.changed();
  return ok(await core.state());
}
