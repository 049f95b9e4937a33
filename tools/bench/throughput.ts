/**
 * Sustained delete throughput: the real runner and the real client over loopback HTTP against the
 * simulator, on a real clock (systemClock), time-scaled ×SCALE so a few minutes of service time fit
 * in seconds. Every duration of the throttle is divided by the same factor on both sides (simulator
 * window, runner window, alarm minimum, in-worker sleep cap, retry delay), so the ceiling stays
 * 40 batch calls per (scaled) window and the figures are reported back in unscaled time.
 */
// The audit log lives in IndexedDB; in Node it is fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { createAuditLog } from '../../lib/audit/log';
import { systemClock } from '../../lib/clock';
import { createJobRunner } from '../../lib/jobs/runner';
import type { JobRunner, JobRunnerOptions } from '../../lib/jobs/types';
import { createQboClient } from '../../lib/qbo/client';
import { createRequestPacer } from '../../lib/qbo/request-pacer';
import { readReviewed, timerAlarms } from '../engine/engine-helpers';
import type { RequestLogEntry } from '../simulator/api';
import { meteredReads } from '../simulator/metering';
import { type RemoteSimulator, startRemoteSimulator } from './sim-remote';

/** 60 s window → 3 s here; override with BENCH_SCALE. */
export const SCALE = Number(process.env.BENCH_SCALE ?? 20);
export const BATCH_LIMIT = 40;
export const WINDOW_MS = 60_000; // unscaled
export const CEILING_PER_MIN = BATCH_LIMIT * 30; // 1,200 deletes per unscaled minute

export interface ThroughputResult {
  scale: number;
  records: number;
  deleted: number;
  batchCalls: number;
  queryCalls: number;
  reportCalls: number;
  /** Reads metered against the app's monthly allowance (tools/simulator/metering.ts), count(*) queries among them. */
  meteredReads: number;
  countQueries: number;
  status429: number;
  maxCallsInWindow: number;
  /** Unscaled ms from start() to the job's end, and the steady-state rate in deletes per unscaled minute. */
  wallMsReal: number;
  steadyPerMin: number;
  wholeRunPerMin: number;
  /** Mean unscaled gap between batch calls, vs the even spacing (window / limit). */
  meanGapMs: number;
  spacingMs: number;
  /** Mean real ms per chunk spent in the pre-delete reads (re-read + reconciled report). */
  meanRecheckMsReal: number;
  /** Cumulative deletes over unscaled time since start, one point per batch call. */
  series: { tMs: number; deleted: number }[];
}

/**
 * The simulator every throughput figure runs against: the service's window and limit, time-scaled
 * ×SCALE, in a child process (./sim-remote.ts) so this process's CPU is the extension's own.
 */
export function startBenchSimulator(): Promise<RemoteSimulator> {
  // The published request limits on (10 a second, 10 at once, 500 a minute per company, scaled):
  // "429 responses" then counts every kind, and the figure proves the product stays under them.
  return startRemoteSimulator({ timeScale: SCALE, windowMs: WINDOW_MS, batchLimit: BATCH_LIMIT, requestLimits: true });
}

/** As lib/background/app.ts: one pacer for the app, shared by every client of every company. */
export const benchPacer = createRequestPacer({ clock: systemClock, timeScale: SCALE });

/** A seeded company of `count` deletable records (none reconciled, closed or deposited) and their reviewed versions. */
export async function reviewedRecords(sim: RemoteSimulator, count: number, seed = 7) {
  const company = await sim.seedCompany({ count, seed, reconciledShare: 0, closedShare: 0, depositedShare: 0 });
  const client = createQboClient({
    realmId: company.realmId,
    environment: 'sandbox',
    baseUrl: sim.url,
    getToken: () => company.token,
    pacer: benchPacer,
  });
  const reviewed = await readReviewed(client, company.keys.all);
  return { company, reviewed };
}

/** Real ms each chunk spent between its first pre-delete read and its batch call (same chunk order). */
function recheckTimes(log: RequestLogEntry[]): number[] {
  const out: number[] = [];
  let firstRead: number | undefined;
  for (const e of log) {
    if (e.endpoint === 'query' || e.endpoint === 'report') firstRead ??= e.at;
    if (e.endpoint === 'batch' && firstRead !== undefined) {
      out.push(e.at - firstRead);
      firstRead = undefined;
    }
  }
  return out;
}

/**
 * The real runner on the real clock with every duration of the throttle scaled like the simulator's
 * (one runner, as the background has, whatever the number of companies); alarms are real timers.
 */
export function createScaledRunner(clientFor: JobRunnerOptions['clientFor']) {
  let runner: JobRunner | undefined;
  const { alarms, stop } = timerAlarms(() => runner);
  fakeBrowser.reset();
  runner = createJobRunner({
    storage: fakeBrowser.storage.local,
    alarms,
    clock: systemClock,
    clientFor,
    outcomes: auditSubscriber(createAuditLog({ indexedDB, clock: systemClock })),
    throttle: { batchLimit: BATCH_LIMIT, windowMs: WINDOW_MS / SCALE },
    minAlarmDelayMs: 30_000 / SCALE,
    maxInWorkerSleepMs: 5_000 / SCALE,
    retryDelayMs: 60_000 / SCALE,
    singleDeleteGapMs: Math.ceil(150 / SCALE),
  });
  return { runner, stop };
}

/** Resolves when every job of `jobIds` is done; rejects after `timeoutMs` real ms. */
export async function whenDone(runner: JobRunner, jobIds: readonly string[], timeoutMs: number): Promise<void> {
  const pending = new Set(jobIds);
  let unsubscribe: (() => void) | undefined;
  const finished = new Promise<void>((resolve) => {
    unsubscribe = runner.subscribe((e) => {
      if (e.job.status === 'done') pending.delete(e.job.id);
      if (pending.size === 0) resolve();
    });
  });
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timeout = setTimeout(() => reject(new Error(`throughput: timeout, ${pending.size} job(s) not done`)), timeoutMs);
  });
  await Promise.race([finished, limit]).finally(() => {
    clearTimeout(timeout);
    unsubscribe?.();
  });
}

/**
 * Steady state over whole throttle cycles, in deletes per unscaled minute, from one company's
 * answered batch calls (log order): the runner may send up to 40 calls in any window and then waits
 * for the window, so the rate is measured from the first call to the first call of the last complete
 * cycle (calls 0 .. 40k-1 over t[40k] - t[0]): no burst at either end inflates it.
 */
export function steadyPerMin(batches: readonly RequestLogEntry[]): number {
  const cycleEnd = Math.floor((batches.length - 1) / BATCH_LIMIT) * BATCH_LIMIT;
  const steadyDeletes = batches.slice(0, cycleEnd).reduce((n, b) => n + (b.deleteKeys?.length ?? 0), 0);
  const steadySpanMs = ((batches[cycleEnd]?.at ?? 0) - (batches[0]?.at ?? 0)) * SCALE;
  return steadySpanMs > 0 ? (steadyDeletes / steadySpanMs) * 60_000 : 0;
}

/** The most calls among `stamps` (simulator ms) in any scaled window. */
export function maxCallsInWindow(stamps: readonly number[]): number {
  const windowReal = WINDOW_MS / SCALE;
  return Math.max(0, ...stamps.map((t) => stamps.filter((s) => s > t - windowReal && s <= t).length));
}

export async function measureThroughput(count: number): Promise<ThroughputResult> {
  const sim = await startBenchSimulator();
  try {
    const { company, reviewed } = await reviewedRecords(sim, count);
    const logBefore = (await sim.requestLog(company.realmId)).length;
    const { runner, stop } = createScaledRunner((realmId, environment) =>
      createQboClient({ realmId, environment, baseUrl: sim.url, getToken: () => company.token, pacer: benchPacer }),
    );
    const job = await runner.createJob({ realmId: company.realmId, environment: 'sandbox', records: reviewed });
    const started = Date.now();
    const done = whenDone(runner, [job.id], 90_000);
    await runner.start(job.id);
    await done;
    const ended = Date.now();
    await runner.whenIdle();
    stop();

    const log = await sim.requestLog(company.realmId, logBefore);
    const batches = log.filter((e) => e.endpoint === 'batch' && e.status === 200);
    const stamps = batches.map((e) => e.at);
    const series: { tMs: number; deleted: number }[] = [{ tMs: 0, deleted: 0 }];
    let cumulative = 0;
    for (const b of batches) {
      cumulative += b.deleteKeys?.length ?? 0;
      series.push({ tMs: (b.at - started) * SCALE, deleted: cumulative });
    }
    const rechecks = recheckTimes(log);
    return {
      scale: SCALE,
      records: count,
      deleted: await sim.deletedCount(company.realmId),
      batchCalls: log.filter((e) => e.endpoint === 'batch').length,
      queryCalls: log.filter((e) => e.endpoint === 'query').length,
      reportCalls: log.filter((e) => e.endpoint === 'report').length,
      meteredReads: log.reduce((n, e) => n + meteredReads(e), 0),
      countQueries: log.filter(
        (e) => e.endpoint === 'query' && /count\(\*\)/i.test(decodeURIComponent(e.path + (e.body ?? ''))),
      ).length,
      status429: log.filter((e) => e.status === 429).length,
      maxCallsInWindow: maxCallsInWindow(stamps),
      wallMsReal: ended - started,
      steadyPerMin: steadyPerMin(batches),
      wholeRunPerMin: (cumulative / ((ended - started) * SCALE)) * 60_000,
      meanGapMs: stamps.length > 1 ? ((stamps.at(-1)! - stamps[0]!) / (stamps.length - 1)) * SCALE : 0,
      spacingMs: Math.ceil(WINDOW_MS / BATCH_LIMIT),
      meanRecheckMsReal: rechecks.length ? rechecks.reduce((a, b) => a + b, 0) / rechecks.length : 0,
      series,
    };
  } finally {
    await sim.close();
  }
}
