/** What a job step works with, and the one way it writes a chunk (see ./commit.ts). */
import type { Clock } from '../clock';
import type { Journal } from '../journal/journal';
import type { ChunkJournal, JobMeta, JobRecord } from '../journal/schema';
import type { QboClient } from '../qbo/client-api';
import { saveChunk } from './commit';
import type { StepName } from './hooks';
import type { JobPatch } from './lifecycle';
import type { AnyJobOperation } from './operation';
import type { OutcomeSubscriber, ThrottleConfig } from './types';

export interface StepEnv {
  journal: Journal;
  outcomes: OutcomeSubscriber;
  clock: Clock;
  client: QboClient;
  operation: AnyJobOperation;
  /** The records of the job's current chunk (job.cursor) only: a step costs O(chunk). */
  records: readonly JobRecord[];
  byKey: ReadonlyMap<string, JobRecord>;
  throttle: ThrottleConfig;
  maxInWorkerSleepMs: number;
  retryDelayMs: number;
  /** How long after its send a write whose answer was lost may still land (WRITE_LANDS_WITHIN_MS). */
  landingWindowMs: number;
  singleDeleteGapMs: number;
  /**
   * How long the last pre-send re-read took: the next one starts that much before its throttle
   * slot, so the reads overlap the wait instead of adding to every gap (kept in memory only).
   */
  readLead: { ms: number };
  /** Throws WorkerKilled (from a test hook, or because the runner is already dead). */
  checkpoint(step: StepName, jobId: string, chunk: number): Promise<void>;
  /** A transient wait to show (in-worker pacing sleep): not persisted. */
  showWait(job: JobMeta): void;
  /** A fresh id for each attempt (a create's `requestid`): unique per company. */
  newAttemptId(): string;
}

/** continue: call again now. stop: nothing to do for this job until its wait, a user action or a token. */
export type StepResult = 'continue' | 'stop';

export function save(
  env: StepEnv,
  job: JobMeta,
  prev: ChunkJournal,
  next: ChunkJournal,
  extra?: {
    patch?: JobPatch;
    throttleAt?: number;
  },
) {
  return saveChunk({
    journal: env.journal,
    outcomesFinal: (outcomes) => env.outcomes.outcomesFinal(outcomes),
    records: env.records,
    byKey: env.byKey,
    job,
    prev,
    next,
    now: env.clock.now(),
    patch: extra?.patch,
    throttleStamp:
      extra?.throttleAt === undefined ? undefined : { at: extra.throttleAt, windowMs: env.throttle.windowMs },
  });
}
