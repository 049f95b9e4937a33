/**
 * Mutation survivors of lib/jobs/runner.ts, second pass: the drive loop's "soonest wait" (which
 * jobs' waits may keep the worker asleep), a kick while the company's driver is already running, the
 * default error handler, and the job list (getRecords, removeJob). The real runner on fakeBrowser
 * storage and alarms, against a small in-memory service on a manual clock.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { createAuditLog } from '../../lib/audit/log';
import { createJobRunner, DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import type { JobMeta, JobRunner, JobRunnerOptions, ReviewedRecord } from '../../lib/jobs/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { CallFailure, DeleteItemResult, TxnRecord } from '../../lib/qbo/outcomes';
import { storageKey } from '../../lib/storage/keys';
import { createManualClock, type ManualClock } from '../support/clock';
import { NO_VOIDS } from '../support/no-voids';

const T0 = 2_000_000;
const meta = { status: 200, intuitTid: 'tid-2' };

const rec = (id: string): TxnRecord => ({
  entity: 'Invoice',
  id,
  syncToken: '0',
  txnDate: '2025-06-01',
  linkedTxn: [],
  raw: { Id: id, SyncToken: '0' },
});
const reviewed = (...ids: string[]): ReviewedRecord[] => ids.map((id) => ({ record: rec(id), reconciled: false }));

type BatchAnswer = Awaited<ReturnType<QboClient['batchDelete']>>;

/**
 * Every record exists until deleted; `batch` answers override the default (delete them all). Calls
 * of one company that overlap (a second request before the first was answered) are counted.
 */
function service(clock: ManualClock) {
  const gone = new Set<string>();
  const calls: { op: 'read' | 'batch'; at: number; ids: string[] }[] = [];
  const batch: ((ids: string[]) => BatchAnswer | Promise<BatchAnswer>)[] = [];
  const pending = new Map<string, number>();
  let overlaps = 0;
  const del = (id: string): DeleteItemResult => {
    if (gone.has(id)) return { kind: 'alreadyGone', fault: { code: '610', message: 'gone' } };
    gone.add(id);
    return { kind: 'deleted' };
  };
  async function call<T>(realmId: string, f: () => T | Promise<T>): Promise<T> {
    const n = pending.get(realmId) ?? 0;
    if (n > 0) overlaps++;
    pending.set(realmId, n + 1);
    try {
      return await f();
    } finally {
      pending.set(realmId, (pending.get(realmId) ?? 1) - 1);
    }
  }
  const clientFor = (realmId: string): QboClient => ({
    realmId,
    environment: 'sandbox',
    readByIds: (_entity, ids) =>
      call(realmId, () => {
        calls.push({ op: 'read', at: clock.now(), ids: [...ids] });
        return { kind: 'ok', meta, records: ids.filter((id) => !gone.has(id)).map(rec), calls: 1 };
      }),
    readPreferences: async () => ({ kind: 'ok', meta }),
    readCompanyInfo: async () => ({ kind: 'ok', meta, companyName: 'x' }),
    readReconciled: async () => ({ kind: 'ok', meta, rows: [], calls: 1 }),
    batchDelete: (items) =>
      call(realmId, () => {
        calls.push({ op: 'batch', at: clock.now(), ids: items.map((i) => i.id) });
        const over = batch.shift();
        if (over) return over(items.map((i) => i.id));
        return { kind: 'ok', meta, results: new Map(items.map((i) => [i.bId, del(i.id)])) };
      }),
    ...NO_VOIDS,
    deleteOne: async (item) => ({ kind: 'ok', meta, result: del(item.id) }),
  });
  return {
    clientFor,
    calls,
    batch,
    overlaps: () => overlaps,
    sent: () => calls.filter((c) => c.op === 'batch').map((c) => [c.ids.join(','), c.at - T0]),
  };
}

let db = 0;
function setup(extra: Partial<JobRunnerOptions> = {}) {
  fakeBrowser.reset();
  const clock = createManualClock(T0);
  const svc = service(clock);
  const audit = createAuditLog({ clock, dbName: `runner-mutants2-${db++}` });
  const make = (more: Partial<JobRunnerOptions> = {}): JobRunner =>
    createJobRunner({
      storage: fakeBrowser.storage.local,
      alarms: fakeBrowser.alarms,
      clock,
      clientFor: (realmId) => svc.clientFor(realmId),
      throttle: { batchLimit: 40, windowMs: 60_000 },
      outcomes: auditSubscriber(audit),
      onError: (e) => {
        throw e;
      },
      ...extra,
      ...more,
    });
  const runner = make();
  return {
    clock,
    svc,
    runner,
    audit,
    make,
    async job(realmId: string, ids: string[], chunkSize = 30) {
      return (await runner.createJob({ realmId, environment: 'sandbox', records: reviewed(...ids), chunkSize })).id;
    },
    alarm: async () => (await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME))?.scheduledTime,
  };
}

/** Rewrite one stored job (as an earlier worker or an older version would have left it). */
async function storeJob(jobId: string, patch: Partial<JobMeta>) {
  const key = storageKey.jobs();
  const list = (await fakeBrowser.storage.local.get(key))[key] as JobMeta[];
  await fakeBrowser.storage.local.set({ [key]: list.map((j) => (j.id === jobId ? { ...j, ...patch } : j)) });
}

const limited = (retryAfterMs: number) => (): BatchAnswer =>
  ({ kind: 'rateLimited', retryAfterMs, meta: { status: 429 } }) satisfies CallFailure as never;

describe('which waits keep the worker asleep (the drive loop’s soonest wait)', () => {
  it('another company’s short wait does not keep this company’s driver asleep', async () => {
    const s = setup();
    const other = await s.job('2', ['20']);
    await storeJob(other, { status: 'waiting', wait: { kind: 'rateLimit', until: T0 + 3_000 } });
    const mine = await s.job('1', ['10']);
    await s.runner.start(mine);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(mine))?.status).toBe('done');
    // This driver returned at once: nothing slept, and the other company was not driven from here.
    expect(s.clock.now()).toBe(T0);
    expect(s.svc.sent()).toEqual([['10', 0]]);
    expect((await s.runner.getJob(other))?.status).toBe('waiting');
  });

  it('a paused job’s leftover wait does not keep the worker asleep', async () => {
    const s = setup();
    const paused = await s.job('1', ['20']);
    await storeJob(paused, { status: 'paused', wait: { kind: 'rateLimit', until: T0 + 3_000 } });
    const mine = await s.job('1', ['10']);
    await s.runner.start(mine);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(mine))?.status).toBe('done');
    expect(s.clock.now()).toBe(T0);
    expect(await s.runner.getJob(paused)).toMatchObject({ status: 'paused', wait: { until: T0 + 3_000 } });
  });

  it('a wait already over when the step stops is left to the alarm: no second send in the same pass', async () => {
    const s = setup({ minAlarmDelayMs: 30_000 });
    s.svc.batch.push(limited(0));
    const id = await s.job('1', ['10']);
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
    const s = setup();
    const a = await s.job('1', ['10']);
    const b = await s.job('1', ['11']);
    // Both running (listed a then b): one wake drives them in one pass.
    const key = storageKey.jobs();
    const list = (await fakeBrowser.storage.local.get(key))[key] as JobMeta[];
    await fakeBrowser.storage.local.set({ [key]: list.map((j) => ({ ...j, status: 'running' })) });
    s.svc.batch.push(() => ({ kind: 'unauthorized', meta: { status: 401 } }) satisfies CallFailure as never);
    s.svc.batch.push(async (ids) => {
      // While b's call is out, a token arrives: a is runnable again and its company is kicked.
      await s.runner.tokenAvailable('1');
      expect((await s.runner.getJob(a))?.status).toBe('running');
      await settle();
      return { kind: 'ok', meta, results: new Map(ids.map((id) => [id, { kind: 'deleted' as const }])) };
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

describe('unexpected errors', () => {
  it('without onError, an unexpected error is logged to the console and the runner lives on', async () => {
    const s = setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const boom = new Error('boom');
      const runner = s.make({
        onError: undefined,
        clientFor: () => {
          throw boom;
        },
      });
      const id = await s.job('1', ['10']);
      await runner.start(id);
      await runner.whenIdle();
      expect(logged).toHaveBeenCalledWith('safe-delete runner:', boom);
      expect(runner.isKilled()).toBe(false);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('a job whose stored chunk flag points past its last chunk', () => {
  it('is closed and finished without a request (no records to read there, nothing in flight)', async () => {
    const s = setup();
    const id = await s.job('1', ['10']);
    await storeJob(id, { status: 'running', cursor: 1, openChunk: true });
    await s.runner.wake();
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', openChunk: false });
    expect(s.svc.calls).toEqual([]);
  });
});

describe('the job list', () => {
  it('getRecords of one job among several: every chunk of that job, not the first job’s count of chunks', async () => {
    const s = setup();
    await s.job('1', ['10']);
    const second = await s.job('1', ['20', '21', '22'], 1);
    expect((await s.runner.getRecords(second)).map((r) => r.id)).toEqual(['20', '21', '22']);
  });

  it('getRecords reads the chunk journals up to the cursor only, never past the last chunk', async () => {
    const s = setup();
    const read: string[] = [];
    const local = fakeBrowser.storage.local;
    const runner = s.make({
      storage: {
        get: (keys) => {
          for (const k of typeof keys === 'string' ? [keys] : (keys ?? [])) read.push(k);
          return local.get(keys);
        },
        set: (items) => local.set(items),
        remove: (keys) => local.remove(keys),
      },
    });
    const id = (
      await runner.createJob({ realmId: '1', environment: 'sandbox', records: reviewed('1', '2', '3'), chunkSize: 1 })
    ).id;
    const chunkReads = () => read.filter((k) => k.includes(':chunk:'));
    await runner.getRecords(id);
    expect(chunkReads()).toEqual([storageKey.jobChunk(id, 0)]);
    await runner.start(id);
    await runner.whenIdle();
    expect((await runner.getJob(id))?.status).toBe('done');
    read.length = 0;
    const rows = await runner.getRecords(id);
    expect(rows.map((r) => r.group)).toEqual(['deleted', 'deleted', 'deleted']);
    expect(chunkReads()).toEqual([0, 1, 2].map((i) => storageKey.jobChunk(id, i)));
  });

  it('removeJob looks at the job asked for: a job still waiting is kept whatever the others are', async () => {
    const s = setup({ minAlarmDelayMs: 0 });
    const empty = await s.job('1', []);
    await s.runner.start(empty);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(empty))?.status).toBe('done');
    s.svc.batch.push(limited(100_000));
    const waiting = await s.job('2', ['20']);
    await s.runner.start(waiting);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(waiting))?.status).toBe('waiting');
    expect(await s.runner.removeJob(waiting)).toBe(false);
    expect((await s.runner.getJob(waiting))?.status).toBe('waiting');
    expect(await s.runner.removeJob(empty)).toBe(true);
  });

  it('removeJob keeps a finished job whose audit lines are not all in the log (its records are the other copy)', async () => {
    const s = setup();
    const id = await s.job('1', ['10', '11']);
    await s.runner.start(id);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 2 });
    // A worker whose audit database lost the job's lines (a fresh database here).
    const lost = s.make({
      outcomes: auditSubscriber(createAuditLog({ clock: s.clock, dbName: `runner-mutants2-lost-${db++}` })),
    });
    expect(await lost.removeJob(id)).toBe(false);
    expect((await lost.getRecords(id)).map((r) => r.id)).toEqual(['10', '11']);
    // With every line in the log, the same job goes.
    expect(await s.runner.removeJob(id)).toBe(true);
    expect(await s.runner.getJob(id)).toBeUndefined();
  });
});

describe('removeJob after the audit lines were exported and cleared', () => {
  it('a finished job whose exported lines were then cleared can still be removed ("Done" never sticks)', async () => {
    const s = setup();
    const id = await s.job('1', ['10', '11']);
    await s.runner.start(id);
    await s.runner.whenIdle();
    const audit = s.audit;
    const { exportedThrough } = await audit.stats();
    const page = await audit.exportPage('json');
    await audit.markExported(page.through);
    expect(page.through).toBeGreaterThan(exportedThrough);
    expect(await audit.clearExported()).toBe(2);
    expect((await audit.read({ jobId: id })).entries).toEqual([]);
    // Written and saved, then removed on purpose: they still count as written.
    expect(await audit.countForJob(id)).toBe(2);
    expect(await s.runner.removeJob(id)).toBe(true);
  });
});

describe('more of the runner’s own bookkeeping', () => {
  /** A runner on the same storage whose reads are listed. */
  function spied(s: ReturnType<typeof setup>, extra: Partial<JobRunnerOptions> = {}) {
    const read: string[] = [];
    const local = fakeBrowser.storage.local;
    const runner = s.make({
      storage: {
        get: (keys) => {
          for (const k of typeof keys === 'string' ? [keys] : (keys ?? [])) read.push(k);
          return local.get(keys);
        },
        set: (items) => local.set(items),
        remove: (keys) => local.remove(keys),
      },
      ...extra,
    });
    return { runner, read };
  }

  it('a chunk’s reviewed records are read once, however many steps the chunk takes', async () => {
    const s = setup();
    s.svc.batch.push(limited(3_000)); // slept in the worker: the same chunk is stepped again
    const { runner, read } = spied(s);
    const id = (await runner.createJob({ realmId: '1', environment: 'sandbox', records: reviewed('1', '2') })).id;
    await runner.start(id);
    await runner.whenIdle();
    expect((await runner.getJob(id))?.status).toBe('done');
    expect(s.svc.sent()).toEqual([
      ['1,2', 0],
      ['1,2', 3_000],
    ]);
    expect(read.filter((k) => k === storageKey.jobRecords(id, 0))).toHaveLength(1);
    // The popup's list reads them once too, then keeps them.
    read.length = 0;
    await runner.getRecords(id);
    await runner.getRecords(id);
    expect(read.filter((k) => k === storageKey.jobRecords(id, 0))).toHaveLength(1);
  });

  it('a new worker’s first re-read waits for the throttle slot left by the previous worker', async () => {
    const s = setup();
    const first = await s.job('1', ['10']);
    await s.runner.start(first);
    await s.runner.whenIdle();
    const next = s.make();
    const second = (await next.createJob({ realmId: '1', environment: 'sandbox', records: reviewed('11') })).id;
    await next.start(second);
    await next.whenIdle();
    expect(s.svc.calls.map((c) => [c.op, c.at - T0])).toEqual([
      ['read', 0],
      ['batch', 0],
      ['read', 1_500],
      ['batch', 1_500],
    ]);
  });

  it('hooks without beforeStep are fine', async () => {
    const s = setup();
    const runner = s.make({ hooks: {} });
    const id = await s.job('1', ['10']);
    await runner.start(id);
    await runner.whenIdle();
    expect((await runner.getJob(id))?.status).toBe('done');
  });

  it('the alarm is the earliest wait even when a later one is listed after it', async () => {
    const s = setup({ minAlarmDelayMs: 0 });
    s.svc.batch.push(limited(100_000));
    s.svc.batch.push(limited(200_000));
    const a = await s.job('1', ['10']);
    await s.runner.start(a);
    await s.runner.whenIdle();
    const b = await s.job('2', ['20']);
    await s.runner.start(b);
    await s.runner.whenIdle();
    expect(await s.alarm()).toBe(T0 + 100_000);
  });

  it('pausing a job waiting between chunks has cleared its alarm by the time pause returns', async () => {
    const s = setup({ minAlarmDelayMs: 0, maxInWorkerSleepMs: 0 });
    const id = await s.job('1', ['10', '11'], 1);
    await s.runner.start(id);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'waiting', openChunk: false, cursor: 1 });
    expect(await s.alarm()).toBe(T0 + 1_500);
    await s.runner.pause(id);
    expect(await s.alarm()).toBeUndefined();
  });
});
