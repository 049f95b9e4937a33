/**
 * The runner sends on the throttle's schedule (1.5 s apart under 40 calls a minute), re-reading each
 * chunk just before its slot; one driver per company, kept asleep only by its own company's due waits.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ProgressEvent } from '../../lib/jobs/types';
import type { CallFailure } from '../../lib/qbo/outcomes';
import { type Call, failure, limited, meta, REALM, rec, run, setup, storeJob, T0 } from './runner-harness';

describe('a job run to the end', () => {
  it('sends one batch per chunk, 1.5 s apart (slept in the worker), and finishes done with no alarm left', async () => {
    const s = setup(5);
    const events: ProgressEvent[] = [];
    s.runner.subscribe((e) => events.push(e));
    const id = await s.job(undefined, 2);
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'done', cursor: 3, openChunk: false, unverified: 0, done: 5, etaMs: 0 });
    expect(end?.counts.deleted).toBe(5);
    expect(end?.startedAt).toBe(T0);
    expect(end?.finishedAt).toBe(s.clock.now());
    const batches = s.svc.calls.filter((c) => c.op === 'batch');
    expect(batches.map((c) => c.ids)).toEqual([['1', '2'], ['3', '4'], ['5']]);
    expect(batches.map((c) => c.at - T0)).toEqual([0, 1_500, 3_000]);
    expect(s.svc.records.size).toBe(0);
    expect(await s.alarm()).toBeUndefined();
    // Progress: done only grows, and the pacing sleeps were shown.
    const dones = events.map((e) => e.job.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(dones.at(-1)).toBe(5);
    expect(events.some((e) => e.job.wait?.kind === 'pacing')).toBe(true);
    // One audit line per record, with the pre-delete snapshot and the service's transaction id.
    const audit = (await s.audit.read({ jobId: id })).entries;
    expect(audit.map((e) => e.id).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(audit[0]).toMatchObject({ outcome: 'deleted', intuitTid: 'tid-1', realmId: REALM, jobId: id });
  });

  it('a pacing wait longer than the in-worker sleep goes through the alarm (its `when`, unclamped)', async () => {
    const s = setup(2, { maxInWorkerSleepMs: 0, minAlarmDelayMs: 0 });
    const id = await s.job(undefined, 1);
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', wait: { kind: 'pacing', until: T0 + 1_500 }, cursor: 1 });
    expect(await s.alarm()).toBe(T0 + 1_500);
    // Another alarm's name does nothing.
    s.clock.set(T0 + 1_500);
    await s.runner.onAlarm({ name: 'other' });
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('waiting');
    await s.fire();
    expect((await s.runner.getJob(id))?.status).toBe('done');
    expect(s.svc.calls.filter((c) => c.op === 'batch').map((c) => c.at - T0)).toEqual([0, 1_500]);
  });
});

describe('reads and sends on time', () => {
  it('slow re-reads start ahead of the slot: every send leaves exactly 1.5 s after the previous one', async () => {
    const s = setup(3);
    const read = s.svc.client.readByIds;
    s.svc.client.readByIds = async (entity, ids) => {
      const r = await read(entity, ids);
      s.clock.advance(400);
      return r;
    };
    await run(s, await s.job(undefined, 1));
    const at = (op: Call['op']) => s.svc.calls.filter((c) => c.op === op).map((c) => c.at - T0);
    expect(at('batch')).toEqual([400, 1_900, 3_400]);
    expect(at('read')).toEqual([0, 1_500, 3_000]);
  });

  it('fast re-reads are made at the slot, not right after the previous send', async () => {
    const s = setup(2);
    await run(s, await s.job(undefined, 1));
    expect(s.svc.calls.filter((c) => c.op === 'read').map((c) => c.at - T0)).toEqual([0, 1_500]);
  });

  it('one re-read per entity in a chunk', async () => {
    const s = setup(0);
    const bill = rec('7', { entity: 'Bill' });
    const inv = rec('8');
    s.svc.records.set('Bill:7', bill);
    s.svc.records.set('Invoice:8', inv);
    const end = await run(s, await s.job([bill, inv].map((record) => ({ record, reconciled: false }))));
    expect(end?.counts.deleted).toBe(2);
    expect(s.svc.calls.filter((c) => c.op === 'read').map((c) => c.ids)).toEqual([['7'], ['8']]);
    expect(s.svc.calls.find((c) => c.op === 'batch')?.ids).toEqual(['7', '8']);
  });

  it('of two short waits in one company, the worker sleeps until the earlier one', async () => {
    const s = setup(2);
    const [a, b] = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    const first = await s.job([a!]);
    const second = await s.job([b!]);
    // Both running in storage, listed first then second; one wake drives them.
    const list = (await fakeBrowser.storage.local.get('sd:jobs'))['sd:jobs'] as object[];
    await fakeBrowser.storage.local.set({ 'sd:jobs': list.map((j) => ({ ...j, status: 'running' })) });
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 8_000, meta: { status: 429 } }));
    s.svc.next.read.push((_entity, ids) => ({ kind: 'ok', meta, calls: 1, records: ids.map((i) => rec(i)) }));
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'r', meta: { status: 0 } }));
    s.runner = s.make({ retryDelayMs: 4_000 });
    await s.runner.wake();
    await s.runner.whenIdle();
    // first waits until T0 + 8 s, second (read at its 1.5 s slot) until T0 + 5.5 s: the worker
    // sleeps until 5.5 s and reads second again, it does not give up on the 8 s wait.
    const reads = s.svc.calls.filter((c) => c.op === 'read');
    expect(reads.map((c) => [c.ids[0], c.at - T0])).toEqual([
      ['1', 0],
      ['2', 1_500],
      ['2', 5_500],
      ['1', 8_000],
    ]);
    expect((await s.runner.getJob(first))?.status).toBe('done');
    expect((await s.runner.getJob(second))?.status).toBe('done');
  });

  it('a new worker’s first re-read waits for the throttle slot left by the previous worker', async () => {
    const s = setup(0);
    const first = await s.jobIn('1', ['10']);
    await s.runner.start(first);
    await s.runner.whenIdle();
    const next = s.make();
    const second = (await next.createJob({ realmId: '1', environment: 'sandbox', records: s.svc.seed('11') })).id;
    await next.start(second);
    await next.whenIdle();
    // The re-read is the records' read and the reconciled report (R2), both at the slot.
    expect(s.svc.calls.map((c) => [c.op, c.at - T0])).toEqual([
      ['read', 0],
      ['report', 0],
      ['batch', 0],
      ['read', 1_500],
      ['report', 1_500],
      ['batch', 1_500],
    ]);
  });
});

describe('the throttle option', () => {
  it('no throttle option: the production 40 / 60 s (1.5 s apart); a given throttle is used as is', async () => {
    const s = setup(2, { throttle: undefined });
    await run(s, await s.job(undefined, 1));
    expect(s.svc.calls.filter((c) => c.op === 'batch').map((c) => c.at - T0)).toEqual([0, 1_500]);
    const t = setup(2, { throttle: { batchLimit: 4, windowMs: 2_000 } });
    await run(t, await t.job(undefined, 1));
    expect(t.svc.calls.filter((c) => c.op === 'batch').map((c) => c.at - T0)).toEqual([0, 500]);
  });
});

describe('which waits keep the worker asleep (the drive loop’s soonest wait)', () => {
  it('another company’s short wait does not keep this company’s driver asleep', async () => {
    const s = setup(0);
    const other = await s.jobIn('2', ['20']);
    await storeJob(other, { status: 'waiting', wait: { kind: 'rateLimit', until: T0 + 3_000 } });
    const mine = await s.jobIn('1', ['10']);
    await s.runner.start(mine);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(mine))?.status).toBe('done');
    // This driver returned at once: nothing slept, and the other company was not driven from here.
    expect(s.clock.now()).toBe(T0);
    expect(s.svc.sent()).toEqual([['10', 0]]);
    expect((await s.runner.getJob(other))?.status).toBe('waiting');
  });

  it('a paused job’s leftover wait does not keep the worker asleep', async () => {
    const s = setup(0);
    const paused = await s.jobIn('1', ['20']);
    await storeJob(paused, { status: 'paused', wait: { kind: 'rateLimit', until: T0 + 3_000 } });
    const mine = await s.jobIn('1', ['10']);
    await s.runner.start(mine);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(mine))?.status).toBe('done');
    expect(s.clock.now()).toBe(T0);
    expect(await s.runner.getJob(paused)).toMatchObject({ status: 'paused', wait: { until: T0 + 3_000 } });
  });

  it('a wait already over when the step stops is left to the alarm: no second send in the same pass', async () => {
    const s = setup(0, { minAlarmDelayMs: 30_000 });
    s.svc.next.batch.push(limited(0));
    const id = await s.jobIn('1', ['10']);
    await s.runner.start(id);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'waiting', wait: { kind: 'rateLimit', until: T0 } });
    expect(s.svc.sent()).toEqual([['10', 0]]);
    expect(await s.alarm()).toBe(T0 + 30_000);
  });
});

/** Let every pending promise chain and timer callback run. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('a kick while the company’s driver is running', () => {
  it('starts no second driver: the job made runnable mid-call is driven after it, by the same driver', async () => {
    const s = setup(0);
    const a = await s.jobIn('1', ['10']);
    const b = await s.jobIn('1', ['11']);
    // Both running (listed a then b): one wake drives them in one pass.
    await storeJob(a, { status: 'running' });
    await storeJob(b, { status: 'running' });
    s.svc.next.batch.push(() => ({ kind: 'unauthorized', meta: { status: 401 } }) satisfies CallFailure as never);
    s.svc.next.batch.push(async (items) => {
      // While b's call is out, a token arrives: a is runnable again and its company is kicked.
      await s.runner.tokenAvailable('1');
      expect((await s.runner.getJob(a))?.status).toBe('running');
      await settle();
      return { kind: 'ok', meta, results: new Map(items.map((i) => [i.bId, { kind: 'deleted' as const }])) };
    });
    await s.runner.wake();
    await s.runner.whenIdle();
    expect(s.svc.overlaps()).toBe(0);
    // a (401), b, then a again in a second pass of the same driver, on the throttle's 1.5 s spacing.
    expect(s.svc.sent()).toEqual([
      ['10', 0],
      ['11', 1_500],
      ['10', 3_000],
    ]);
    expect((await s.runner.getJob(a))?.status).toBe('done');
    expect((await s.runner.getJob(b))?.status).toBe('done');
    expect(await s.alarm()).toBeUndefined();
  });
});
