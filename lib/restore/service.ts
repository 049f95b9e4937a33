/**
 * "Restore deleted records": the connected company's deleted records (from the audit log, the only
 * copy of each) chosen by the person's filter, planned (create bodies, dependency order, refusals
 * known before any call), said before the click (`preview`), and started as a restore job
 * (`start`, through the one start path: the start policy, the company's lock, the runner).
 *
 * Decisions: a record a restore already brought back is never offered again (its audit entry says
 * "restored": restoring it twice would duplicate it), nor one a restore not settled yet holds (a
 * cancelled one still verifying the batch it sent included); one whose restore QuickBooks did not
 * confirm may be back, so it is listed apart and restored only when the person chooses it (with the
 * plan that choice makes, stamped apart); the plan's refusals are part of the job, so the result
 * lists them under "Refused" with their reasons; the chunks are the plan's waves cut by
 * ./chunks.ts, so a payment is never sent before (or with) the invoice it pays.
 *
 * Its dependencies are narrow doors: the company's log entries, the keys unsettled restores hold,
 * the company's two reads, and the start path (lib/background/start-job.ts), so this folder imports
 * neither the audit log nor the runner.
 */
import { type AttachmentMeta, isNoteOnly } from '../domain/attachments';
import type { NameState } from '../domain/names';
import { type RecordKey, recordKey } from '../domain/record-key';
import { type CompanyScope, stampOf } from '../domain/scope';
import { fail, ok, type Reply } from '../messaging/protocol';
import type { RestorePlanView, RestorePreviewRecord } from '../messaging/restore-view';
import type { PopupState, RestoreFilter, RestorePreview } from '../messaging/views';
import type { QboClient } from '../qbo/client-api';
import { restoreChunks } from './chunks';
import { RESTORE_READS, type RestoreEntry, restorableOf, unconfirmedOf } from './entry';
import { CANNOT_COME_BACK, planRestore, type RestorePlan } from './plan';
import { idsByNameType } from './refs';
import { narrowEntries } from './select';

/** Why a restore could not be planned. */
export type RestoreServiceRefusal =
  | { code: 'nothingToRestore' }
  | { code: 'closingDateUnread' }
  | { code: 'namesUnread' };

/** What the start policy decides a restore's start on (lib/jobs/start-policy.ts RestoreRequest's plan). */
export interface RestoreStartPlan {
  chunks: ReturnType<typeof restoreChunks>;
  /** The records the plan would restore and refuse. */
  size: number;
  stamp: string;
  /** Records left out that may already be back. */
  unconfirmed: number;
}

/** The one start path, as the restore uses it. */
export interface RestoreStarts {
  /** The company the view showed, when it is still open and connected; else the refusal in words. */
  connected(shown: CompanyScope): Promise<Reply<CompanyScope>>;
  /** Under the company's lock: the policy's gates, then `plan` for the connected company, then the job. */
  start(
    shown: CompanyScope & { stamp: string },
    allowDuplicateDocNumbers: boolean,
    plan: (scope: CompanyScope) => Promise<RestoreStartPlan | RestoreServiceRefusal>,
  ): Promise<Reply<PopupState>>;
  /** A restore refusal in words (the preview's). */
  refusal(refusal: RestoreServiceRefusal): Promise<string>;
}

export interface RestoreServiceDeps {
  /** The company's deletions and restorations from the audit log (`outcomes`: the outcomes to read). */
  readLog(scope: CompanyScope, outcomes: readonly string[]): Promise<readonly RestoreEntry[]>;
  /** Record keys a restore of the company not settled yet holds: no other plan may offer them. */
  heldByRestores(scope: CompanyScope): Promise<ReadonlySet<string>>;
  /** The company's reads: its closing date and the names the records refer to. */
  reads(scope: CompanyScope): Pick<QboClient, 'readPreferences' | 'readNames'>;
  starts: RestoreStarts;
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
  unconfirmed: RestoreEntry[];
  /** `plain` with `unconfirmed` too: only when the filter matches some. */
  withUnconfirmed?: RestorePlan;
  /** The chosen records' attachments when deleted (metadata), by old key: the preview names them. */
  attachments?: ReadonlyMap<RecordKey, readonly AttachmentMeta[]>;
}

/** What the service shows now for every name the chosen records refer to, or undefined when a read failed. */
async function namesNow(
  reads: Pick<QboClient, 'readNames'>,
  chosen: readonly RestoreEntry[],
): Promise<Map<string, NameState> | undefined> {
  const names = new Map<string, NameState>();
  for (const [type, ids] of idsByNameType(chosen.map((e) => e.preDeleteJson))) {
    const read = await reads.readNames(type, ids);
    if (read.kind !== 'ok') return undefined;
    for (const name of read.names) names.set(`${type}/${name.id}`, name);
  }
  return names;
}

function entityAndId(key: string) {
  const at = key.indexOf(':');
  return { entity: key.slice(0, at) as RestoreEntry['entity'], id: key.slice(at + 1) };
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

/** The planned records that carry attachments: their files' names and how many notes. */
function withAttachments(
  plan: RestorePlan,
  attachments: ReadonlyMap<RecordKey, readonly AttachmentMeta[]>,
): NonNullable<RestorePlanView['withAttachments']> {
  return plan.records.flatMap((r) => {
    const kept = attachments.get(r.oldKey) ?? [];
    if (kept.length === 0) return [];
    const files = kept.flatMap((a) => (isNoteOnly(a) ? [] : [a.fileName ?? '']));
    return [{ ...recordOf(r.oldKey, r), files, notes: kept.length - files.length }];
  });
}

function planView(plan: RestorePlan, attachments: Plans['attachments'] = new Map()): RestorePlanView {
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
    refused: plan.refused.map((r) => ({ ...recordOf(r.oldKey, r), why: r.why })),
    withDocNumbers: [...docNumbers.values()].filter(Boolean).length,
    withAttachments: withAttachments(plan, attachments),
  };
}

export function previewOf(
  { plain, unconfirmed, withUnconfirmed, attachments }: Plans,
  scope: CompanyScope,
): RestorePreview {
  return {
    ...planView(plain, attachments),
    cannotComeBack: [...CANNOT_COME_BACK],
    scope: { ...scope, stamp: planStamp(plain) },
    ...(withUnconfirmed
      ? {
          unconfirmed: {
            records: unconfirmed.map((e) => recordOf(recordKey(e.entity, e.id), e)),
            ifRestored: { ...planView(withUnconfirmed, attachments), stamp: planStamp(withUnconfirmed) },
          },
        }
      : {}),
  };
}

export function createRestoreService(deps: RestoreServiceDeps) {
  /** The company's plans for `filter`, the closing date and the names read live, once for both. */
  async function planFor(scope: CompanyScope, filter: RestoreFilter): Promise<Plans | RestoreServiceRefusal> {
    // Only this company's deletions and restorations are read from the log.
    const log = await deps.readLog(scope, RESTORE_READS);
    const restoring = await deps.heldByRestores(scope);
    const deleted = restorableOf(log, restoring);
    const unsure = unconfirmedOf(log, restoring);
    const chosen = narrowEntries(deleted, filter);
    const unconfirmed = narrowEntries(unsure, filter);
    if (chosen.length === 0 && unconfirmed.length === 0) return { code: 'nothingToRestore' };
    const reads = deps.reads(scope);
    const prefs = await reads.readPreferences();
    if (prefs.kind !== 'ok') return { code: 'closingDateUnread' };
    const names = await namesNow(reads, [...chosen, ...unconfirmed]);
    if (!names) return { code: 'namesUnread' };
    // A record left out of a plan (not chosen, or maybe back) is deleted as far as its old Id goes.
    const everyDeleted: RecordKey[] = [...deleted, ...unsure].map((e) => recordKey(e.entity, e.id));
    const plan = (entries: readonly RestoreEntry[]) => {
      const keys = new Set(entries.map((e) => recordKey(e.entity, e.id)));
      return planRestore(entries, {
        bookCloseDate: prefs.bookCloseDate,
        names: (type, id) => names.get(`${type}/${id}`),
        deletedElsewhere: everyDeleted.filter((k) => !keys.has(k)),
      });
    };
    const attachments = new Map(
      [...chosen, ...unconfirmed].flatMap((e) =>
        e.attachments?.length ? [[recordKey(e.entity, e.id), e.attachments] as const] : [],
      ),
    );
    return {
      plain: plan(chosen),
      unconfirmed,
      attachments,
      ...(unconfirmed.length > 0 ? { withUnconfirmed: plan([...chosen, ...unconfirmed]) } : {}),
    };
  }

  return {
    /** What a restore of `filter` would do, for the company the view showed. */
    async preview(filter: RestoreFilter, shown: CompanyScope): Promise<Reply<RestorePreview>> {
      const scope = await deps.starts.connected(shown);
      if (!scope.ok) return scope;
      const plans = await planFor(scope.data, filter);
      if ('code' in plans) return fail(await deps.starts.refusal(plans));
      return ok(previewOf(plans, scope.data));
    },

    /**
     * "Restore N records": the plan the preview showed (`shown.stamp`), with the records that may be
     * back only when the person chose them (`includeUnconfirmed`), and then with that plan's stamp.
     */
    start(
      filter: RestoreFilter,
      allowDuplicateDocNumbers: boolean,
      shown: CompanyScope & { stamp: string },
      includeUnconfirmed = false,
    ): Promise<Reply<PopupState>> {
      return deps.starts.start(shown, allowDuplicateDocNumbers, async (scope) => {
        const plans = await planFor(scope, filter);
        if ('code' in plans) return plans;
        const plan = (includeUnconfirmed && plans.withUnconfirmed) || plans.plain;
        return {
          chunks: restoreChunks(plan),
          size: plan.records.length + plan.refused.length,
          stamp: planStamp(plan),
          unconfirmed: plans.unconfirmed.length,
        };
      });
    },
  };
}
export type RestoreService = ReturnType<typeof createRestoreService>;
