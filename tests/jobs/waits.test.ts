/**
 * Waits: 429 → persisted resumeAt → the one alarm (its `when`, and the 30 s clamp) → resume;
 * 401 → "token needed" → tokenAvailable → resume; the throttle keeps a long run free of 429s;
 * progress events carry done/total, the wait and an ETA.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import type { ProgressEvent } from '../../lib/jobs/types';
import { createHarness, type Harness, MIN_ALARM_MS } from './harness';

/** How many calls fall in the rolling window (at - windowMs, at]: the ceiling the service counts. */
const callsInWindow = (stamps: readonly number[], at: number, windowMs: number) =>
  stamps.filter((t) => t > at - windowMs && t <= at).length;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Another app on the same company spends the batch quota (query-only batch items: nothing deleted). */
async function spendBatchQuota(harness: Harness, calls: number) {
  for (let i = 0; i < calls; i++) {
    await fetch(`${harness.sim.url}/v3/company/${harness.realmId}/batch?minorversion=75`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${harness.company.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ BatchItemRequest: [{ bId: '1', Query: 'select * from Invoice maxresults 1' }] }),
    });
  }
}

async function startJob(harness: Harness, count?: number, extra?: Parameters<Harness['runner']>[0]) {
  const runner = harness.runner(extra);
  const records = await harness.review(harness.company.keys.all.slice(0, count));
  const job = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records });
  await runner.start(job.id);
  await runner.whenIdle();
  return { runner, job };
}

// Both fidelity modes: the real service's 429 arrives as XML and its 401 as a lowercase gateway body.
describe.each(['document', 'real'] as const)('%s mode', (mode) => {
  describe('429: rate limited', () => {
    it('persists resumeAt = now + Retry-After, points the alarm at it, and resumes when it fires', async () => {
      h = await createHarness({ count: 60, entities: { Invoice: 1 } }, { mode });
      await spendBatchQuota(h, 40);
      const before = h.clock.now();
      const { runner, job } = await startJob(h);
      const waiting = await runner.getJob(job.id);
      expect(waiting?.status).toBe('waiting');
      expect(waiting?.wait).toEqual({ kind: 'rateLimit', until: before + 60_000 });
      expect((await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME))?.scheduledTime).toBe(before + 60_000);
      const { job: end, alarmWhens } = await h.settle(runner, job.id);
      expect(alarmWhens[0]).toBe(before + 60_000);
      expect(end.status).toBe('done');
      expect(end.counts.deleted).toBe(60);
      expect(h.sim.requestLog(h.realmId).filter((e) => e.status === 429)).toHaveLength(1);
      expect(await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME)).toBeUndefined();
    });

    it('clamps the alarm to now + minAlarmDelayMs when Retry-After is shorter (packed MV3: 30 s)', async () => {
      // timeScale 60: the service's window and its Retry-After shrink to 1 s.
      h = await createHarness({ count: 30, entities: { Invoice: 1 } }, { timeScale: 60, mode });
      await spendBatchQuota(h, 40);
      const before = h.clock.now();
      // maxInWorkerSleepMs 0: the wait must go through the alarm (waits up to it sleep in the worker).
      const { runner, job } = await startJob(h, undefined, { maxInWorkerSleepMs: 0 });
      const waiting = await runner.getJob(job.id);
      expect(waiting?.wait).toEqual({ kind: 'rateLimit', until: before + 1_000 });
      expect((await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME))?.scheduledTime).toBe(before + MIN_ALARM_MS);
      const { job: end } = await h.settle(runner, job.id);
      expect(end.status).toBe('done');
    });
  });

  describe('short waits', () => {
    it('a Retry-After shorter than maxInWorkerSleepMs sleeps in the worker instead of a 30 s alarm, and never retries early', async () => {
      h = await createHarness({ count: 30, entities: { Invoice: 1 } }, { timeScale: 60, mode });
      await spendBatchQuota(h, 40);
      const before = h.clock.now();
      const { runner, job } = await startJob(h);
      const end = await runner.getJob(job.id);
      expect(end?.status).toBe('done');
      expect(h.clock.now() - before).toBeLessThan(MIN_ALARM_MS);
      const log = h.sim.requestLog(h.realmId).filter((e) => e.endpoint === 'batch');
      const limited = log.filter((e) => e.status === 429);
      expect(limited).toHaveLength(1);
      const retried = log.find((e) => e.at > (limited[0]?.at ?? 0) && e.status === 200);
      expect((retried?.at ?? 0) - (limited[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    });
  });

  describe('401: token needed', () => {
    it('pauses as tokenNeeded (no alarm), and resumes when a token arrives', async () => {
      h = await createHarness({ count: 90, entities: { Invoice: 1 } }, { mode });
      const harness = h;
      const runner = h.runner({
        hooks: {
          beforeStep: (step, at) => {
            if (step === 'after-outcomes-written' && at.chunk === 0) harness.sim.expireToken(harness.company.token);
          },
        },
      });
      const records = await h.review(h.company.keys.all);
      const job = await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records });
      await runner.start(job.id);
      await runner.whenIdle();
      const paused = await runner.getJob(job.id);
      expect(paused?.status).toBe('tokenNeeded');
      expect(paused?.wait).toEqual({ kind: 'tokenNeeded' });
      expect(paused?.etaMs).toBeUndefined();
      expect(paused?.done).toBe(30);
      expect(await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME)).toBeUndefined();
      h.setToken(h.sim.issueToken(h.realmId));
      await runner.tokenAvailable(h.realmId);
      const { job: end } = await h.settle(runner, job.id);
      expect(end.status).toBe('done');
      expect(end.counts.deleted).toBe(90);
      for (const key of h.company.keys.all) expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBe(1);
    });
  });
});

describe('throttle and progress', () => {
  it('1,230 records: 41 batch calls, never more than 40 in any 60 s window, no 429; progress and ETA', async () => {
    h = await createHarness({ count: 1230, entities: { Invoice: 1 } });
    const runner = h.runner();
    const events: ProgressEvent[] = [];
    runner.subscribe((e) => events.push(e));
    const records = await h.review(h.company.keys.all);
    const job = await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records });
    expect(job.etaMs).toBe(41 * 1500);
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.counts.deleted).toBe(1230);
    const log = h.sim.requestLog(h.realmId);
    expect(log.filter((e) => e.status === 429)).toHaveLength(0);
    const batchTimes = log.filter((e) => e.endpoint === 'batch').map((e) => e.at);
    expect(batchTimes).toHaveLength(41);
    for (const t of batchTimes) expect(callsInWindow(batchTimes, t, 60_000)).toBeLessThanOrEqual(40);
    const pacing = events.filter((e) => e.job.wait?.kind === 'pacing');
    expect(pacing.length).toBeGreaterThan(30);
    const dones = events.map((e) => e.job.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    const etas = events.filter((e) => e.job.status === 'running').map((e) => e.job.etaMs ?? -1);
    expect(etas[0]).toBeGreaterThan(etas[etas.length - 1] ?? Number.POSITIVE_INFINITY);
  }, 60_000);

  it('slow pre-delete reads do not widen the gaps: the re-read starts ahead of the slot, the send leaves at it', async () => {
    h = await createHarness({ count: 300, entities: { Invoice: 1 } });
    const harness = h;
    const runner = h.runner({
      // Every read takes 400 ms of service time (the manual clock moves while it is "in flight").
      clientFor: (realm, environment) => {
        const real = harness.clientFor(realm, environment);
        const slow =
          <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
          async (...a: A) => {
            const r = await f(...a);
            harness.clock.advance(400);
            return r;
          };
        return { ...real, readByIds: slow(real.readByIds), readReconciled: slow(real.readReconciled) };
      },
    });
    const records = await h.review(h.company.keys.all);
    const job = await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records });
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.counts.deleted).toBe(300);
    const times = h.sim
      .requestLog(h.realmId)
      .filter((e) => e.endpoint === 'batch')
      .map((e) => e.at);
    expect(times).toHaveLength(10);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    // The first gap pays for one read (no lead learnt yet); from then on every gap is the spacing.
    expect(gaps.slice(1)).toEqual(Array(8).fill(1500));
  }, 60_000);
});
