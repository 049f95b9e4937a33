/**
 * The seeded chaos plan: how many records, which shares are edited, reconciled and closed and when,
 * at which checkpoints the worker dies, when the token expires and when a neighbour floods the batch
 * quota. Every random choice of a run draws from the one PRNG made here, so a seed replays a run.
 */

import type { StepName } from '../../lib/jobs/hooks';
import type { RequestIdMode, StaleSyncToken } from '../../tools/simulator/api';
import { createPrng, type Prng } from '../../tools/simulator/prng';

export interface ChaosOptions {
  records: number;
  seed: number;
  /** Worker deaths at random step boundaries (at least this many; one more dies while an alarm is pending). */
  kills: number;
  mode: 'document' | 'real';
  /**
   * How the service answers a repeated requestid (the restore phase's re-sends) and a delete with a
   * stale SyncToken (the delete phase): the simulator's kind default ('honoured', 'accept') unless set.
   * `npm run chaos` runs a second pass with 'ignored' and 'fault5010' (issue 23 §1, §2).
   */
  requestid?: RequestIdMode;
  staleSyncToken?: StaleSyncToken;
}

export const DEFAULT_OPTIONS: ChaosOptions = { records: 1000, seed: 20260115, kills: 8, mode: 'real' };

/** Shares of the selection (the brief: 10% edited, 10% reconciled, 5% closed, 5xx on ≥ 5% of batch calls). */
export const SHARES = {
  editedBeforePreflight: 0.02, // after the page showed them: the preflight must block them ("changed")
  editedBeforeStart: 0.02, // after the preflight, before the job starts: R1 at the re-read
  editedDuringJob: 0.06, // while the job runs, at step boundaries and alarms
  reconciledAtSeed: 0.05, // before the preflight: flagged, skipped by default (R2)
  reconciledDuringJob: 0.05, // while the job runs: only the runner's report check can catch them
  closed: 0.05, // books re-closed once the job has started: refused per record (R3)
  linked: 0.15, // payments paying invoices, bill payments paying bills…: deleted too ("Include linked")
  deposited: 0.05, // payments and sales receipts grouped on a deposit
  fiveXx: 0.06, // floor on 500s per runner batch call (half after applying); drops come on top
  drops: 0.03,
  /** Of the concurrent edits/reconciles made inside the re-read→delete gap, the share aimed at the in-flight chunk. */
  aimAtInFlight: 0.05,
  /** Restore phase: of the deleted records (by date), the share the accountant closes before the restore is planned… */
  closedBeforeRestore: 0.04,
  /** …and the further share closed at the restore job's first step (the service refuses those creates). */
  closedDuringRestore: 0.03,
} as const;

/** One phase's chaos (the delete job's, the restore job's): when the worker dies, the storm, the token. */
export interface PhasePlan {
  rng: Prng;
  /** Estimated job chunks and step boundaries, to spread the events over the run. */
  chunks: number;
  checkpoints: number;
  /** Phase checkpoint ordinals (1-based, across every worker) at which the hook throws WorkerKilled. */
  killAt: Set<number>;
  /** Besides killAt: the worker dies the first time it reaches `step` at or after checkpoint `from`. */
  forcedKill?: { step: StepName; from: number };
  /** Alarms delivered to a fresh worker (the old one died between the alarm being set and it firing). */
  alarmKills: number;
  tokenExpiryChunk: number;
  stormChunk: number;
  /** How many alarm firings the neighbour keeps the batch quota full for, after its first burst. */
  stormRounds: number;
  editsDuringJob: number;
  reconcilesDuringJob: number;
}

export interface ChaosPlan extends PhasePlan {
  options: ChaosOptions;
}

export interface PhaseShape {
  chunks: number;
  kills: number;
  editsDuringJob: number;
  reconcilesDuringJob: number;
}

/** A phase's plan, drawn from `rng` (the run's one PRNG, so a seed replays every phase). */
export function planPhase(rng: Prng, shape: PhaseShape): PhasePlan {
  const chunks = Math.max(1, shape.chunks);
  // A chunk with something to send passes 5 boundaries; keep the kills inside the first 80%.
  const checkpoints = chunks * 5;
  const span = Math.max(shape.kills, Math.floor(checkpoints * 0.8));
  const killAt = new Set<number>();
  for (let i = 0; i < shape.kills; i++) {
    const from = Math.floor((i * span) / shape.kills) + 1;
    const to = Math.max(from, Math.floor(((i + 1) * span) / shape.kills));
    killAt.add(rng.int(from, to));
  }
  return {
    rng,
    chunks,
    checkpoints,
    killAt,
    alarmKills: Math.max(1, Math.round(shape.kills / 4)),
    tokenExpiryChunk: Math.min(chunks - 1, Math.max(1, Math.floor(chunks * 0.45))),
    stormChunk: Math.min(chunks - 1, Math.max(1, Math.floor(chunks * 0.25))),
    stormRounds: 3,
    editsDuringJob: shape.editsDuringJob,
    reconcilesDuringJob: shape.reconcilesDuringJob,
  };
}

export function planChaos(options: ChaosOptions): ChaosPlan {
  const plan = planPhase(createPrng(options.seed), {
    chunks: Math.ceil(options.records / 30),
    kills: options.kills,
    editsDuringJob: Math.round(options.records * SHARES.editedDuringJob),
    reconcilesDuringJob: Math.round(options.records * SHARES.reconciledDuringJob),
  });
  return { options, ...plan };
}
