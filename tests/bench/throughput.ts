/**
 * Sustained delete throughput: the real runner and the real client over loopback HTTP against the
 * simulator, on a real clock (systemClock), time-scaled ×SCALE so a few minutes of service time fit
 * in seconds. Every duration of the throttle is divided by the same factor on both sides (simulator
 * window, runner window, alarm minimum, in-worker sleep cap, retry delay), so the ceiling stays
 * 40 batch calls per (scaled) window and the figures are reported back in unscaled time.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { systemClock } from '../../lib/clock';
import { createJobRunner } from '../../lib/jobs/runner';
import type { JobRunner } from '../../lib/jobs/types';
import { createQboClient } from '../../lib/qbo/client';
import type { RequestLogEntry } from '../simulator/api';
import { startSimulator } from '../simulator/index';
import { readReviewed, timerAlarms } from '../tools/engine-helpers';

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

async function reviewedRecords(sim: Awaited<ReturnType<typeof startSimulator>>, count: number) {
  const company = sim.seedCompany({ count, seed: 7, reconciledShare: 0, closedShare: 0, depositedShare: 0 });
  const client = createQboClient({
    realmId: company.realmId,
    environment: 'sandbox',
    baseUrl: sim.url,
    getToken: () => company.token,
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

export async function measureThroughput(count: number): Promise<ThroughputResult> {
  const sim = await startSimulator({ timeScale: SCALE, windowMs: WINDOW_MS, batchLimit: BATCH_LIMIT });
  try {
    const { company, reviewed } = await reviewedRecords(sim, count);
    const logBefore = sim.requestLog(company.realmId).length;
    let runner: JobRunner | undefined;
    const { alarms, stop } = timerAlarms(() => runner);
    fakeBrowser.reset();
    runner = createJobRunner({
      storage: fakeBrowser.storage.local,
      alarms,
      clock: systemClock,
      clientFor: (realmId, environment) =>
        createQboClient({ realmId, environment, baseUrl: sim.url, getToken: () => company.token }),
      throttle: { batchLimit: BATCH_LIMIT, windowMs: WINDOW_MS / SCALE },
      minAlarmDelayMs: 30_000 / SCALE,
      maxInWorkerSleepMs: 5_000 / SCALE,
      retryDelayMs: 60_000 / SCALE,
      singleDeleteGapMs: Math.ceil(150 / SCALE),
    });
    const job = await runner.createJob({ realmId: company.realmId, environment: 'sandbox', records: reviewed });
    const finished = new Promise<void>((resolve) => {
      runner?.subscribe((e) => {
        if (e.job.id === job.id && e.job.status === 'done') resolve();
      });
    });
    const started = Date.now();
    await runner.start(job.id);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error('throughput: timeout')), 90_000);
    });
    await Promise.race([finished, limit]).finally(() => clearTimeout(timeout));
    const ended = Date.now();
    await runner.whenIdle();
    stop();

    const log = sim.requestLog(company.realmId).slice(logBefore);
    const batches = log.filter((e) => e.endpoint === 'batch' && e.status === 200);
    const stamps = batches.map((e) => e.at);
    const series: { tMs: number; deleted: number }[] = [{ tMs: 0, deleted: 0 }];
    let cumulative = 0;
    for (const b of batches) {
      cumulative += b.deleteKeys?.length ?? 0;
      series.push({ tMs: (b.at - started) * SCALE, deleted: cumulative });
    }
    // Steady state over whole throttle cycles: the runner may send up to 40 calls in any window and
    // then waits for the window, so the rate is measured from the first call to the first call of
    // the last complete cycle (calls 0 .. 40k-1 over t[40k] - t[0]): no burst at either end inflates it.
    const cycleEnd = Math.floor((batches.length - 1) / BATCH_LIMIT) * BATCH_LIMIT;
    const full = batches.slice(0, cycleEnd);
    const steadyDeletes = full.reduce((n, b) => n + (b.deleteKeys?.length ?? 0), 0);
    const steadySpanMs = ((batches[cycleEnd]?.at ?? 0) - (batches[0]?.at ?? 0)) * SCALE;
    const windowReal = WINDOW_MS / SCALE;
    const rechecks = recheckTimes(log);
    return {
      scale: SCALE,
      records: count,
      deleted: sim.truth(company.realmId).deletedKeys().length,
      batchCalls: log.filter((e) => e.endpoint === 'batch').length,
      queryCalls: log.filter((e) => e.endpoint === 'query').length,
      reportCalls: log.filter((e) => e.endpoint === 'report').length,
      status429: log.filter((e) => e.status === 429).length,
      maxCallsInWindow: Math.max(0, ...stamps.map((t) => stamps.filter((s) => s > t - windowReal && s <= t).length)),
      wallMsReal: ended - started,
      steadyPerMin: steadySpanMs > 0 ? (steadyDeletes / steadySpanMs) * 60_000 : 0,
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
