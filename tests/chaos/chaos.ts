/**
 * One chaos run, end to end: seed → the page shows the rows → some are edited → preflight (with
 * shownAt) → more edits → a job from the reviewed records → driven to completion under the plan's
 * chaos → judged; then the restore phase (./restore-phase.ts): every deleted record restored under
 * the same kinds of chaos → judged. Returns every figure the report prints and the test asserts.
 */

import { MAX_CHUNK, orderForChunks } from '../../lib/jobs/create';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import type { RunnerHooks } from '../../lib/jobs/types';
import { runPreflight } from '../../lib/preflight/index';
import type { PreflightSummary } from '../../lib/preflight/types';
import { type ChaosTally, createChaosEvents } from './chaos-events';
import { judge, type Verdict } from './checks';
import { createChaosHarness, drive } from './harness';
import { type LogFigures, logFigures } from './log-figures';
import { type RestorePhaseResult, runRestorePhase } from './restore-phase';
import { type ChaosOptions, planChaos, SHARES } from './scenario';

export interface ChaosResult {
  options: ChaosOptions;
  selection: number;
  preflight: PreflightSummary;
  jobTotal: number;
  chunks: number;
  changes: {
    editedBeforePreflight: number;
    editedBeforeStart: number;
    editedDuringJob: number;
    reconciledAtSeed: number;
    reconciledDuringJob: number;
    closed: number;
  };
  counts: Record<string, number>;
  tally: ChaosTally;
  log: LogFigures;
  wallMs: number;
  simulatedMs: number;
  /** Delete and restore must-be-0 figures together (the restore's carry phase 'restore'). */
  verdict: Verdict;
  restore: RestorePhaseResult;
}

const keyOf = (r: { entity: string; id: string }) => `${r.entity}:${r.id}`;

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const wallStart = Date.now();
  const plan = planChaos(options);
  const { rng } = plan;
  let beforeStep: RunnerHooks['beforeStep'];
  const h = await createChaosHarness(
    options.mode,
    {
      count: options.records,
      seed: options.seed,
      reconciledShare: SHARES.reconciledAtSeed,
      closedShare: SHARES.closed,
      // Payments paying invoices, bills paid, deposits grouping payments: the restore re-links them.
      linkedShare: SHARES.linked,
      depositedShare: SHARES.deposited,
    },
    { beforeStep: (step, at) => beforeStep?.(step, at) },
    {
      ...(options.requestid ? { requestid: options.requestid } : {}),
      ...(options.staleSyncToken ? { staleSyncToken: options.staleSyncToken } : {}),
    },
  );
  try {
    const { sim, realmId, company, clock, ledger } = h;
    const lastJson = new Map(company.keys.all.map((k) => [k, sim.record(realmId, k) ?? {}]));
    const prefs = await h.plainClient().readPreferences();
    const bookCloseDate = prefs.kind === 'ok' ? prefs.bookCloseDate : undefined;
    const world = { h, plan, chunkKeys: [] as string[][], bookCloseDate, lastJson };
    const events = createChaosEvents(world);
    for (const key of company.keys.reconciled) ledger.change(key, 'reconcile', 'beforePreflight');

    // The page shows every row; some are edited before the preflight reads them.
    const shownAt = clock.now();
    clock.advance(90_000);
    const pick = (keys: readonly string[], share: number) =>
      rng.shuffle(keys).slice(0, Math.round(options.records * share));
    for (const key of pick(company.keys.all, SHARES.editedBeforePreflight))
      events.change(key, 'edit', 'beforePreflight');
    clock.advance(60_000);
    // Books open at review time; they are closed again once the job has started (R3 in the job).
    sim.setBookCloseDate(realmId, undefined);
    const items = company.keys.all.map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt };
    });
    const preflight = await runPreflight({
      client: h.plainClient(),
      items,
      now: clock.now,
      realmId,
      environment: 'sandbox',
    });
    if (preflight.kind !== 'ok') throw new Error(`preflight failed: ${JSON.stringify(preflight)}`);
    // "Include linked transactions": the payments and what they pay go too, so the restore re-links them.
    const reviewed = reviewedFromPreflight(preflight.records, { includeLinked: true });
    const reviewedJson = new Map(reviewed.map((r) => [keyOf(r.record), r.record.raw]));
    clock.advance(60_000);
    const ready = reviewed.filter((r) => !r.reconciled).map((r) => keyOf(r.record));
    for (const key of pick(ready, SHARES.editedBeforeStart)) events.change(key, 'edit', 'beforeStart');

    const ordered = orderForChunks(reviewed).map((r) => keyOf(r.record));
    for (let i = 0; i < ordered.length; i += MAX_CHUNK) world.chunkKeys.push(ordered.slice(i, i + MAX_CHUNK));
    beforeStep = events.hooks.beforeStep;
    const simStart = clock.now();
    const first = h.current();
    const created = await first.createJob({ realmId, environment: 'sandbox', records: reviewed });
    await first.start(created.id);
    const end = await drive(h, created.id, {
      beforeAlarm: (job) => events.beforeAlarm(job.cursor, job.wait?.kind),
      onTokenNeeded: () => events.onTokenNeeded(),
      onStepKill: () => undefined,
    });
    const simulatedMs = clock.now() - simStart;
    const last = h.restart(); // a fresh worker reads the results, as the popup would after a restart
    const job = await last.getJob(created.id);
    const verdict = judge({
      truth: sim.truth(realmId),
      ledger,
      job,
      stuck: typeof end === 'string' ? end : undefined,
      rows: await last.getRecords(created.id),
      audit: (await h.audit.read()).entries,
      reviewedJson,
      lastJson,
      closedKeys: company.keys.closed,
      runnerErrors: h.errors.length,
    });
    const log = logFigures(sim.requestLog(realmId)); // the delete phase's calls, before the restore's
    const restore = await runRestorePhase(h, rng, options, (hook) => {
      beforeStep = hook;
    });
    const mustBeZero = [...verdict.mustBeZero, ...restore.mustBeZero];
    const phaseCount = (kind: 'edit' | 'reconcile', phase: string) =>
      ledger.changedKeys(kind).filter((k) => ledger.changes(k).some((c) => c.kind === kind && c.phase === phase))
        .length;
    return {
      options,
      selection: items.length,
      preflight: preflight.summary,
      jobTotal: created.total,
      chunks: created.chunks,
      changes: {
        editedBeforePreflight: phaseCount('edit', 'beforePreflight'),
        editedBeforeStart: phaseCount('edit', 'beforeStart'),
        editedDuringJob: phaseCount('edit', 'duringJob'),
        reconciledAtSeed: phaseCount('reconcile', 'beforePreflight'),
        reconciledDuringJob: phaseCount('reconcile', 'duringJob'),
        closed: company.keys.closed.length,
      },
      counts: Object.fromEntries(Object.entries(job?.counts ?? {}).filter(([, n]) => n > 0)),
      tally: events.tally,
      log,
      wallMs: Date.now() - wallStart,
      simulatedMs,
      verdict: { ...verdict, mustBeZero, ok: mustBeZero.every((j) => j.value === 0) },
      restore,
    };
  } finally {
    await h.close();
  }
}
