/**
 * What happens to the world while the job runs, decided at each step boundary (the runner's
 * `hooks.beforeStep`) and at each alarm, all from the plan's PRNG: the books re-closed, another user
 * editing or reconciling records, the batch quota flooded by a neighbour (429 storm), the token
 * expiring, a 5xx or a dropped connection armed for the next batch call, the worker killed.
 * Each phase of a run (the delete job, then the restore job) gets its own instance and tally, from
 * its own PhasePlan drawn from the run's one PRNG; a phase without concurrent changes plans none.
 */
import { type StepName, WorkerKilled } from '../../lib/jobs/hooks';
import type { RunnerHooks } from '../../lib/jobs/types';
import type { FaultKind } from '../../tools/simulator/api';
import type { ChaosHarness } from './harness';
import type { ChangePhase } from './ledger';
import { logFigures } from './log-figures';
import { type PhasePlan, SHARES } from './scenario';

export interface ChaosTally {
  checkpoints: number;
  stepKills: Partial<Record<StepName, number>>;
  alarmKills: number;
  alarms: number;
  armed: Partial<Record<FaultKind, number>>;
  batchAttempts: number;
  tokenPauses: number;
  neighbourCalls: number;
  booksClosedAt?: number;
  tokenExpiredAtChunk?: number;
}

export interface ChaosWorld {
  h: ChaosHarness;
  /** This phase's plan (the delete job's or the restore job's); both draw from the run's one PRNG. */
  plan: PhasePlan;
  /** The job's chunks as the runner cuts them (keys); the targets of the concurrent changes. */
  chunkKeys: string[][];
  /** The date the accountant closes the books through at the job's first step. */
  bookCloseDate?: string;
  /** Where this phase starts in the simulator's request log (the 5xx floor counts this phase's calls). */
  logFrom?: number;
  /** The record's JSON as last changed, for the audit snapshot check. */
  lastJson: Map<string, Record<string, unknown>>;
}

export function createChaosEvents(world: ChaosWorld) {
  const { h, plan, chunkKeys } = world;
  const { rng } = plan;
  const tally: ChaosTally = {
    checkpoints: 0,
    stepKills: {},
    alarmKills: 0,
    alarms: 0,
    armed: {},
    batchAttempts: 0,
    tokenPauses: 0,
    neighbourCalls: 0,
  };
  const done = { edit: 0, reconcile: 0 };
  const touched = { edit: new Set<string>(), reconcile: new Set<string>() };
  let stormRoundsLeft = plan.stormRounds;
  let stormStarted = false;
  let forcedFired = false;
  const neighbourToken = h.sim.issueToken(h.realmId);

  const live = (key: string) => h.sim.truth(h.realmId).exists(key);

  /** A live, not yet touched record: from chunk `from` on, or (a few, inside the gap) the in-flight chunk. */
  function pickTarget(kind: 'edit' | 'reconcile', from: number, inFlight?: number): string | undefined {
    const pool =
      inFlight !== undefined && rng.chance(SHARES.aimAtInFlight)
        ? (chunkKeys[inFlight] ?? [])
        : chunkKeys.slice(from).flat();
    for (let tries = 0; tries < 12 && pool.length > 0; tries++) {
      const key = rng.pick(pool);
      if (live(key) && !touched[kind].has(key)) return key;
    }
    return undefined;
  }

  function change(key: string, kind: 'edit' | 'reconcile', phase: ChangePhase) {
    if (kind === 'edit') h.sim.editRecord(h.realmId, key);
    else h.sim.setReconciled(h.realmId, key, true);
    h.ledger.change(key, kind, phase);
    touched[kind].add(key);
    const json = h.sim.record(h.realmId, key);
    if (json) world.lastJson.set(key, json);
  }

  /** Spread the concurrent changes evenly over the run's expected step boundaries. */
  function concurrentChanges(from: number, inFlight?: number) {
    const progress = Math.min(1, tally.checkpoints / (plan.checkpoints * 0.9));
    for (const kind of ['edit', 'reconcile'] as const) {
      const total = kind === 'edit' ? plan.editsDuringJob : plan.reconcilesDuringJob;
      while (done[kind] < Math.round(total * progress)) {
        done[kind] += 1;
        const key = pickTarget(kind, from, inFlight);
        if (key) change(key, kind, 'duringJob');
      }
    }
  }

  /** Another app of the same company fills the batch window: the runner's next batch call meets 429. */
  async function neighbourBurst() {
    for (let i = 0; i < 60; i++) {
      tally.neighbourCalls += 1;
      const res = await fetch(`${h.sim.url}/v3/company/${h.realmId}/batch?minorversion=75`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${neighbourToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ BatchItemRequest: [{ bId: `neighbour-${i}`, Query: 'select count(*) from Invoice' }] }),
      });
      await res.arrayBuffer();
      if (res.status === 429) return;
    }
  }

  /** Keeps the 5xx share of the calls the service really answered at ≥ SHARES.fiveXx (a 429 or 401 leaves an armed fault unused). */
  function armFault() {
    tally.batchAttempts += 1;
    const seen = logFigures(h.sim.requestLog(h.realmId).slice(world.logFrom ?? 0));
    const fiveXx = seen.fiveXxAfterApply + (seen.faults['error500-before'] ?? 0);
    let kind: FaultKind | undefined;
    if (fiveXx < Math.ceil(SHARES.fiveXx * (seen.runnerBatchCalls + 1)) || rng.chance(SHARES.fiveXx / 2)) {
      kind = fiveXx % 2 === 0 ? 'error500-after' : 'error500-before'; // half after applying (R5)
    } else if (rng.chance(SHARES.drops)) {
      kind = rng.chance(0.5) ? 'drop-after' : 'drop-before';
    }
    if (!kind) return;
    tally.armed[kind] = (tally.armed[kind] ?? 0) + 1;
    h.sim.injectFault({ endpoint: 'batch', kind, times: 1, realmId: h.realmId });
  }

  const hooks: Required<RunnerHooks> = {
    async beforeStep(step, at) {
      tally.checkpoints += 1;
      if (world.bookCloseDate && tally.booksClosedAt === undefined) {
        h.sim.setBookCloseDate(h.realmId, world.bookCloseDate); // the accountant closes the books (R3)
        tally.booksClosedAt = tally.checkpoints;
      }
      if (step === 'between-chunks' && at.chunk >= plan.stormChunk && !stormStarted) {
        stormStarted = true;
        await neighbourBurst();
      }
      if (step === 'between-chunks' && at.chunk >= plan.tokenExpiryChunk && tally.tokenExpiredAtChunk === undefined) {
        h.sim.expireToken(h.token());
        tally.tokenExpiredAtChunk = at.chunk;
      }
      // Before its re-read, the chunk itself may still change; inside the gap only later chunks (mostly).
      if (step === 'between-chunks') concurrentChanges(at.chunk);
      else concurrentChanges(at.chunk + 1, step === 'after-attempt-journaled' ? at.chunk : undefined);
      if (step === 'after-send-before-response') h.sim.clearFaults(); // one a 429 left unused
      const forced = plan.forcedKill;
      const forcedNow =
        forced !== undefined && !forcedFired && step === forced.step && tally.checkpoints >= forced.from;
      if (forcedNow) forcedFired = true;
      if (plan.killAt.has(tally.checkpoints) || forcedNow) {
        tally.stepKills[step] = (tally.stepKills[step] ?? 0) + 1;
        throw new WorkerKilled(step);
      }
      if (step === 'after-attempt-journaled') armFault();
    },
  };

  return {
    tally,
    hooks,
    change,
    /** At an alarm: the storm goes on, records keep changing, and the worker may have died meanwhile. */
    async beforeAlarm(cursor: number, waitKind: string | undefined): Promise<boolean> {
      tally.alarms += 1;
      if (waitKind === 'rateLimit' && stormRoundsLeft > 0) {
        stormRoundsLeft -= 1;
        await neighbourBurst();
      }
      concurrentChanges(cursor + 1);
      const die = tally.alarmKills < plan.alarmKills && (tally.alarmKills === 0 || rng.chance(0.5));
      if (die) tally.alarmKills += 1;
      return die;
    },
    async onTokenNeeded() {
      tally.tokenPauses += 1;
      h.clock.advance(3 * 60_000); // the user notices and pastes a new token
      h.setToken(h.sim.issueToken(h.realmId));
    },
  };
}

export type ChaosEvents = ReturnType<typeof createChaosEvents>;
