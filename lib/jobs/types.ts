/**
 * The job runner's public types: what the background wires and what a popup renders.
 * Persisted shapes live in lib/journal/schema.ts and are re-exported here.
 */
import type { Clock } from '../clock';
import type { Entity } from '../domain/entities';
import type { Environment } from '../domain/ids';
import type { JobOperationKind, OutcomeGroup } from '../domain/jobs';
import type { RestoreNote } from '../domain/refusals';
import type {
  JobMeta,
  JobRecord,
  JobStatus,
  JobWait,
  OutcomeKind,
  RecordOutcome,
  RestoreRecord,
  ReviewedRecord,
  StoredOutcome,
} from '../journal/schema';
import type { QboClient } from '../qbo/client-api';
import type { AlarmLike, AlarmsArea, StorageArea } from '../storage/area';
import type { StepName } from './hooks';

export type {
  JobMeta,
  JobRecord,
  JobStatus,
  JobWait,
  OutcomeKind,
  RecordOutcome,
  RestoreRecord,
  ReviewedRecord,
  StoredOutcome,
};

export interface ThrottleConfig {
  /** Batch calls allowed per company in any rolling window. Default 40 (service-facts). */
  batchLimit: number;
  /** Window length in ms. Default 60_000. */
  windowMs: number;
}

/** A record's outcome became final in a job: the fact a subscriber (the audit log) is told. */
export interface FinalOutcome {
  job: JobMeta;
  /** The record as the job was given it: reviewed (delete, void) or to restore. */
  record: JobRecord;
  stored: StoredOutcome;
}

/**
 * Where a job's final outcomes go (lib/background/app.ts wires the audit log to it). Told BEFORE the
 * journal commit that makes them final, and awaited: a record the journal calls done has been kept;
 * a throw stops the commit (nothing is final, the step runs again and tells it again).
 */
export interface OutcomeSubscriber {
  outcomesFinal(outcomes: readonly FinalOutcome[]): Promise<void>;
  /** How many final outcomes of a job it has kept: a job's records are forgotten only once it has all. */
  keptFor(jobId: string): Promise<number>;
}

export interface RunnerHooks {
  /** Called at every named step boundary; throw `WorkerKilled` to simulate the worker dying there. */
  beforeStep?(step: StepName, at: { jobId: string; chunk: number }): void | Promise<void>;
}

export interface JobRunnerOptions {
  storage: StorageArea;
  alarms: AlarmsArea;
  clock: Clock;
  clientFor(realmId: string, environment: Environment): QboClient;
  /** Default { batchLimit: 40, windowMs: 60_000 }. */
  throttle?: ThrottleConfig;
  /** Alarms are never set sooner than now + this. Default 30_000 (packed MV3 clamp); tests use less. */
  minAlarmDelayMs?: number;
  /** Waits up to this long sleep in the worker (clock.sleep); longer ones go through the alarm. Default 5_000. */
  maxInWorkerSleepMs?: number;
  /** Delay before retrying a failed read (pre-delete re-read or R5 verification). Default 60_000. */
  retryDelayMs?: number;
  /**
   * How long after its send a write whose answer was lost may still be applied: no verification
   * concludes "not applied", and no create is sent again, before it. Default WRITE_LANDS_WITHIN_MS.
   */
  landingWindowMs?: number;
  /** Gap before each one-at-a-time delete of the 1040 fallback (10 calls/s ceiling). Default 150. */
  singleDeleteGapMs?: number;
  /** Name of the one alarm. Default 'safe-delete:jobs'. */
  alarmName?: string;
  /** Told every final outcome (the audit log, wired in lib/background/app.ts). */
  outcomes: OutcomeSubscriber;
  hooks?: RunnerHooks;
  /** Unexpected errors (storage failures); default console.error. */
  onError?(error: unknown): void;
}

export interface CreateJobInput {
  realmId: string;
  environment: Environment;
  /** What the job does to each record. Default 'delete'. */
  operation?: JobOperationKind;
  /** The reviewed versions from the preflight; `reconciled` flags what the preflight found reconciled. */
  records: readonly ReviewedRecord[];
  /** R2 opt-in. Default false: reconciled records are skipped. */
  includeReconciled?: boolean;
  /** Records per batch, 1..30. Default 30. */
  chunkSize?: number;
  /**
   * The job's own chunks, in order, each of 1..30 records (a restore's, cut by lib/restore/chunks.ts:
   * documents before the payments that pay them); `records` is then ignored and nothing is re-ordered.
   */
  chunks?: readonly (readonly JobRecord[])[];
  /** A restore may reuse a number already taken (`include=allowduplicatedocnum`): the person chose it. */
  allowDuplicateDocNumbers?: boolean;
}

/** A job as a popup renders it. */
export interface JobSnapshot extends JobMeta {
  /** Records with a final outcome. */
  done: number;
  /** From the throttle: remaining chunks × (window / limit) + the current wait. Undefined while a token is needed. */
  etaMs?: number;
}

export type RecordState =
  | { kind: 'pending' }
  | { kind: 'unverified' } // R5: sent, outcome unknown, verification pending
  | ({ kind: 'final' } & StoredOutcome);

export interface JobRecordRow {
  key: string;
  entity: Entity;
  id: string;
  /** A restored record's new Id. */
  newId?: string;
  /** What the bookkeeper has to do by hand after a restore (e.g. re-apply a payment). */
  notes?: RestoreNote[];
  docNumber?: string;
  txnDate?: string;
  party?: string;
  amount?: number;
  currency?: string;
  state: RecordState;
  group: OutcomeGroup | 'pending';
}

export type ProgressEvent = { type: 'job'; job: JobSnapshot };

export interface JobRunner {
  /** A new job, unless the company already has an active one (`busy`, naming it). */
  tryCreateJob(
    input: CreateJobInput,
  ): Promise<{ kind: 'created'; job: JobSnapshot } | { kind: 'busy'; job: JobSnapshot }>;
  /** A new job, whatever else runs (tests, tools, migrations); the product starts with tryCreateJob. */
  createJob(input: CreateJobInput): Promise<JobSnapshot>;
  start(jobId: string): Promise<JobSnapshot | undefined>;
  pause(jobId: string): Promise<JobSnapshot | undefined>;
  resume(jobId: string): Promise<JobSnapshot | undefined>;
  /** Stop before the next chunk; an in-flight chunk still gets its outcomes (and verification). */
  cancel(jobId: string): Promise<JobSnapshot | undefined>;
  /** A new token for the company: jobs paused as "token needed" resume. */
  tokenAvailable(realmId: string): Promise<void>;
  onAlarm(alarm: AlarmLike): Promise<void>;
  /** On worker start: re-derive everything from storage, reschedule the alarm, continue due jobs. */
  wake(): Promise<void>;
  getJob(jobId: string): Promise<JobSnapshot | undefined>;
  listJobs(): Promise<JobSnapshot[]>;
  /** Stored job entries that cannot be read (damaged): not listed, never run, kept as they are. */
  unreadableJobs(): Promise<number>;
  getRecords(jobId: string): Promise<JobRecordRow[]>;
  /** Forget a finished / cancelled / paused job (its audit lines stay). */
  removeJob(jobId: string): Promise<boolean>;
  subscribe(listener: (event: ProgressEvent) => void): () => void;
  /** Resolves when no job step is running in this runner (tests, benchmarks). */
  whenIdle(): Promise<void>;
  /** True once a hook killed this runner: it does nothing more. */
  isKilled(): boolean;
}
