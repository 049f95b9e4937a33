/**
 * "Restore deleted records" (issue 11 §1), the background's side: the connected company's deleted
 * records (from the audit log, the only copy of each) chosen by the person's filter, planned by
 * lib/restore (create bodies, dependency order, refusals known before any call), said before the
 * click (`restore/preview`), and run as a restore job in the one runner (`restore/start`).
 *
 * Decisions: a record a restore already brought back is never offered again (its audit entry says
 * "restored": restoring it twice would duplicate it); the plan's refusals are part of the job, so
 * the result lists them under "Refused" with their reasons; the chunks are the plan's waves cut by
 * lib/restore/chunks.ts, so a payment is never sent before (or with) the invoice it pays.
 */
import type { AuditEntry } from '../audit/entry';
import type { NameState } from '../domain/names';
import { recordKey } from '../domain/record-key';
import { type CompanyScope, sameScope, stampOf } from '../domain/scope';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { PopupState, RestoreFilter, RestorePreview } from '../messaging/views';
import type { QboClient } from '../qbo/client-api';
import { restoreChunks } from '../restore/chunks';
import { RESTORE_READS, restorableOf } from '../restore/entry';
import { CANNOT_COME_BACK, planRestore, type RestorePlan } from '../restore/plan';
import { idsByNameType } from '../restore/refs';
import { narrowEntries } from '../restore/select';
import type { BackgroundCore } from './app';
import { isActiveJob } from './app';
import type { BackgroundDeps } from './deps';
import { connectedScope, JOB_RUNNING, jobInTheWay } from './start-guard';
import { refuseForRoom } from './storage-room';

type Scope = CompanyScope;

/** Record keys an active restore of the company is bringing back: no other plan may offer them. */
async function restoringNow(core: BackgroundCore, scope: Scope): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const job of await core.runner.listJobs()) {
    if (job.operation !== 'restore' || !isActiveJob(job) || !sameScope(job, scope)) continue;
    for (const row of await core.runner.getRecords(job.id)) keys.add(row.key);
  }
  return keys;
}

/** The stamp of a plan: what it would restore and refuse. The preview's must match the start's. */
export function planStamp(plan: RestorePlan): string {
  return stampOf([
    ...plan.records.map((r) => `+${r.oldKey}`).sort(),
    ...plan.refused.map((r) => `-${r.oldKey}`).sort(),
  ]);
}

/** The company's plan for `filter`: deleted records not restored yet, the closed period read live. */
async function planFor(core: BackgroundCore, scope: Scope, filter: RestoreFilter): Promise<RestorePlan | string> {
  // Only this company's deletions and restorations are read from the log.
  const log = await core.audit.readCompany(scope, { outcomes: RESTORE_READS });
  const deleted = restorableOf(log, await restoringNow(core, scope));
  const chosen = narrowEntries(deleted, filter);
  if (chosen.length === 0) return 'No deleted record matches: nothing to restore.';
  const chosenKeys = new Set(chosen.map((e) => recordKey(e.entity, e.id)));
  const client = core.clientFor(scope.realmId, scope.environment);
  const prefs = await client.readPreferences();
  if (prefs.kind !== 'ok') return 'QuickBooks did not answer when asked for its closing date. Try again in a moment.';
  const names = await namesNow(client, chosen);
  if (!names) {
    return 'QuickBooks did not answer when asked which customers, vendors, products and accounts are still active. Try again in a moment.';
  }
  return planRestore(chosen, {
    bookCloseDate: prefs.bookCloseDate,
    names: (type, id) => names.get(`${type}/${id}`),
    deletedElsewhere: deleted.map((e) => recordKey(e.entity, e.id)).filter((k) => !chosenKeys.has(k)),
  });
}

/** What the service shows now for every name the chosen records refer to, or undefined when a read failed. */
async function namesNow(client: QboClient, chosen: readonly AuditEntry[]): Promise<Map<string, NameState> | undefined> {
  const names = new Map<string, NameState>();
  for (const [type, ids] of idsByNameType(chosen.map((e) => e.preDeleteJson))) {
    const read = await client.readNames(type, ids);
    if (read.kind !== 'ok') return undefined;
    for (const name of read.names) names.set(`${type}/${name.id}`, name);
  }
  return names;
}

function entityAndId(key: string) {
  const at = key.indexOf(':');
  return { entity: key.slice(0, at) as AuditEntry['entity'], id: key.slice(at + 1) };
}

export function previewOf(plan: RestorePlan, scope: Scope): RestorePreview {
  const byEntity: RestorePreview['byEntity'] = {};
  for (const r of plan.records) byEntity[r.entity] = (byEntity[r.entity] ?? 0) + 1;
  const docNumbers = new Map(plan.records.map((r) => [r.oldKey, r.docNumber]));
  return {
    willRestore: plan.records.length,
    byEntity,
    refused: plan.refused.map((r) => ({
      key: r.oldKey,
      ...entityAndId(r.oldKey),
      docNumber: r.docNumber,
      party: r.party,
      txnDate: r.txnDate,
      amount: r.amount,
      currency: r.currency,
      reason: r.reason,
    })),
    cannotComeBack: [...CANNOT_COME_BACK],
    withDocNumbers: [...docNumbers.values()].filter(Boolean).length,
    scope: { ...scope, stamp: planStamp(plan) },
  };
}

export async function previewRestore(
  core: BackgroundCore,
  filter: RestoreFilter,
  shown: CompanyScope,
): Promise<Reply<RestorePreview>> {
  const scope = await connectedScope(core, shown);
  if (typeof scope === 'string') return fail(scope);
  const plan = await planFor(core, scope, filter);
  return typeof plan === 'string' ? fail(plan) : ok(previewOf(plan, scope));
}

export function startRestore(
  core: BackgroundCore,
  deps: BackgroundDeps,
  filter: RestoreFilter,
  allowDuplicateDocNumbers: boolean,
  shown: CompanyScope & { stamp: string },
): Promise<Reply<PopupState>> {
  // Under the company's lock: two views pressing "Restore" together create each record once.
  return core.startLock.run(shown, async () => {
    const refuse = (text: string) => {
      core.setNotice({ level: 'error', text }, shown);
      return fail(text);
    };
    const scope = await connectedScope(core, shown);
    if (typeof scope === 'string') return refuse(scope);
    const inTheWay = await jobInTheWay(core, scope, { unclosedRun: false });
    if (inTheWay) return refuse(inTheWay);
    const plan = await planFor(core, scope, filter);
    if (typeof plan === 'string') return refuse(plan);
    if (planStamp(plan) !== shown.stamp) {
      return refuse('What this restore would bring back changed since the preview. Preview it again, then restore.');
    }
    const chunks = restoreChunks(plan);
    const noRoom = refuseForRoom(chunks.flat(), await deps.estimateStorage?.().catch(() => undefined));
    if (noRoom) return refuse(noRoom);
    const made = await core.runner.tryCreateJob({
      ...scope,
      operation: 'restore',
      records: [],
      chunks,
      allowDuplicateDocNumbers,
    });
    if (made.kind === 'busy') return refuse(JOB_RUNNING);
    core.setNotice(undefined);
    await core.runner.start(made.job.id);
    core.changed();
    return ok(await core.state());
  });
}
