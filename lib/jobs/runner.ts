/**
 * The resumable job runner (uBlock Origin Lite's job-list pattern): one persisted job list, one alarm
 * that always points at the earliest due job (a running job is due now, so the alarm doubles as a
 * watchdog), every wake re-derives what to do from storage, and every write goes through one promise
 * chain. One driver loop per company runs one step at a time (sequential per company).
 */
import { createAuditLog } from '../audit/log';
import type { Journal } from '../journal/journal';
import { createJournal } from '../journal/journal';
import type { JobMeta, ReviewedRecord } from '../journal/schema';
import { createWriteQueue } from '../journal/write-queue';
import { keyOf } from './classify';
import { pauseWithError } from './commit';
import { newJobMeta, orderForChunks } from './create';
import { isWorkerKilled, WorkerKilled } from './hooks';
import { recordRows } from './records-view';
import { clampAlarmWhen, doneCount, estimateEtaMs, isWaitingForToken, waitUntil } from './schedule';
import { runJobStep } from './step';
import type { StepEnv } from './step-env';
import { DEFAULT_THROTTLE } from './throttle';
import type { JobRunner, JobRunnerOptions, JobSnapshot, ProgressEvent } from './types';

export const DEFAULT_ALARM_NAME = 'safe-delete:jobs';

const sending = (j: JobMeta) => j.status === 'running' || j.status === 'waiting';
/** Paused / cancelled jobs still finish R5 verification of their open chunk (never left unverified). */
const drivable = (j: JobMeta) => sending(j) || (j.openChunk && (j.status === 'paused' || j.status === 'cancelled'));
const isDue = (j: JobMeta, now: number) => !isWaitingForToken(j) && (waitUntil(j) ?? now) <= now;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { storage, alarms, clock, hooks } = options;
  const throttle = options.throttle ?? DEFAULT_THROTTLE;
  const minAlarmDelayMs = options.minAlarmDelayMs ?? 30_000;
  const maxInWorkerSleepMs = options.maxInWorkerSleepMs ?? 5_000;
  const alarmName = options.alarmName ?? DEFAULT_ALARM_NAME;
  const onError = options.onError ?? ((e: unknown) => console.error('safe-delete runner:', e));
  const queue = createWriteQueue();
  const audit = createAuditLog({ storage, queue, clock, retention: options.retention });
  const listeners = new Set<(event: ProgressEvent) => void>();
  const drivers = new Map<string, Promise<void>>();
  const rerun = new Set<string>();
  const reviewedCache = new Map<string, { reviewed: ReviewedRecord[]; byKey: Map<string, ReviewedRecord> }>();
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
  const base = createJournal({ storage, queue, audit });
  const journal: Journal = {
    ...base,
    commit: async (c) => {
      if (dead) throw new WorkerKilled('after-outcomes-written');
      const job = await base.commit(c);
      if (job) emit(job);
      return job;
    },
  };

  async function reviewedFor(jobId: string) {
    const cached = reviewedCache.get(jobId);
    if (cached) return cached;
    const reviewed = await journal.readRecords(jobId);
    if (!reviewed) return undefined;
    const entry = { reviewed, byKey: new Map(reviewed.map((r) => [keyOf(r.record), r])) };
    reviewedCache.set(jobId, entry);
    return entry;
  }

  async function envFor(job: JobMeta): Promise<StepEnv | undefined> {
    const records = await reviewedFor(job.id);
    if (!records) {
      await journal.commit({ jobId: job.id, update: pauseWithError('The reviewed records are unreadable') });
      return undefined;
    }
    return {
      ...records,
      journal,
      clock,
      client: options.clientFor(job.realmId, job.environment),
      throttle,
      maxInWorkerSleepMs,
      retryDelayMs: options.retryDelayMs ?? 60_000,
      singleDeleteGapMs: options.singleDeleteGapMs ?? 150,
      readLead,
      checkpoint: async (step, jobId, chunk) => {
        if (dead) throw new WorkerKilled(step);
        await hooks?.beforeStep?.(step, { jobId, chunk });
      },
      showWait: emit,
    };
  }

  async function drive(realmId: string): Promise<void> {
    const passed = new Set<string>();
    while (!dead) {
      const now = clock.now();
      const jobs = await journal.readJobs();
      const job = jobs.find((j) => j.realmId === realmId && !passed.has(j.id) && drivable(j) && isDue(j, now));
      if (!job) {
        // A short wait (a scaled Retry-After, a retry of a read) sleeps here: the alarm's 30 s
        // minimum would stretch a 3 s wait tenfold. Longer waits stop and go through the alarm.
        const soon = jobs
          .filter((j) => j.realmId === realmId && drivable(j) && !isWaitingForToken(j))
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
      if (!drivable(j) || isWaitingForToken(j)) continue;
      if (!sending(j) && j.unverified === 0) continue;
      const due = waitUntil(j) ?? now;
      earliest = earliest === undefined ? due : Math.min(earliest, due);
    }
    if (earliest === undefined) await alarms.clear(alarmName);
    else await alarms.create(alarmName, { when: clampAlarmWhen(earliest, now, minAlarmDelayMs) });
  }

  async function update(jobId: string, patch: (j: JobMeta) => JobMeta): Promise<JobSnapshot | undefined> {
    const job = await journal.commit({ jobId, update: patch });
    if (!job) return undefined;
    if (drivable(job)) void kick(job.realmId);
    else await reschedule();
    return snapshot(job);
  }

  async function wake(): Promise<void> {
    if (dead) return;
    const realms = new Set((await journal.readJobs()).filter(drivable).map((j) => j.realmId));
    await reschedule();
    for (const realmId of realms) void kick(realmId);
  }

  return {
    audit,
    async createJob(input) {
      const records = orderForChunks(input.records);
      const meta = newJobMeta(crypto.randomUUID(), input, records.length, clock.now());
      await journal.createJob(meta, records);
      emit(meta);
      return snapshot(meta);
    },
    start: (jobId) =>
      update(jobId, (j) =>
        j.status === 'created' || j.status === 'paused'
          ? { ...j, status: 'running', error: undefined, startedAt: j.startedAt ?? clock.now() }
          : j,
      ),
    pause: (jobId) => update(jobId, (j) => (sending(j) || j.status === 'tokenNeeded' ? { ...j, status: 'paused' } : j)),
    resume: (jobId) =>
      update(jobId, (j) =>
        j.status === 'paused'
          ? { ...j, status: isWaitingForToken(j) ? 'tokenNeeded' : 'running', error: undefined }
          : j,
      ),
    cancel: (jobId) =>
      update(jobId, (j) =>
        j.status === 'done' || j.status === 'cancelled'
          ? j
          : { ...j, status: 'cancelled', finishedAt: j.openChunk ? undefined : clock.now() },
      ),
    async tokenAvailable(realmId) {
      for (const j of await journal.readJobs()) {
        if (j.realmId !== realmId || !isWaitingForToken(j)) continue;
        await update(j.id, (x) => ({
          ...x,
          wait: undefined,
          status: x.status === 'tokenNeeded' ? 'running' : x.status,
        }));
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
    async getRecords(jobId) {
      const job = (await journal.readJobs()).find((j) => j.id === jobId);
      const records = job && (await reviewedFor(jobId));
      if (!job || !records) return [];
      const last = Math.min(job.chunks - 1, job.cursor);
      const reads = await Promise.all(Array.from({ length: last + 1 }, (_, i) => journal.readChunk(jobId, i)));
      return recordRows(records.reviewed, reads);
    },
    async removeJob(jobId) {
      const job = (await journal.readJobs()).find((j) => j.id === jobId);
      if (!job || drivers.has(job.realmId) || sending(job) || (job.openChunk && job.status !== 'done')) return false;
      await journal.removeJob(jobId);
      reviewedCache.delete(jobId);
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
