/**
 * The restore phase's judgements, against the simulator's ground truth (what it created, how many
 * times each create was applied, the records as it holds them) and the job's own outcomes and audit
 * lines. Must-be-0 figures: a create applied twice or a created record no restored outcome names
 * (a duplicate), an old record with two new ones (restored twice), a restored record that does not
 * match its snapshot, a restored outcome whose new record does not exist, a record in the closed
 * period created (or planned for creation), an outcome left unverified, a restore missing from the
 * audit log or logged twice, an unfinished job, an unexpected runner error.
 */
import type { AuditEntry } from '../../lib/audit/entry';
import type { Entity } from '../../lib/domain/entities';
import type { JobRecordRow, JobSnapshot } from '../../lib/jobs/types';
import type { JsonObject } from '../../lib/restore/kinds';
import { linkedKeys } from '../../lib/restore/links';
import type { RestorePlan } from '../../lib/restore/plan';
import { createBody } from '../../lib/restore/strip';
import type { GroundTruth } from '../../tools/simulator/api';
import type { Judgement } from './checks';
import { snapshotMismatches } from './restore-match';

export interface RestoreCheckInput {
  truth: GroundTruth;
  /** The live record as the service holds it. */
  record(key: string): Record<string, unknown> | undefined;
  /** How many records the company had created before the restore job (the delete phase creates none). */
  createdBefore: number;
  plan: RestorePlan;
  /** Old key → the audit entry (the deletion) it was planned from: its snapshot. */
  snapshots: ReadonlyMap<string, AuditEntry>;
  /** The close date the plan was made with, and the latest one in force before the job's first create. */
  planCloseDate?: string;
  closedThrough?: string;
  job: JobSnapshot | undefined;
  stuck?: string;
  rows: readonly JobRecordRow[];
  /** The whole audit log after the restore (every job's lines). */
  audit: readonly AuditEntry[];
  runnerErrors: number;
}

export interface RestoreVerdict {
  mustBeZero: Judgement[];
  /** Old key → new Id, from the job's restored outcomes. */
  newIds: Map<string, string>;
  created: number;
  /** Links of restored records to restored targets, checked to name the target's NEW Id. */
  linksToRestored: number;
}

const entityOf = (key: string) => key.slice(0, key.indexOf(':')) as Entity;
const judgement = (label: string, keys: readonly string[], value = keys.length): Judgement => ({
  label: `restore: ${label}`,
  value,
  examples: keys.slice(0, 5),
  phase: 'restore',
});

/** A created record's likeness, to tell which old record a stray create re-made. */
function fingerprint(entity: string, json: Record<string, unknown> | undefined): string {
  const ref = (v: unknown) => (v && typeof v === 'object' ? (v as { value?: unknown }).value : v);
  return JSON.stringify([
    entity,
    json?.DocNumber,
    json?.TxnDate,
    json?.PrivateNote,
    ref(json?.CustomerRef),
    ref(json?.VendorRef),
  ]);
}

export function judgeRestore(input: RestoreCheckInput): RestoreVerdict {
  const { truth, plan, snapshots } = input;
  const created = truth.createdKeys().slice(input.createdBefore);
  const createdSet = new Set(created);
  const newIds = new Map<string, string>();
  for (const row of input.rows)
    if (row.state.kind === 'final' && row.state.outcome.kind === 'restored')
      newIds.set(row.key, row.state.outcome.newId);
  const newKey = (oldKey: string, id: string) => `${entityOf(oldKey)}:${id}`;
  const named = new Set([...newIds].map(([old, id]) => newKey(old, id)));

  // Duplicates: a create applied twice, or a created record that no restored outcome names.
  const appliedTwice = created.filter((k) => truth.appliedCreates(k) > 1);
  const strays = created.filter((k) => !named.has(k));
  const excess = Math.max(strays.length, created.length - newIds.size);
  const duplicates = judgement(
    'duplicates created (applied twice, or created > restored)',
    [...appliedTwice.map((k) => `${k} applied ${truth.appliedCreates(k)}×`), ...strays.map((k) => `${k} (no outcome)`)],
    appliedTwice.length + excess,
  );

  // Restored twice: an old key with two new records (outcomes, every restore's audit lines, stray creates).
  const byOld = new Map<string, Set<string>>();
  const add = (old: string, key: string) => byOld.set(old, (byOld.get(old) ?? new Set()).add(key));
  for (const [old, id] of newIds) add(old, newKey(old, id));
  for (const e of input.audit)
    if (e.outcome === 'restored' && e.newId && e.realmId === plan.company?.realmId)
      add(`${e.entity}:${e.id}`, `${e.entity}:${e.newId}`);
  const oldByPrint = new Map<string, string[]>();
  for (const [old, entry] of snapshots) {
    // As the restore sent it (the note carries its mark of the old Id), so a stray copy still matches.
    const print = fingerprint(entry.entity, createBody(entry.entity, entry.preDeleteJson));
    oldByPrint.set(print, [...(oldByPrint.get(print) ?? []), old]);
  }
  for (const stray of strays)
    for (const old of oldByPrint.get(fingerprint(entityOf(stray), input.record(stray))) ?? []) add(old, stray);
  const twice = [...byOld]
    .filter(([, keys]) => keys.size > 1)
    .map(([old, keys]) => `${old} → ${[...keys].join(' + ')}`);

  // Every restored outcome: its new record exists, was created by this restore, and matches its snapshot.
  const missing: string[] = [];
  const mismatched: string[] = [];
  const inSet = new Set<string>(plan.restoreSet);
  const targets = { newIdOf: (old: string) => newIds.get(old), inRestoreSet: (old: string) => inSet.has(old) };
  let linksToRestored = 0;
  for (const [old, id] of newIds) {
    const key = newKey(old, id);
    const now = input.record(key);
    if (!now || !truth.exists(key) || !createdSet.has(key)) {
      missing.push(`${old} → ${key}`);
      continue;
    }
    const snapshot = snapshots.get(old)?.preDeleteJson as JsonObject | undefined;
    const diffs = snapshot ? snapshotMismatches(entityOf(old), snapshot, now, targets) : ['no snapshot'];
    if (snapshot)
      linksToRestored += linkedKeys(createBody(entityOf(old), snapshot)).filter((k) => newIds.has(k)).length;
    if (diffs.length > 0) mismatched.push(`${old} → ${id}: ${diffs.join(', ')}`);
  }

  // The closed period: nothing dated in it created; the plan refused what it already covered.
  const through = input.closedThrough;
  const closedCreated = through
    ? created.filter((k) => String(input.record(k)?.TxnDate ?? '') <= through && input.record(k) !== undefined)
    : [];
  for (const [old, id] of newIds) {
    const date = snapshots.get(old)?.preDeleteJson.TxnDate;
    if (through && typeof date === 'string' && date <= through && !closedCreated.includes(newKey(old, id)))
      closedCreated.push(newKey(old, id));
  }
  const planClose = input.planCloseDate;
  const closedPlanned = planClose
    ? plan.records.filter((r) => (r.txnDate ?? '') <= planClose).map((r) => r.oldKey)
    : [];

  const unverified = input.rows.filter((r) => r.state.kind !== 'final').map((r) => r.key);
  if (input.job && input.job.unverified > 0 && unverified.length === 0)
    unverified.push(`job.unverified=${input.job.unverified}`);

  // The audit log keeps the mapping: one 'restored' line per restored record, with its new Id.
  const jobLines = input.audit.filter((e) => e.jobId === input.job?.id && e.outcome === 'restored');
  const audited = new Map<string, string[]>();
  for (const e of jobLines)
    audited.set(`${e.entity}:${e.id}`, [...(audited.get(`${e.entity}:${e.id}`) ?? []), e.newId ?? '']);
  const auditWrong = [...newIds]
    .filter(([old, id]) => audited.get(old)?.length !== 1 || audited.get(old)?.[0] !== id)
    .map(([old, id]) => `${old} → ${id}: audit ${JSON.stringify(audited.get(old) ?? [])}`);
  for (const old of audited.keys()) if (!newIds.has(old)) auditWrong.push(`${old}: audited, not restored`);

  const mustBeZero = [
    duplicates,
    judgement('records restored twice (an old record with two new ones)', twice),
    judgement('restored records not matching their snapshot', mismatched),
    judgement('restored outcomes whose new record does not exist', missing),
    judgement('closed-period records created', closedCreated),
    judgement('closed-period records planned for creation', closedPlanned),
    judgement('ambiguous restores left unverified', unverified),
    judgement('restores missing from the audit log (or logged twice)', auditWrong),
    judgement(
      'restore job not finished',
      input.job?.status === 'done' && !input.stuck ? [] : [input.stuck ?? String(input.job?.status)],
    ),
    judgement(
      'unexpected runner errors during the restore',
      Array.from({ length: input.runnerErrors }, (_, i) => `error ${i + 1}`),
    ),
  ];
  return { mustBeZero, newIds, created: created.length, linksToRestored };
}
