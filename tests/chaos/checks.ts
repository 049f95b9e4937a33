/**
 * The judgements, against the simulator's ground truth and the run's own ledger. Must-be-0 figures:
 * a changed or reconciled record deleted (changed before the runner's last re-read of it), a
 * closed-period record deleted, a delete applied twice, an outcome left unverified, an outcome that
 * contradicts the service, an applied delete missing from the audit log or without its full
 * pre-delete JSON, a duplicated audit line, an unfinished job, an unexpected runner error.
 * A change inside the re-read→delete gap is a race R1 allows: counted apart, never hidden.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AuditEntry } from '../../lib/audit/entry';
import type { JobRecordRow, JobSnapshot } from '../../lib/jobs/types';
import type { GroundTruth } from '../../tools/simulator/api';
import type { Change, Ledger } from './ledger';

export interface CheckInput {
  truth: GroundTruth;
  ledger: Ledger;
  job: JobSnapshot | undefined;
  /** Why the job did not finish, when it did not. */
  stuck?: string;
  rows: readonly JobRecordRow[];
  audit: readonly AuditEntry[];
  /** key → the reviewed JSON (what the user approved) and the last JSON the record had while live. */
  reviewedJson: ReadonlyMap<string, Record<string, unknown>>;
  lastJson: ReadonlyMap<string, Record<string, unknown>>;
  closedKeys: readonly string[];
  runnerErrors: number;
}

export interface Judgement {
  label: string;
  value: number;
  examples: string[];
  /** Set on the restore phase's figures (./restore-checks.ts); the delete phase's have none. */
  phase?: 'restore';
}

export interface Verdict {
  mustBeZero: Judgement[];
  racedEdits: string[];
  racedReconciles: string[];
  /** Changes made while the job ran: before the record's last re-read, inside the gap, or after it. */
  timing: Record<Change['kind'], { beforeReRead: number; raced: number; after: number }>;
  ok: boolean;
}

const isGone = (kind: string) => kind === 'deleted' || kind === 'deletedVerified';
const judgement = (label: string, keys: readonly string[]): Judgement => ({
  label,
  value: keys.length,
  examples: keys.slice(0, 5),
});

/** Where the record's changes fell relative to the runner's last re-read before the delete that applied. */
function placeChanges(ledger: Ledger, key: string): { before: Change[]; raced: Change[] } {
  const lastSend = Math.max(...ledger.sends(key));
  const lastRead = Math.max(-1, ...ledger.reads(key).filter((s) => s < lastSend));
  const earlier = ledger.changes(key).filter((c) => c.seq < lastSend);
  return { before: earlier.filter((c) => c.seq < lastRead), raced: earlier.filter((c) => c.seq > lastRead) };
}

export function judge(input: CheckInput): Verdict {
  const { truth, ledger } = input;
  const deleted = truth.deletedKeys();
  const wrong = { edit: [] as string[], reconcile: [] as string[] };
  const raced = { edit: [] as string[], reconcile: [] as string[] };
  const notSent: string[] = [];
  for (const key of deleted) {
    if (ledger.sends(key).length === 0) notSent.push(key);
    else {
      const { before, raced: inGap } = placeChanges(ledger, key);
      for (const kind of ['edit', 'reconcile'] as const) {
        if (before.some((c) => c.kind === kind)) wrong[kind].push(key);
        else if (inGap.some((c) => c.kind === kind)) raced[kind].push(key);
      }
    }
  }
  const audit = new Map<string, AuditEntry[]>();
  for (const e of input.audit) audit.set(`${e.entity}:${e.id}`, [...(audit.get(`${e.entity}:${e.id}`) ?? []), e]);
  const auditMissing: string[] = [];
  const snapshotMissing: string[] = [];
  for (const key of deleted) {
    const entry = audit.get(key)?.find((e) => isGone(e.outcome));
    if (!entry) auditMissing.push(key);
    else {
      // The full JSON the user approved; unless an edit raced the delete, also the last live version.
      const approved = isDeepStrictEqual(entry.preDeleteJson, input.reviewedJson.get(key));
      const last = raced.edit.includes(key) || isDeepStrictEqual(entry.preDeleteJson, input.lastJson.get(key));
      if (!approved || !last || entry.preDeleteJson.Id === undefined) snapshotMissing.push(key);
    }
  }
  const rows = input.rows;
  const unverified = rows.filter((r) => r.state.kind !== 'final').map((r) => r.key);
  if (input.job && input.job.unverified > 0 && unverified.length === 0)
    unverified.push(`job.unverified=${input.job.unverified}`);
  const contradicting = rows
    .filter((r) => r.state.kind === 'final')
    .filter((r) => {
      const gone = r.state.kind === 'final' && isGone(r.state.outcome.kind);
      return gone ? truth.exists(r.key) : truth.appliedDeletes(r.key) > 0;
    })
    .map((r) => r.key);
  const mustBeZero = [
    judgement('changed records deleted (edited before the re-read)', wrong.edit),
    judgement('reconciled records deleted (reconciled before the re-read)', wrong.reconcile),
    judgement(
      'closed-period records deleted',
      input.closedKeys.filter((k) => truth.appliedDeletes(k) > 0),
    ),
    judgement(
      'deletes applied twice',
      deleted.filter((k) => truth.appliedDeletes(k) > 1),
    ),
    judgement('ambiguous outcomes left unverified', unverified),
    judgement("outcomes contradicting the service's state", contradicting),
    judgement('applied deletes missing from the audit log', auditMissing),
    judgement('applied deletes without the full pre-delete JSON', snapshotMissing),
    judgement(
      'audit lines duplicated',
      [...audit].filter(([, list]) => list.length > 1).map(([k]) => k),
    ),
    judgement('deletes applied that the runner never sent', notSent),
    judgement(
      'job not finished',
      input.job?.status === 'done' && !input.stuck ? [] : [input.stuck ?? String(input.job?.status)],
    ),
    judgement(
      'unexpected runner errors',
      Array.from({ length: input.runnerErrors }, (_, i) => `error ${i + 1}`),
    ),
  ];
  const timingOf = (kind: Change['kind']) => {
    const keys = ledger.changedKeys(kind);
    const during = keys.filter((k) => ledger.changes(k).some((c) => c.kind === kind && c.phase === 'duringJob'));
    const beforeReRead = during.filter((k) => {
      const change = ledger.changes(k).find((c) => c.kind === kind && c.phase === 'duringJob');
      const sends = ledger.sends(k); // a pre-delete re-read comes before the send; verification reads after
      const lastSend = sends.length > 0 ? Math.max(...sends) : Number.POSITIVE_INFINITY;
      return change !== undefined && ledger.reads(k).some((r) => r > change.seq && r < lastSend);
    }).length;
    return { beforeReRead, raced: raced[kind].length, after: during.length - beforeReRead - raced[kind].length };
  };
  return {
    mustBeZero,
    racedEdits: raced.edit,
    racedReconciles: raced.reconcile,
    timing: { edit: timingOf('edit'), reconcile: timingOf('reconcile') },
    ok: mustBeZero.every((j) => j.value === 0),
  };
}
