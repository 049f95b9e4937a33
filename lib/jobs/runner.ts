/**
 * The resumable job runner (uBlock Origin Lite's job-list pattern): one persisted job list, one alarm
 * that always points at the earliest due job (a running job is due now, so the alarm doubles as a
 * watchdog), every wake re-derives what to do from storage, and every write goes through the storage
 * area's one write queue. One driver loop per company runs one step at a time (sequential per
 * company). Generic over what a job does: the step asks the job's operation (./operations/) to
 * prepare, send and verify; the lifecycle (./lifecycle.ts) says which job may do what.
 *
 * A wake costs O(chunk): the runner reads only the reviewed records of the chunk a job is at.
 */
import { WRITE_LANDS_WITHIN_MS } from '../domain/limits';
import { sameScope } from '../domain/scope';
import type { Journal } from '../journal/journal';
import { createJournal } from '../journal/journal';
import { type JobMeta, type JobRecord, jobRecordKey } from '../journal/schema';
import { writeQueueFor } from '../storage/queue';
import { newJobMeta, orderForChunks } from './create';
import { isWorkerKilled, WorkerKilled } from './hooks';
import {
  cancel,
  isDrivable,
  isDue,
  isRemovable,
  isUnsettled,
  isWaitingForToken,
  needsAlarm,
  pause,
  pauseFor,
  resume,
  start,
  tokenArrived,
  waitUntil,
} from './lifecycle';
import { OPERATIONS } from './operations/index';
import { recordRows } from './records-view';
import { clampAlarmWhen, doneCount, estimateEtaMs } from './schedule';
import { runJobStep } from './step';
import type { StepEnv } from './step-env';
import { DEFAULT_THROTTLE } from './throttle';
import type { CreateJobInput, JobRunner, JobRunnerOptions, JobSnapshot, ProgressEvent } from './types';

export const DEFAULT_ALARM_NAME = 'safe-delete:jobs';

interface ChunkRecords {
  index: number;
  records: JobRecord[];
  byKey: Map<string, JobRecord>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { storage, alarms, clock, hooks, outcomes } = options;
  const throttle = options.throttle ?? DEFAULT_THROTTLE;
  const minAlarmDelayMs = options.minAlarmDelayMs ?? 30_000;
  const maxInWorkerSleepMs = options.maxInWorkerSleepMs ?? 5_000;
  const alarmName = options.alarmName ?? DEFAULT_ALARM_NAME;
  const onError = options.onError ?? ((e: unknown) => console.error('safe-delete runner:', e));
  const queue = writeQueueFor(storage);
  const listeners = new Set<(event: ProgressEvent) => void>();
  const drivers = new Map<string, Promise<void>>();
  const rerun = new Set<string>();
  /** Per job: the records of the chunk it is at (write-once data, so a cache never goes stale). */
  const chunkCache = new Map<string, ChunkRecords>();
  /** Per job: every record, for the popup's list only (the runner itself never needs them all). */
  const allRecordsCache = new Map<string, JobRecord[]>();
  let dead = false;
  const readLead = { ms: 0 };

  const snapshot = (job: JobMeta): JobSnapshot => ({
    ...job,
    done: doneCount(job),
    etaMs: estimateEtaMs(job, clock.now(), throttle),
  });
  const emit = (job: JobMeta) => {
    const event: ProgressEvent = { type: 'job', job: snapshot(job) };
    for (const listener of listeners) listener(event);
  };
  const base = createJournal({ storage, queue });
  const journal: Journal = {
    ...base,
    commit: async (c) => {
      if (dead) throw new WorkerKilled('after-outcomes-written');
      const job = await base.commit(c);
      if (job) emit(job);
      return job;
    },
  };

  async function chunkRecordsOf(job: JobMeta): Promise<ChunkRecords | undefined> {
    const index = job.cursor;
    if (index >= job.chunks) return { index, records: [], byKey: new Map() };
    const cached = chunkCache.get(job.id);
    if (cached?.index === index) return cached;
    const records = await journal.readChunkRecords(job.id, index);
    if (!records) return undefined;
    const entry = { index, records, byKey: new Map(records.map((r) => [jobRecordKey(r), r])) };
    chunkCache.set(job.id, entry);
    return entry;
  }

  async function envFor(job: JobMeta): Promise<StepEnv | undefined> {
    const chunk = await chunkRecordsOf(job);
    if (!chunk) {
      await journal.commit({
        jobId: job.id,
        update: pauseFor({ code: 'chunkUnreadable', chunk: job.cursor, part: 'records' }),
      });
      return undefined;
    }
    return {
      records: chunk.records,
      byKey: chunk.byKey,
      operation: OPERATIONS[job.operation],
      journal,
      outcomes,
      clock,
      client: options.clientFor(job.realmId, job.environment),
      throttle,
      maxInWorkerSleepMs,
      retryDelayMs: options.retryDelayMs ?? 60_000,
      landingWindowMs: options.landingWindowMs ?? WRITE_LANDS_WITHIN_MS,
      singleDeleteGapMs: options.singleDeleteGapMs ?? 150,
      readLead,
      checkpoint: async (step, jobId, chunk) => {
        if (dead) throw new WorkerKilled(step);
        await hooks?.beforeStep?.(step, { jobId, chunk });
      },
      showWait: emit,
      newAttemptId: () => crypto.randomUUID(),
    };
  }

  async function drive(realmId: string): Promise<void> {
    const passed = new Set<string>();
    while (!dead) {
      const now = clock.now();
      const jobs = await journal.readJobs();
      const job = jobs.find((j) => j.realmId === realmId && !passed.has(j.id) && isDrivable(j) && isDue(j, now));
      if (!job) {
        // A short wait (a scaled Retry-After, a retry of a read) sleeps here: the alarm's 30 s
        // minimum would stretch a 3 s wait tenfold. Longer waits stop and go through the alarm.
        const soon = jobs
          .filter((j) => j.realmId === realmId && isDrivable(j) && !isWaitingForToken(j))
          .map((j) => waitUntil(j))
          .filter((u): u is number => u !== undefined && u > now)
          .sort((a, b) => a - b)[0];
        if (soon === undefined || soon - now > maxInWorkerSleepMs) return;
        await clock.sleep(soon - now);
        passed.clear();
        continue;
      }
      const env = await envFor(job);
      if (!env || (await runJobStep(env, job)) === 'stop') passed.add(job.id);
    }
  }

  function kick(realmId: string): Promise<void> {
    if (dead) return Promise.resolve();
    const running = drivers.get(realmId);
    if (running) {
      rerun.add(realmId);
      return running;
    }
    const run = (async () => {
      await reschedule();
      do {
        rerun.delete(realmId);
        await drive(realmId);
      } while (rerun.has(realmId) && !dead);
    })()
      .catch((e: unknown) => {
        if (isWorkerKilled(e)) dead = true;
        else onError(e);
      })
      .finally(() => {
        drivers.delete(realmId);
        if (!dead) void reschedule().catch(onError);
      });
    drivers.set(realmId, run);
    return run;
  }

  /** The one alarm → the earliest due job, clamped; cleared when nothing is due. */
  async function reschedule(): Promise<void> {
    if (dead) return;
    const now = clock.now();
    let earliest: number | undefined;
    for (const j of await journal.readJobs()) {
      if (!needsAlarm(j)) continue;
      const due = waitUntil(j) ?? now;
      earliest = earliest === undefined ? due : Math.min(earliest, due);
    }
    if (earliest === undefined) await alarms.clear(alarmName);
    else await alarms.create(alarmName, { when: clampAlarmWhen(earliest, now, minAlarmDelayMs) });
  }

  async function update(jobId: string, patch: (j: JobMeta) => JobMeta): Promise<JobSnapshot | undefined> {
    const job = await journal.commit({ jobId, update: patch });
    if (!job) return undefined;
    if (isDrivable(job)) void kick(job.realmId);
    else await reschedule();
    return snapshot(job);
  }

  async function wake(): Promise<void> {
    if (dead) return;
    const realms = new Set((await journal.readJobs()).filter(isDrivable).map((j) => j.realmId));
    await reschedule();
    for (const realmId of realms) void kick(realmId);
  }

  /** Journals a new job; `exclusive`: unless the company has an unsettled one (checked in the write queue). */
  async function createJournaled(input: CreateJobInput, exclusive: boolean) {
    const cuts = input.chunks;
    const records = cuts ? cuts.flat() : orderForChunks(input.records);
    const meta = newJobMeta(crypto.randomUUID(), input, records.length, clock.now());
    const blocker = await journal.createJob(
      meta,
      records,
      cuts,
      exclusive ? (jobs) => jobs.find((j) => sameScope(j, meta) && isUnsettled(j)) : undefined,
    );
    if (blocker) return { kind: 'busy', job: snapshot(blocker) } as const;
    emit(meta);
    return { kind: 'created', job: snapshot(meta) } as const;
  }

  return {
    // One unsettled job per company, re-checked inside the write queue: two starts that both passed
    // their own checks still create one job, and a cancelled job still verifying the batch it sent
    // keeps its records from a second job until it has settled. Every start in the product goes this way.
    tryCreateJob: (input) => createJournaled(input, true),
    async createJob(input) {
      return (await createJournaled(input, false)).job;
    },
    start: (jobId) => update(jobId, start(clock.now())),
    pause: (jobId) => update(jobId, pause),
    resume: (jobId) => update(jobId, resume),
    cancel: (jobId) => update(jobId, cancel(clock.now())),
    async tokenAvailable(realmId) {
      for (const j of await journal.readJobs()) {
        if (j.realmId === realmId && isWaitingForToken(j)) await update(j.id, tokenArrived);
      }
    },
    onAlarm: async (alarm) => {
      if (alarm.name === alarmName) await wake();
    },
    wake,
    async getJob(jobId) {
      const job = (await journal.readJobs()).find((j) => j.id === jobId);
      return job && snapshot(job);
    },
    listJobs: async () => (await journal.readJobs()).map(snapshot),
    unreadableJobs: () => journal.unreadableJobs(),
    async getRecords(jobId) {
      const job = (await journal.readJobs()).find((j) => j.id === jobId);
      if (!job) return [];
      let records = allRecordsCache.get(jobId);
      if (!records) {
        records = await journal.readRecords(jobId, job.chunks);
        if (!records) return [];
        allRecordsCache.set(jobId, records);
      }
      const last = Math.min(job.chunks - 1, job.cursor);
      const reads = await Promise.all(Array.from({ length: last + 1 }, (_, i) => journal.readChunk(jobId, i)));
      return recordRows(records, reads);
    },
    async removeJob(jobId) {
      const job = (await journal.readJobs()).find((j) => j.id === jobId);
      if (!job || drivers.has(job.realmId) || !isRemovable(job)) return false;
      // The job's reviewed records are the other copy of its snapshots: they go only once every
      // final outcome was kept (its audit entry).
      if ((await outcomes.keptFor(jobId)) < doneCount(job)) return false;
      await journal.removeJob(jobId);
      chunkCache.delete(jobId);
      allRecordsCache.delete(jobId);
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async whenIdle() {
      while (drivers.size > 0) await Promise.all([...drivers.values()]);
    },
    isKilled: () => dead,
  };
}
