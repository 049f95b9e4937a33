/**
 * "Restore deleted records" (issue 11 §1), the background's side: the connected company's deleted
 * records (from the audit log, the only copy of each) chosen by the person's filter, planned by
 * lib/restore (create bodies, dependency order, refusals known before any call), said before the
 * click (`restore/preview`), and run as a restore job in the one runner (`restore/start`).
 *
 * Decisions: a record a restore already brought back is never offered again (its audit entry says
 * "restored": restoring it twice would duplicate it), nor one a restore not settled yet holds (a
 * cancelled one still verifying the batch it sent included); one whose restore QuickBooks did not
 * confirm may be back, so it is listed apart and restored only when the person chooses it (with the
 * plan that choice makes, stamped apart); the plan's refusals are part of the job, so
 * the result lists them under "Refused" with their reasons; the chunks are the plan's waves cut by
 * lib/restore/chunks.ts, so a payment is never sent before (or with) the invoice it pays.
 */
import type { AuditEntry } from '../audit/entry';
import type { NameState } from '../domain/names';
import { recordKey } from '../domain/record-key';
import { type CompanyScope, sameScope, stampOf } from '../domain/scope';
import { isUnsettled } from '../jobs/lifecycle';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { RestorePlanView, RestorePreviewRecord } from '../messaging/restore-view';
import type { PopupState, RestoreFilter, RestorePreview } from '../messaging/views';
import type { QboClient } from '../qbo/client-api';
import { restoreChunks } from '../restore/chunks';
import { RESTORE_READS, restorableOf, unconfirmedOf } from '../restore/entry';
import { CANNOT_COME_BACK, planRestore, type RestorePlan } from '../restore/plan';
import { idsByNameType } from '../restore/refs';
import { narrowEntries } from '../restore/select';
import type { BackgroundCore } from './app';
import type { BackgroundDeps } from './deps';
import { connectedScope, JOB_RUNNING, jobInTheWay } from './start-guard';
import { refuseForRoom } from './storage-room';

type Scope = CompanyScope;

export const NOTHING_TO_RESTORE = 'No deleted record matches: nothing to restore.';
export const ONLY_UNCONFIRMED =
  'The records that match may already be back in QuickBooks: check there, then choose to restore them again.';

/**
 * Record keys a restore of the company not settled yet holds (one that may still send, or a
 * cancelled one still verifying the batch it sent): no other plan may offer them.
 */
async function restoringNow(core: BackgroundCore, scope: Scope): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const job of await core.runner.listJobs()) {
    if (job.operation !== 'restore' || !isUnsettled(job) || !sameScope(job, scope)) continue;
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

/** What a restore of a filter could do: with or without the records that may already be back. */
export interface Plans {
  /** The deleted records not restored yet, and not held by a restore that has not settled. */
  plain: RestorePlan;
  /** The records whose restore QuickBooks did not confirm: they may already be back. */
  unconfirmed: AuditEntry[];
  /** `plain` with `unconfirmed` too: only when the filter matches some. */
  withUnconfirmed?: RestorePlan;
}

/** The company's plans for `filter`, the closed period and the names read live, once for both. */
async function planFor(core: BackgroundCore, scope: Scope, filter: RestoreFilter): Promise<Plans | string> {
  // Only this company's deletions and restorations are read from the log.
  const log = await core.audit.readCompany(scope, { outcomes: RESTORE_READS });
  const restoring = await restoringNow(core, scope);
  const deleted = restorableOf(log, restoring);
  const unsure = unconfirmedOf(log, restoring);
  const chosen = narrowEntries(deleted, filter);
  const unconfirmed = narrowEntries(unsure, filter);
  if (chosen.length === 0 && unconfirmed.length === 0) return NOTHING_TO_RESTORE;
  const client = core.clientFor(scope.realmId, scope.environment);
  const prefs = await client.readPreferences();
  if (prefs.kind !== 'ok') return 'QuickBooks did not answer when asked for its closing date. Try again in a moment.';
  const names = await namesNow(client, [...chosen, ...unconfirmed]);
  if (!names) {
    return 'QuickBooks did not answer when asked which customers, vendors, products and accounts are still active. Try again in a moment.';
  }
  // A record left out of a plan (not chosen, or maybe back) is deleted as far as its old Id goes.
  const everyDeleted = [...deleted, ...unsure].map((e) => recordKey(e.entity, e.id));
  const plan = (entries: readonly AuditEntry[]) => {
    const keys = new Set(entries.map((e) => recordKey(e.entity, e.id)));
    return planRestore(entries, {
      bookCloseDate: prefs.bookCloseDate,
      names: (type, id) => names.get(`${type}/${id}`),
      deletedElsewhere: everyDeleted.filter((k) => !keys.has(k)),
    });
  };
  return {
    plain: plan(chosen),
    unconfirmed,
    ...(unconfirmed.length > 0 ? { withUnconfirmed: plan([...chosen, ...unconfirmed]) } : {}),
  };
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

function recordOf(key: string, r: Omit<RestorePreviewRecord, 'key' | 'entity' | 'id'>): RestorePreviewRecord {
  return {
    key,
    ...entityAndId(key),
    docNumber: r.docNumber,
    party: r.party,
    txnDate: r.txnDate,
    amount: r.amount,
    currency: r.currency,
  };
}

function planView(plan: RestorePlan): RestorePlanView {
  const byEntity: RestorePreview['byEntity'] = {};
  const amounts: RestorePreview['amounts'] = {};
  for (const r of plan.records) {
    byEntity[r.entity] = (byEntity[r.entity] ?? 0) + 1;
    // In cents, so a sum of many records says what QuickBooks would (no float dust).
    if (r.amount !== undefined && Number.isFinite(r.amount)) {
      const c = r.currency ?? 'USD';
      amounts[c] = Math.round(((amounts[c] ?? 0) + r.amount) * 100) / 100;
    }
  }
  const docNumbers = new Map(plan.records.map((r) => [r.oldKey, r.docNumber]));
  return {
    willRestore: plan.records.length,
    byEntity,
    amounts,
    refused: plan.refused.map((r) => ({ ...recordOf(r.oldKey, r), reason: r.reason })),
    withDocNumbers: [...docNumbers.values()].filter(Boolean).length,
  };
}

export function previewOf({ plain, unconfirmed, withUnconfirmed }: Plans, scope: Scope): RestorePreview {
  return {
    ...planView(plain),
    cannotComeBack: [...CANNOT_COME_BACK],
    scope: { ...scope, stamp: planStamp(plain) },
    ...(withUnconfirmed
      ? {
          unconfirmed: {
            records: unconfirmed.map((e) => recordOf(recordKey(e.entity, e.id), e)),
            ifRestored: { ...planView(withUnconfirmed), stamp: planStamp(withUnconfirmed) },
          },
        }
      : {}),
  };
}

export async function previewRestore(
  core: BackgroundCore,
  filter: RestoreFilter,
  shown: CompanyScope,
): Promise<Reply<RestorePreview>> {
  const scope = await connectedScope(core, shown);
  if (typeof scope === 'string') return fail(scope);
  const plans = await planFor(core, scope, filter);
  return typeof plans === 'string' ? fail(plans) : ok(previewOf(plans, scope));
}

export function startRestore(
  core: BackgroundCore,
  deps: BackgroundDeps,
  filter: RestoreFilter,
  allowDuplicateDocNumbers: boolean,
  shown: CompanyScope & { stamp: string },
  includeUnconfirmed = false,
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
    const plans = await planFor(core, scope, filter);
    if (typeof plans === 'string') return refuse(plans);
    // The records that may be back go only with the person's choice, and then with that plan's stamp.
    const plan = (includeUnconfirmed && plans.withUnconfirmed) || plans.plain;
    if (plan.records.length === 0 && plan.refused.length === 0) {
      return refuse(plans.unconfirmed.length > 0 ? ONLY_UNCONFIRMED : NOTHING_TO_RESTORE);
    }
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
