/**
 * The restore phase of a chaos run (issue 11): once the delete job is judged, the accountant closes
 * a further period, and the bookkeeper restores every record the audit log shows deleted. The plan is
 * made with the close date as the service then has it (records in it come out refused, not created);
 * at the restore job's first step the accountant closes a little more (the service refuses those
 * creates). The job is driven under the same chaos as the delete job (./chaos-events.ts, a PhasePlan
 * of its own from the run's one PRNG): worker kills at step boundaries (one forced right after a
 * send, before its answer is read) and between an alarm and its firing, 5xx (half after applying)
 * and dropped connections on the batch calls that carry the creates, the token expiring, a
 * neighbour's throttle storm. Then judged by ./restore-checks.ts against the simulator's ground truth.
 */
import type { AuditEntry } from '../../lib/audit/entry';
import type { RestoreRefusal } from '../../lib/domain/refusals';
import type { RunnerHooks } from '../../lib/jobs/types';
import { restoreChunks } from '../../lib/restore/chunks';
import { isDeletedOutcome } from '../../lib/restore/entry';
import { planRestore } from '../../lib/restore/plan';
import type { RequestLogEntry } from '../../tools/simulator/api';
import type { Prng } from '../../tools/simulator/prng';
import { type ChaosTally, createChaosEvents } from './chaos-events';
import type { Judgement } from './checks';
import { type ChaosHarness, drive } from './harness';
import { type LogFigures, logFigures } from './log-figures';
import { judgeRestore } from './restore-checks';
import { type ChaosOptions, planPhase, SHARES } from './scenario';

export interface RestorePhaseResult {
  /** Deleted records in the audit log: what the restore set out to bring back. */
  deleted: number;
  /** The close date the plan was made with, and the one set at the job's first step. */
  closeDates: { atPlan?: string; duringJob?: string };
  planned: number;
  /** The plan's refusals (no call made), by reason. */
  refusedByReason: Record<string, number>;
  jobTotal: number;
  chunks: number;
  /** The job's outcomes; `refused` split by fault code. */
  counts: Record<string, number>;
  /** Records the service created during the restore. */
  created: number;
  /** Links of restored records to restored targets, each checked to name the target's NEW Id. */
  linksToRestored: number;
  /** Create batches the service answered from the answer kept under their requestid. */
  replayed: number;
  /**
   * After a lost answer: the reads that looked for the records before any re-send (MetaData.CreateTime
   * queries, count and pages), and the create batches sent again under a requestid already sent —
   * answered from the kept answer, applied again ('ignored'), or refused with 6000 ('fault6000').
   */
  lostAnswers: { looks: number; resent: number; replayed: number; appliedAgain: number; answered6000: number };
  tally: ChaosTally;
  log: LogFigures;
  simulatedMs: number;
  mustBeZero: Judgement[];
}

/** The tally's name for each refusal code the plan gives (others are tallied by their code). */
const REASONS: Readonly<Record<string, string>> = {
  closedPeriod: 'closedPeriod',
  linkedRefused: 'linkedToRefused',
  linkedDeletedElsewhere: 'linkedToDeletedElsewhere',
  listedTwice: 'listedTwice',
  copyUnreadable: 'unusableSnapshot',
  copyOfAnother: 'unusableSnapshot',
  copyUndated: 'unusableSnapshot',
  otherCompany: 'otherCompany',
};
const reasonOf = (why: RestoreRefusal) => REASONS[why.code] ?? `other (${why.code})`;
const tallyOf = (names: readonly string[]) => {
  const out: Record<string, number> = {};
  for (const n of names) out[n] = (out[n] ?? 0) + 1;
  return out;
};

/** The dates the accountant closes through: A before planning, B at the job's first step (A < B). */
function closeDatesFor(deleted: readonly AuditEntry[]): { atPlan?: string; duringJob?: string } {
  const dates = deleted
    .map((e) => e.preDeleteJson.TxnDate)
    .filter((d): d is string => typeof d === 'string')
    .sort();
  if (dates.length < 3) return {};
  const a = Math.max(0, Math.round(dates.length * SHARES.closedBeforeRestore) - 1);
  const b = a + Math.max(1, Math.round(dates.length * SHARES.closedDuringRestore));
  const atPlan = dates[a];
  return { atPlan, duringJob: dates.slice(b).find((d) => atPlan !== undefined && d > atPlan) };
}

/** The restore's looks before re-sending and its re-sends, read from the service's request log. */
function lostAnswerFigures(log: readonly RequestLogEntry[]): RestorePhaseResult['lostAnswers'] {
  const sent = new Set<string>();
  const applied = new Set<string>(); // reached the service's handler: the requestid is known there
  const out = { looks: 0, resent: 0, replayed: 0, appliedAgain: 0, answered6000: 0 };
  for (const e of log) {
    if (e.endpoint === 'query' && decodeURIComponent(e.path).includes('MetaData.CreateTime')) out.looks += 1;
    const id = e.endpoint === 'batch' && e.body?.includes('"create"') ? /requestid=([^&]+)/.exec(e.path)?.[1] : null;
    if (!id) continue;
    const reached = e.fault ? e.fault.endsWith('-after') : e.status === 200 || e.status === 400;
    if (sent.has(id)) {
      out.resent += 1;
      if (e.replayed) out.replayed += 1;
      else if (applied.has(id) && e.status === 400) out.answered6000 += 1;
      else if (applied.has(id) && reached) out.appliedAgain += 1;
    }
    sent.add(id);
    if (reached) applied.add(id);
  }
  return out;
}

export async function runRestorePhase(
  h: ChaosHarness,
  rng: Prng,
  options: Pick<ChaosOptions, 'kills'>,
  setBeforeStep: (hook: RunnerHooks['beforeStep']) => void,
): Promise<RestorePhaseResult> {
  const { sim, realmId, clock } = h;
  const entries = (await h.audit.read()).entries;
  const deleted = entries.filter((e) => e.realmId === realmId && isDeletedOutcome(e.outcome));
  const closeDates = closeDatesFor(deleted);
  // The accountant has closed a further period; the plan reads the close date as the service has it.
  if (closeDates.atPlan) sim.setBookCloseDate(realmId, closeDates.atPlan);
  const prefs = await h.plainClient().readPreferences();
  if (prefs.kind !== 'ok') throw new Error(`preferences: ${JSON.stringify(prefs)}`);
  const plan = planRestore(deleted, { bookCloseDate: prefs.bookCloseDate });
  const chunks = restoreChunks(plan);

  const phase = planPhase(rng, {
    chunks: chunks.length,
    kills: options.kills,
    editsDuringJob: 0,
    reconcilesDuringJob: 0,
  });
  // One death is forced right after a batch of creates was sent, before its answer is read.
  phase.forcedKill = {
    step: 'after-send-before-response',
    from: rng.int(1, Math.max(1, Math.floor(phase.checkpoints / 2))),
  };
  const logFrom = sim.requestLog(realmId).length;
  const createdBefore = sim.truth(realmId).createdKeys().length;
  const errorsBefore = h.errors.length;
  const events = createChaosEvents({
    h,
    plan: phase,
    chunkKeys: chunks.map((c) => c.map((r) => `${r.entity}:${r.id}`)),
    bookCloseDate: closeDates.duringJob,
    lastJson: new Map(),
    logFrom,
  });

  setBeforeStep(events.hooks.beforeStep);
  const simStart = clock.now();
  const first = h.current();
  const created = await first.createJob({ realmId, environment: 'sandbox', operation: 'restore', records: [], chunks });
  await first.start(created.id);
  const end = await drive(h, created.id, {
    beforeAlarm: (job) => events.beforeAlarm(job.cursor, job.wait?.kind),
    onTokenNeeded: () => events.onTokenNeeded(),
    onStepKill: () => undefined,
  });
  setBeforeStep(undefined);
  const simulatedMs = clock.now() - simStart;

  const last = h.restart();
  const job = await last.getJob(created.id);
  const rows = await last.getRecords(created.id);
  const verdict = judgeRestore({
    truth: sim.truth(realmId),
    record: (key) => sim.record(realmId, key),
    createdBefore,
    plan,
    snapshots: new Map(deleted.map((e) => [`${e.entity}:${e.id}`, e])),
    planCloseDate: prefs.bookCloseDate,
    closedThrough: closeDates.duringJob ?? prefs.bookCloseDate,
    job,
    stuck: typeof end === 'string' ? end : undefined,
    rows,
    audit: (await h.audit.read()).entries,
    runnerErrors: h.errors.length - errorsBefore,
  });
  const phaseLog = sim.requestLog(realmId).slice(logFrom);
  const outcomeNames = rows.map((r) => {
    if (r.state.kind !== 'final') return r.state.kind;
    const { outcome } = r.state;
    return outcome.kind === 'refused' && 'fault' in outcome ? `refused (${outcome.fault?.code})` : outcome.kind;
  });
  return {
    deleted: deleted.length,
    closeDates: { atPlan: prefs.bookCloseDate, duringJob: closeDates.duringJob },
    planned: plan.records.length,
    refusedByReason: tallyOf(plan.refused.map((r) => reasonOf(r.why))),
    jobTotal: created.total,
    chunks: created.chunks,
    counts: tallyOf(outcomeNames),
    created: verdict.created,
    linksToRestored: verdict.linksToRestored,
    replayed: phaseLog.filter((e) => e.replayed === true).length,
    lostAnswers: lostAnswerFigures(phaseLog),
    tally: events.tally,
    log: logFigures(phaseLog),
    simulatedMs,
    mustBeZero: verdict.mustBeZero,
  };
}
