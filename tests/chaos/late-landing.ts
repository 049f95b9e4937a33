/**
 * Late landings: a worker dies with a write in flight, and the service applies that write at a
 * random moment after the new worker started, up to the write's deadline (its send time + the
 * landing window). For deletes, voids and restores' creates, with `requestid` honoured, ignored or
 * answered 6000. The real client over loopback HTTP against the real simulator on one manual clock
 * (./harness.ts): the write is held in the simulator (`hold-before`), the old worker is replaced by a
 * new one (which recovers the attempt and verifies it), the clock moves to the landing moment, the
 * write is released and applied, and the old worker dies when its answer arrives. Then the job is
 * driven to its end and judged against the simulator's ground truth:
 *
 * - concludedBeforeDeadline: the new worker did not wait for the write's deadline (no `landing` wait);
 * - resentBeforeDeadline: a batch sent again under the held one's requestid before its deadline;
 * - reportedNotApplied: a record the job reports not deleted / not voided / not restored that the
 *   service did delete / void / re-create;
 * - appliedTwice: a record deleted or voided twice, or re-created more than once (duplicates);
 * - unsettled: the job did not finish, or finished with records unverified.
 */
import { canVoid } from '../../lib/domain/entities';
import type { JobOperationKind } from '../../lib/domain/jobs';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import { WorkerKilled } from '../../lib/jobs/hooks';
import type { JobRecordRow } from '../../lib/jobs/types';
import { runPreflight } from '../../lib/preflight/index';
import { restoreChunks } from '../../lib/restore/chunks';
import { isDeletedOutcome } from '../../lib/restore/entry';
import { planRestore } from '../../lib/restore/plan';
import type { RequestIdMode } from '../../tools/simulator/api';
import { createPrng } from '../../tools/simulator/prng';
import { type ChaosHarness, createChaosHarness, drive } from './harness';

export const LATE_OPS = ['delete', 'void', 'restore'] as const satisfies readonly JobOperationKind[];
export const LATE_REQUESTID_MODES = ['honoured', 'ignored', 'fault6000'] as const satisfies readonly RequestIdMode[];

export interface LateOptions {
  op: (typeof LATE_OPS)[number];
  requestid: (typeof LATE_REQUESTID_MODES)[number];
  seed: number;
  /** Records seeded in the company (the job takes what the check allows). */
  records?: number;
}

export interface LateResult {
  options: LateOptions;
  jobTotal: number;
  /** The held write: how many records it carried, when it landed after the new worker looked. */
  heldItems: number;
  landedAfterRestartMs: number;
  windowMs: number;
  /** Reads the new worker made before the write landed (it looked, and did not conclude). */
  readsBeforeLanding: number;
  counts: Record<string, number>;
  mustBeZero: { label: string; value: number }[];
  ok: boolean;
}

const tally = (names: readonly string[]) => {
  const out: Record<string, number> = {};
  for (const n of names) out[n] = (out[n] ?? 0) + 1;
  return out;
};
const drivenPlainly = (h: ChaosHarness, jobId: string) =>
  drive(h, jobId, {
    beforeAlarm: async () => false,
    onTokenNeeded: async () => undefined,
    onStepKill: () => undefined,
  });

async function reviewedRecords(h: ChaosHarness) {
  const items = h.company.keys.all.map((key) => {
    const [entity = '', id = ''] = key.split(':');
    return { entity, id, shownAt: h.clock.now() };
  });
  const preflight = await runPreflight({
    client: h.plainClient(),
    items,
    now: h.clock.now,
    realmId: h.realmId,
    environment: 'sandbox',
  });
  if (preflight.kind !== 'ok') throw new Error(`preflight failed: ${JSON.stringify(preflight)}`);
  return reviewedFromPreflight(preflight.records, { includeLinked: true }).filter((r) => !r.reconciled);
}

/** The job to run: a delete or void of the reviewed records, or a restore of what a clean delete removed. */
async function createTargetJob(h: ChaosHarness, op: LateOptions['op']): Promise<string> {
  const { realmId } = h;
  const reviewed = await reviewedRecords(h);
  if (op === 'void') {
    const voidable = reviewed.filter((r) => canVoid(r.record.entity));
    return (await h.current().createJob({ realmId, environment: 'sandbox', operation: 'void', records: voidable })).id;
  }
  if (op === 'delete') return (await h.current().createJob({ realmId, environment: 'sandbox', records: reviewed })).id;
  const del = await h.current().createJob({ realmId, environment: 'sandbox', records: reviewed });
  await h.current().start(del.id);
  const end = await drivenPlainly(h, del.id);
  if (typeof end === 'string') throw new Error(`the delete before the restore did not finish: ${end}`);
  const deleted = (await h.audit.read()).entries.filter((e) => e.realmId === realmId && isDeletedOutcome(e.outcome));
  const prefs = await h.plainClient().readPreferences();
  if (prefs.kind !== 'ok') throw new Error(`preferences: ${JSON.stringify(prefs)}`);
  const chunks = restoreChunks(planRestore(deleted, { bookCloseDate: prefs.bookCloseDate }));
  return (await h.current().createJob({ realmId, environment: 'sandbox', operation: 'restore', records: [], chunks }))
    .id;
}

/** Polls (wall time: the simulator answers over loopback) until `done` or the runner is idle. */
async function until(done: () => boolean, idle: Promise<void>): Promise<boolean> {
  let settled = false;
  void idle.then(() => {
    settled = true;
  });
  for (let i = 0; i < 20_000 && !done() && !settled; i++) await new Promise((r) => setTimeout(r, 1));
  return done();
}

function judge(h: ChaosHarness, op: LateOptions['op'], rows: readonly JobRecordRow[], createdBefore: number) {
  const truth = h.sim.truth(h.realmId);
  let reportedNotApplied = 0;
  let appliedTwice = 0;
  let unsettled = 0;
  for (const row of rows) {
    const { key } = row;
    if (row.state.kind !== 'final') {
      unsettled += 1;
      continue;
    }
    const kind = row.state.outcome.kind;
    if (op === 'delete') {
      if (kind === 'notDeletedVerified' && !truth.exists(key)) reportedNotApplied += 1;
      if (truth.appliedDeletes(key) > 1) appliedTwice += 1;
    } else if (op === 'void') {
      if (kind === 'notVoidedVerified' && truth.appliedVoids(key) > 0) reportedNotApplied += 1;
      if (truth.appliedVoids(key) > 1) appliedTwice += 1;
    }
  }
  if (op === 'restore') {
    const created = truth.createdKeys().slice(createdBefore);
    const restored = rows.filter((r) => r.state.kind === 'final' && r.state.outcome.kind === 'restored').length;
    appliedTwice = Math.max(0, created.length - restored);
    // A record the service re-created that the job does not call restored (or unconfirmed).
    const claimed = rows.filter(
      (r) => r.state.kind === 'final' && ['restored', 'restoreUnconfirmed'].includes(r.state.outcome.kind),
    ).length;
    reportedNotApplied = Math.max(0, created.length - claimed);
  }
  return { reportedNotApplied, appliedTwice, unsettled };
}

export async function runLateLanding(options: LateOptions): Promise<LateResult> {
  const rng = createPrng(options.seed);
  let holdNext = false;
  let heldJob = '';
  let released = false;
  let zombieKilled = false;
  const h = await createChaosHarness(
    'real',
    { count: options.records ?? 40, seed: options.seed, linkedShare: 0.3 },
    {
      beforeStep: (step, at) => {
        // The first write of the target job is held by the service: its answer never comes back to this worker.
        if (step === 'after-attempt-journaled' && holdNext && at.jobId === heldJob) {
          holdNext = false;
          h.sim.injectFault({ endpoint: 'batch', kind: 'hold-before', times: 1, realmId: h.realmId });
        }
        // The old worker, still awaiting the held call, is dead: its answer is never read.
        if (step === 'after-send-before-response' && released && !zombieKilled) {
          zombieKilled = true;
          throw new WorkerKilled(step);
        }
      },
    },
    { requestid: options.requestid },
  );
  try {
    const { sim, realmId, clock } = h;
    sim.setBookCloseDate(realmId, undefined); // nothing refused for its period: every record is written
    const jobId = await createTargetJob(h, options.op);
    const createdBefore = sim.truth(realmId).createdKeys().length;
    const logFrom = sim.requestLog(realmId).length;
    heldJob = jobId;
    holdNext = true;
    const old = h.current();
    await old.start(jobId);
    if (!(await until(() => sim.heldCount() > 0, old.whenIdle())))
      throw new Error('no write was held: the job sent nothing');
    const held = sim.requestLog(realmId).length; // the held call is logged once answered
    const restartAt = clock.now();
    const fresh = h.restart(); // the worker died with the write in flight
    await fresh.wake();
    await fresh.whenIdle();
    const waiting = await fresh.getJob(jobId);
    const deadline = waiting?.wait?.kind === 'landing' ? waiting.wait.until : undefined;
    const windowMs = 150_000;
    const readsBeforeLanding = sim
      .requestLog(realmId)
      .slice(held)
      .filter((e) => e.endpoint === 'query' || e.endpoint === 'read').length;
    // The write lands at a random moment before its deadline (or within the window, if none was kept).
    const landAt = restartAt + rng.int(0, Math.max(0, (deadline ?? restartAt + windowMs) - restartAt - 1));
    clock.set(Math.max(clock.now(), landAt));
    released = true;
    sim.releaseHeld();
    await old.whenIdle();
    const end = await drivenPlainly(h, jobId);
    const last = h.restart();
    const rows = await last.getRecords(jobId);
    const log = sim.requestLog(realmId).slice(logFrom);
    const heldEntry = log.find((e) => e.fault === 'hold-before');
    const heldRequestId = heldEntry ? /requestid=([^&]+)/.exec(heldEntry.path)?.[1] : undefined;
    const heldItems = heldEntry?.body ? (JSON.parse(heldEntry.body).BatchItemRequest?.length ?? 0) : 0;
    const resentBeforeDeadline = log.filter(
      (e) =>
        e !== heldEntry &&
        heldRequestId !== undefined &&
        e.path.includes(`requestid=${heldRequestId}`) &&
        (e.arrivedAt ?? e.at) < (deadline ?? Number.POSITIVE_INFINITY),
    ).length;
    const judged = judge(h, options.op, rows, createdBefore);
    const job = await last.getJob(jobId);
    const mustBeZero = [
      { label: 'concluded before the deadline (no landing wait)', value: deadline === undefined ? 1 : 0 },
      { label: 're-sent before the deadline', value: resentBeforeDeadline },
      { label: 'reported not applied, but applied', value: judged.reportedNotApplied },
      { label: 'applied twice / duplicates created', value: judged.appliedTwice },
      {
        label: 'unsettled (not finished or unverified)',
        value: judged.unsettled + (typeof end === 'string' || job?.unverified ? 1 : 0),
      },
      { label: 'runner errors', value: h.errors.length },
    ];
    const outcomeNames = rows.map((r) => (r.state.kind === 'final' ? r.state.outcome.kind : r.state.kind));
    return {
      options,
      jobTotal: job?.total ?? 0,
      heldItems,
      landedAfterRestartMs: landAt - restartAt,
      windowMs,
      readsBeforeLanding,
      counts: tally(outcomeNames),
      mustBeZero,
      ok: mustBeZero.every((f) => f.value === 0),
    };
  } finally {
    await h.close();
  }
}

/** Every op × requestid mode, `runs` seeds each. */
export async function runLateLandingMatrix(runs: number, seed: number): Promise<LateResult[]> {
  const out: LateResult[] = [];
  for (const [o, op] of LATE_OPS.entries())
    for (const [m, requestid] of LATE_REQUESTID_MODES.entries())
      for (let i = 0; i < runs; i++)
        out.push(
          await runLateLanding({ op, requestid, seed: seed + (o * LATE_REQUESTID_MODES.length + m) * runs + i }),
        );
  return out;
}

export function formatLateLanding(results: readonly LateResult[]): string[] {
  const lines = ['late landings: a killed worker’s write lands after the restart, before its deadline'];
  for (const r of results) {
    const bad = r.mustBeZero.filter((f) => f.value !== 0);
    lines.push(
      `  ${r.options.op.padEnd(7)} requestid ${r.options.requestid.padEnd(9)} seed ${r.options.seed}: ` +
        `${r.heldItems} held, landed ${Math.round(r.landedAfterRestartMs / 1000)} s after the restart ` +
        `(${r.readsBeforeLanding} reads before), ${JSON.stringify(r.counts)}` +
        (bad.length ? ` FAIL ${bad.map((f) => `${f.label}: ${f.value}`).join('; ')}` : ''),
    );
  }
  const totals = new Map<string, number>();
  for (const r of results) for (const f of r.mustBeZero) totals.set(f.label, (totals.get(f.label) ?? 0) + f.value);
  for (const [label, value] of totals) lines.push(`  must be 0 — ${label}: ${value}`);
  return lines;
}
