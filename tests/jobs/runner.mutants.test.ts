/**
 * Mutation survivors of lib/jobs/runner.ts, step.ts, send.ts, commit.ts, recheck.ts and
 * operations/delete.ts (issue 13): the real runner on fakeBrowser storage and alarms, against a
 * programmable in-memory service on a manual clock (fast: no simulator, no HTTP).
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { type AuditLog, createAuditLog } from '../../lib/audit/log';
import type { Entity } from '../../lib/domain/entities';
import { WorkerKilled } from '../../lib/jobs/hooks';
import { createJobRunner, DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import type { JobRunner, JobRunnerOptions, ProgressEvent, ReviewedRecord } from '../../lib/jobs/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { CallFailure, DeleteItemResult, DeleteRequestItem, TxnRecord } from '../../lib/qbo/outcomes';
import { storageKey } from '../../lib/storage/keys';
import { createManualClock, type ManualClock } from '../support/clock';
import { NO_VOIDS } from '../support/no-voids';

const T0 = 1_000_000;
const REALM = '1';
const meta = { status: 200, intuitTid: 'tid-1' };
const fault = { code: '6000', message: 'bad' };

const rec = (id: string, extra: Partial<TxnRecord> = {}): TxnRecord => ({
  entity: 'Invoice',
  id,
  syncToken: '0',
  txnDate: '2025-06-01',
  linkedTxn: [],
  raw: { Id: id, SyncToken: '0' },
  ...extra,
});

type BatchAnswer = Awaited<ReturnType<QboClient['batchDelete']>>;
type OneAnswer = Awaited<ReturnType<QboClient['deleteOne']>>;
type ReadAnswer = Awaited<ReturnType<QboClient['readByIds']>>;
type ReportAnswer = Awaited<ReturnType<QboClient['readReconciled']>>;

interface Call {
  op: 'read' | 'report' | 'batch' | 'one';
  at: number;
  ids: string[];
}

/** An in-memory company: records exist until deleted. Queued answers override the default behaviour. */
class Service {
  readonly records = new Map<string, TxnRecord>();
  reconciled: string[] = [];
  readonly calls: Call[] = [];
  readonly next: {
    batch: ((items: readonly DeleteRequestItem[]) => BatchAnswer)[];
    one: ((item: DeleteRequestItem) => OneAnswer)[];
    read: ((entity: Entity, ids: readonly string[]) => ReadAnswer)[];
    report: (() => ReportAnswer)[];
  } = { batch: [], one: [], read: [], report: [] };

  constructor(
    private readonly clock: ManualClock,
    all: TxnRecord[],
  ) {
    for (const r of all) this.records.set(`${r.entity}:${r.id}`, r);
  }

  private del(item: DeleteRequestItem): DeleteItemResult {
    return this.records.delete(`${item.entity}:${item.id}`) ? { kind: 'deleted' } : { kind: 'alreadyGone', fault };
  }

  count(op: Call['op']) {
    return this.calls.filter((c) => c.op === op).length;
  }

  readonly client: QboClient = {
    realmId: REALM,
    environment: 'sandbox',
    readByIds: async (entity, ids) => {
      this.calls.push({ op: 'read', at: this.clock.now(), ids: [...ids] });
      const over = this.next.read.shift();
      if (over) return over(entity, ids);
      const records = ids.map((id) => this.records.get(`${entity}:${id}`)).filter((r): r is TxnRecord => !!r);
      return { kind: 'ok', meta, records, calls: 1 };
    },
    readPreferences: async () => ({ kind: 'ok', meta }),
    readCompanyInfo: async () => ({ kind: 'ok', meta, companyName: 'x' }),
    readReconciled: async () => {
      this.calls.push({ op: 'report', at: this.clock.now(), ids: [] });
      const over = this.next.report.shift();
      if (over) return over();
      return { kind: 'ok', meta, rows: this.reconciled.map((id) => ({ id, entity: 'Invoice' as const })), calls: 1 };
    },
    batchDelete: async (items) => {
      this.calls.push({ op: 'batch', at: this.clock.now(), ids: items.map((i) => i.id) });
      const over = this.next.batch.shift();
      if (over) return over(items);
      return { kind: 'ok', meta, results: new Map(items.map((i) => [i.bId, this.del(i)])) };
    },
    ...NO_VOIDS,
    deleteOne: async (item) => {
      this.calls.push({ op: 'one', at: this.clock.now(), ids: [item.id] });
      const over = this.next.one.shift();
      if (over) return over(item);
      return { kind: 'ok', meta, result: this.del(item) };
    },
  };
}

let db = 0;
interface Setup {
  clock: ManualClock;
  svc: Service;
  runner: JobRunner;
  audit: AuditLog;
  make(extra?: Partial<JobRunnerOptions>): JobRunner;
  job(records?: ReviewedRecord[], chunkSize?: number, includeReconciled?: boolean): Promise<string>;
  alarm(): Promise<number | undefined>;
  fire(): Promise<void>;
}

function setup(n: number, extra: Partial<JobRunnerOptions> = {}): Setup {
  fakeBrowser.reset();
  const clock = createManualClock(T0);
  const all = Array.from({ length: n }, (_, i) => rec(String(i + 1)));
  const svc = new Service(clock, all);
  const audit = createAuditLog({ clock, dbName: `runner-mutants-${db++}` });
  const make = (more: Partial<JobRunnerOptions> = {}) =>
    createJobRunner({
      storage: fakeBrowser.storage.local,
      alarms: fakeBrowser.alarms,
      clock,
      clientFor: () => svc.client,
      throttle: { batchLimit: 40, windowMs: 60_000 },
      outcomes: auditSubscriber(audit),
      onError: (e) => {
        throw e;
      },
      ...extra,
      ...more,
    });
  const s: Setup = {
    clock,
    svc,
    runner: make(),
    audit,
    make,
    async job(records = all.map((record) => ({ record, reconciled: false })), chunkSize = 30, includeReconciled) {
      const created = await s.runner.createJob({
        realmId: REALM,
        environment: 'sandbox',
        records,
        chunkSize,
        includeReconciled,
      });
      return created.id;
    },
    alarm: async () => (await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME))?.scheduledTime,
    async fire() {
      const when = await s.alarm();
      if (when === undefined) throw new Error('no alarm');
      clock.set(Math.max(clock.now(), when));
      await s.runner.onAlarm({ name: DEFAULT_ALARM_NAME, scheduledTime: when });
      await s.runner.whenIdle();
    },
  };
  return s;
}

async function run(s: Setup, jobId: string) {
  await s.runner.start(jobId);
  await s.runner.whenIdle();
  return s.runner.getJob(jobId);
}

const failure = (f: CallFailure) => () => f as never;

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

  it('a new job is listed as created with its ETA; an unsubscribed listener hears nothing more', async () => {
    const s = setup(3);
    const heard: ProgressEvent[] = [];
    const off = s.runner.subscribe((e) => heard.push(e));
    const id = await s.job(undefined, 1);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.job).toMatchObject({ id, status: 'created', done: 0, etaMs: 3 * 1_500 });
    off();
    await run(s, id);
    expect(heard).toHaveLength(1);
    expect((await s.runner.listJobs()).map((j) => j.id)).toEqual([id]);
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

describe('429', () => {
  const limited = (retryAfterMs: number) => failure({ kind: 'rateLimited', retryAfterMs, meta: { status: 429 } });

  it('a long Retry-After waits through the alarm at exactly now + Retry-After, then re-reads and sends', async () => {
    const s = setup(2);
    s.svc.next.batch.push(limited(100_000));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', wait: { kind: 'rateLimit', until: T0 + 100_000 } });
    expect(waiting?.etaMs).toBe(1_500 + 100_000);
    expect(await s.alarm()).toBe(T0 + 100_000);
    await s.fire();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'done', done: 2 });
    expect(s.svc.count('batch')).toBe(2);
    expect(s.svc.count('read')).toBe(2); // re-read before the second send
  });

  it('a Retry-After shorter than the default clamp still waits the 30 s minimum of the alarm', async () => {
    const s = setup(2, { minAlarmDelayMs: undefined });
    s.svc.next.batch.push(limited(10_000));
    const id = await s.job();
    await run(s, id);
    expect(await s.alarm()).toBe(T0 + 30_000);
  });

  it('up to 5 s (the default in-worker sleep) sleeps in the worker; a millisecond more stops', async () => {
    const s = setup(2);
    s.svc.next.batch.push(limited(5_000));
    const id = await s.job();
    const end = await run(s, id);
    expect(end?.status).toBe('done');
    expect(s.svc.calls.filter((c) => c.op === 'batch').map((c) => c.at - T0)).toEqual([0, 5_000]);

    const t = setup(2);
    t.svc.next.batch.push(limited(5_001));
    const id2 = await t.job();
    const stopped = await run(t, id2);
    expect(stopped?.status).toBe('waiting');
    expect(t.clock.now()).toBe(T0);
  });
});

describe('401 and 403', () => {
  it('401: token needed, no alarm; a token for another company changes nothing; for this one, it finishes', async () => {
    const s = setup(2);
    s.svc.next.batch.push(failure({ kind: 'unauthorized', meta: { status: 401 } }));
    const id = await s.job();
    const stuck = await run(s, id);
    expect(stuck).toMatchObject({ status: 'tokenNeeded', wait: { kind: 'tokenNeeded' } });
    expect(stuck?.etaMs).toBeUndefined();
    expect(await s.alarm()).toBeUndefined();
    await s.runner.tokenAvailable('other-realm');
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('tokenNeeded');
    await s.runner.tokenAvailable(REALM);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 2 });
  });

  it('403: paused with the reason, no alarm; resume clears it and finishes', async () => {
    const s = setup(1);
    s.svc.next.batch.push(
      failure({ kind: 'forbidden', fault: { code: '3100', message: 'no' }, meta: { status: 403 } }),
    );
    const id = await s.job();
    const paused = await run(s, id);
    expect(paused).toMatchObject({ status: 'paused', error: 'The app may not access this company (403 3100 no)' });
    expect(await s.alarm()).toBeUndefined();
    const resumed = await s.runner.resume(id);
    expect(resumed?.status).toBe('running');
    await s.runner.whenIdle();
    const end = await s.runner.getJob(id);
    expect(end?.status).toBe('done');
    expect(end?.error).toBeUndefined();
  });
});

describe('the pre-delete re-read (R1, R2)', () => {
  it('a failed re-read waits retryDelayMs (default 60 s) and retries the READ; nothing is sent meanwhile', async () => {
    const s = setup(1);
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'reset', meta: { status: 0 } }));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', wait: { kind: 'retry', until: T0 + 60_000, reason: 'reset' } });
    expect(waiting?.openChunk).toBe(false);
    expect(s.svc.count('batch')).toBe(0);
    expect(await s.alarm()).toBe(T0 + 60_000);
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 1 });
  });

  it('changed and vanished records are skipped without a batch call; the chunk closes', async () => {
    const s = setup(2);
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' }));
    s.svc.records.delete('Invoice:2');
    const id = await s.job(reviewed);
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'done', cursor: 1 });
    expect(end?.counts).toMatchObject({ skippedChanged: 1, alreadyGone: 1, deleted: 0 });
    expect(s.svc.count('batch')).toBe(0);
    expect(s.svc.count('report')).toBe(0); // no survivor, no report call
  });

  it('reconciled records are skipped unless the person opted in; the report catches the unflagged ones', async () => {
    const s = setup(3);
    s.svc.reconciled = ['2'];
    const rs = [...s.svc.records.values()].map((record) => ({ record, reconciled: record.id === '1' }));
    const id = await s.job(rs);
    const end = await run(s, id);
    expect(end?.counts).toMatchObject({ skippedReconciled: 2, deleted: 1 });
    expect(s.svc.calls.find((c) => c.op === 'read')?.ids).toEqual(['2', '3']);
    expect(s.svc.calls.find((c) => c.op === 'batch')?.ids).toEqual(['3']);

    const t = setup(3);
    t.svc.reconciled = ['2'];
    const id2 = await t.job(
      [...t.svc.records.values()].map((record) => ({ record, reconciled: record.id === '1' })),
      30,
      true,
    );
    const opted = await run(t, id2);
    expect(opted?.counts).toMatchObject({ skippedReconciled: 0, deleted: 3 });
    expect(t.svc.count('report')).toBe(0);
  });

  it('a chunk of reconciled records only needs no read at all', async () => {
    const s = setup(2);
    const id = await s.job([...s.svc.records.values()].map((record) => ({ record, reconciled: true })));
    const end = await run(s, id);
    expect(end?.counts.skippedReconciled).toBe(2);
    expect(s.svc.calls).toEqual([]);
  });

  it('a failed reconciled report waits and retries like a failed read', async () => {
    const s = setup(1);
    s.svc.next.report.push(failure({ kind: 'incomplete', reason: 'cut', meta: { status: 200 } }));
    const id = await s.job();
    expect(await run(s, id)).toMatchObject({ wait: { kind: 'retry', until: T0 + 60_000, reason: 'cut' } });
    expect(s.svc.count('batch')).toBe(0);
  });
});

describe('R5: ambiguous answers are verified, never re-sent', () => {
  it('an ambiguous batch: re-read; gone → deleted (verified), present → not deleted (verified)', async () => {
    const s = setup(2);
    s.svc.next.batch.push((items) => {
      s.svc.records.delete(`Invoice:${items[0]?.id}`); // the first was applied, the answer lost
      return { kind: 'ambiguous', reason: '502', meta: { status: 502 } };
    });
    const id = await s.job();
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'done', unverified: 0 });
    expect(end?.counts).toMatchObject({ deletedVerified: 1, notDeletedVerified: 1, deleted: 0 });
    expect(s.svc.count('batch')).toBe(1);
    const rows = await s.runner.getRecords(id);
    expect(rows.map((r) => r.group)).toEqual(['deleted', 'needsAttention']);
  });

  it('a bId missing from the answer is verified; the rest keep their answer', async () => {
    const s = setup(2);
    s.svc.next.batch.push((items) => {
      for (const i of items) s.svc.records.delete(`Invoice:${i.id}`);
      return { kind: 'ok', meta, results: new Map([['1', { kind: 'deleted' }]]) };
    });
    const id = await s.job();
    const end = await run(s, id);
    expect(end?.counts).toMatchObject({ deleted: 1, deletedVerified: 1 });
    expect(s.svc.count('batch')).toBe(1);
  });

  it('a failed verification read waits (verifying) with the chunk open and the records unverified', async () => {
    const s = setup(2);
    s.svc.next.batch.push(failure({ kind: 'incomplete', reason: 'x', meta: { status: 200 } }));
    s.svc.next.read.push((entity, ids) => ({
      kind: 'ok',
      meta,
      calls: 1,
      records: ids.map((i) => s.svc.records.get(`${entity}:${i}`)).filter((r): r is TxnRecord => !!r),
    }));
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'y', meta: { status: 0 } }));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({
      status: 'waiting',
      openChunk: true,
      unverified: 2,
      wait: { kind: 'verifying', until: T0 + 60_000 },
    });
    expect((await s.runner.getRecords(id)).map((r) => r.state.kind)).toEqual(['unverified', 'unverified']);
    expect(await s.alarm()).toBe(T0 + 60_000);
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', unverified: 0 });
    expect(s.svc.count('batch')).toBe(1);
  });

  it('a paused job with an open chunk still verifies it, then stays paused without sending more', async () => {
    const s = setup(3);
    let id = '';
    s.svc.next.batch.push(() => {
      void s.runner.pause(id);
      return { kind: 'ambiguous', reason: '500', meta: { status: 500 } };
    });
    id = await s.job(undefined, 2);
    await s.runner.start(id);
    await s.runner.whenIdle();
    const paused = await s.runner.getJob(id);
    expect(paused).toMatchObject({ status: 'paused', cursor: 1, openChunk: false, unverified: 0 });
    expect(paused?.counts.notDeletedVerified).toBe(2);
    expect(s.svc.count('batch')).toBe(1);
    expect(await s.alarm()).toBeUndefined();
    expect(await s.runner.removeJob(id)).toBe(true);
  });

  it('a cancelled job finishes once its open chunk is recorded', async () => {
    const s = setup(3);
    let id = '';
    s.svc.next.batch.push((items) => {
      void s.runner.cancel(id);
      return { kind: 'ok', meta, results: new Map(items.map((i) => [i.bId, { kind: 'deleted' as const }])) };
    });
    id = await s.job(undefined, 2);
    await s.runner.start(id);
    await s.runner.whenIdle();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'cancelled', cursor: 1, openChunk: false, done: 2, etaMs: 0 });
    expect(end?.finishedAt).toBe(s.clock.now());
    expect(s.svc.count('batch')).toBe(1);
  });
});

describe('a whole-call refusal: one at a time', () => {
  it('each record alone, 150 ms apart by default; a refusal is that record’s own answer', async () => {
    const s = setup(3);
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'too many' }, meta }));
    s.svc.next.one.push(() => ({ kind: 'ok', meta, result: { kind: 'deleted' } }));
    s.svc.next.one.push(failure({ kind: 'refusedWhole', fault: { code: '2500', message: 'bad ref' }, meta }));
    const id = await s.job();
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'done', unverified: 0 });
    expect(end?.counts).toMatchObject({ deleted: 2, refused: 1 });
    const ones = s.svc.calls.filter((c) => c.op === 'one');
    expect(ones.map((c) => c.ids[0])).toEqual(['1', '2', '3']);
    const batchAt = s.svc.calls.find((c) => c.op === 'batch')?.at ?? 0;
    expect(ones.map((c) => c.at - batchAt)).toEqual([150, 300, 450]);
    const refused = (await s.runner.getRecords(id))[1];
    expect(refused?.label).toBe('Refused (2500: bad ref)');
  });

  it('a 429 on one record puts it back at the head of the queue and waits', async () => {
    const s = setup(2, { singleDeleteGapMs: 10 });
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    s.svc.next.one.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', openChunk: true, wait: { kind: 'rateLimit' } });
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 2 });
    expect(s.svc.calls.filter((c) => c.op === 'one').map((c) => c.ids[0])).toEqual(['1', '1', '2']);
  });

  it('an ambiguous single delete is verified, never sent again', async () => {
    const s = setup(1, { singleDeleteGapMs: 0 });
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    s.svc.next.one.push(failure({ kind: 'ambiguous', reason: 'reset', meta: { status: 0 } }));
    const id = await s.job();
    const end = await run(s, id);
    expect(end?.counts.notDeletedVerified).toBe(1);
    expect(s.svc.count('one')).toBe(1);
  });
});

describe('the worker dies; a new one recovers from storage', () => {
  it('killed after the attempt is journaled: the new worker verifies the chunk and never re-sends it', async () => {
    const s = setup(2);
    let killed = false;
    s.runner = s.make({
      hooks: {
        beforeStep: (step) => {
          if (step === 'after-send-before-response' && !killed) {
            killed = true;
            throw new WorkerKilled(step);
          }
        },
      },
    });
    const id = await s.job();
    await s.runner.start(id);
    await s.runner.whenIdle();
    expect(s.runner.isKilled()).toBe(true);
    expect(s.svc.count('batch')).toBe(1);
    // A dead runner does nothing more: it writes nothing, sends nothing.
    await expect(s.runner.start(id)).rejects.toBeInstanceOf(WorkerKilled);
    await s.runner.wake();
    await s.runner.whenIdle();
    expect(s.svc.calls.map((c) => c.op)).toEqual(['read', 'report', 'batch']);
    const stored = (await s.make().getJob(id))!;
    expect(stored).toMatchObject({ status: 'running', openChunk: true });
    s.runner = s.make();
    await s.runner.wake();
    await s.runner.whenIdle();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'done', unverified: 0 });
    expect(end?.counts.deletedVerified).toBe(2);
    expect(s.svc.count('batch')).toBe(1);
  });

  it('wake reschedules the watchdog alarm for a running job and drives it', async () => {
    const s = setup(1);
    const id = await s.job();
    // Started by an earlier worker that died before sending anything.
    await s.make({ hooks: { beforeStep: () => Promise.reject(new WorkerKilled('between-chunks')) } }).start(id);
    await new Promise((r) => setTimeout(r, 0));
    s.runner = s.make();
    await s.runner.onAlarm({ name: DEFAULT_ALARM_NAME });
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 1 });
  });
});

describe('unreadable storage: refuse to send rather than guess', () => {
  it('a chunk journal the schema rejects pauses the job with the reason', async () => {
    const s = setup(1);
    const id = await s.job();
    const jobs = (await fakeBrowser.storage.local.get('sd:jobs'))['sd:jobs'] as { openChunk: boolean }[];
    await fakeBrowser.storage.local.set({
      'sd:jobs': jobs.map((j) => ({ ...j, openChunk: true })),
      [storageKey.jobChunk(id, 0)]: { nonsense: true },
    });
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'paused', error: 'Journal of chunk 0 is unreadable' });
    expect(s.svc.calls).toEqual([]);
  });

  it('reviewed records the schema rejects pause the job with the reason', async () => {
    const s = setup(1);
    const id = await s.job();
    await fakeBrowser.storage.local.set({ [storageKey.jobRecords(id, 0)]: [{ bad: 1 }] });
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'paused', error: 'The reviewed records of chunk 0 are unreadable' });
    expect(s.svc.calls).toEqual([]);
    expect(await s.runner.getRecords(id)).toEqual([]);
  });
});

describe('the job list', () => {
  it('removeJob: unknown → false; a running or waiting job → false; a finished job → true, storage freed', async () => {
    const s = setup(2, { maxInWorkerSleepMs: 0 });
    expect(await s.runner.removeJob('nope')).toBe(false);
    expect(await s.runner.getRecords('nope')).toEqual([]);
    expect(await s.runner.getJob('nope')).toBeUndefined();
    expect(await s.runner.pause('nope')).toBeUndefined();
    const id = await s.job(undefined, 1);
    await run(s, id); // chunk 0 done, waiting for pacing
    expect(await s.runner.removeJob(id)).toBe(false);
    const rows = await s.runner.getRecords(id);
    expect(rows.map((r) => r.state.kind)).toEqual(['final', 'pending']);
    await s.fire();
    expect(await s.runner.removeJob(id)).toBe(true);
    expect(await s.runner.getJob(id)).toBeUndefined();
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).filter((k) => k.includes(id))).toEqual([]);
  });

  it('removeJob refuses while the company’s driver is still running', async () => {
    const s = setup(1);
    const id = await s.job();
    let answer: boolean | undefined;
    s.svc.next.batch.push((items) => {
      void s.runner.removeJob(id).then((r) => {
        answer = r;
      });
      return { kind: 'ok', meta, results: new Map(items.map((i) => [i.bId, { kind: 'deleted' as const }])) };
    });
    await run(s, id);
    expect(answer).toBe(false);
  });

  it('pause and cancel return the new snapshot; a paused job is not driven', async () => {
    const s = setup(2);
    const id = await s.job();
    expect(await s.runner.pause(id)).toMatchObject({ status: 'created' });
    expect(await s.runner.cancel(id)).toMatchObject({ status: 'cancelled', finishedAt: T0 });
    await s.runner.whenIdle();
    expect(s.svc.calls).toEqual([]);
    expect(await s.alarm()).toBeUndefined();
  });

  it('the alarm points at the earliest due job of all companies', async () => {
    const s = setup(2, { maxInWorkerSleepMs: 0, minAlarmDelayMs: 0 });
    const [a, b] = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 200_000, meta: { status: 429 } }));
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const first = await s.job([a!]);
    await run(s, first);
    expect(await s.alarm()).toBe(T0 + 200_000);
    const second = await s.runner.createJob({ realmId: '2', environment: 'sandbox', records: [b!] });
    await run(s, second.id);
    expect(await s.alarm()).toBe(T0 + 100_000);
  });
});

describe('options and their defaults', () => {
  it('an empty job is done at once (no chunk to read)', async () => {
    const s = setup(0);
    const id = await s.job([]);
    expect(await run(s, id)).toMatchObject({ status: 'done', chunks: 0, cursor: 0 });
    expect(s.svc.calls).toEqual([]);
  });

  it('no throttle option: the production 40 / 60 s (1.5 s apart); a given throttle is used as is', async () => {
    const s = setup(2, { throttle: undefined });
    await run(s, await s.job(undefined, 1));
    expect(s.svc.calls.filter((c) => c.op === 'batch').map((c) => c.at - T0)).toEqual([0, 1_500]);
    const t = setup(2, { throttle: { batchLimit: 4, windowMs: 2_000 } });
    await run(t, await t.job(undefined, 1));
    expect(t.svc.calls.filter((c) => c.op === 'batch').map((c) => c.at - T0)).toEqual([0, 500]);
  });

  it('a given alarm name is the one alarm set and the one obeyed', async () => {
    const s = setup(1, { alarmName: 'mine', minAlarmDelayMs: 0 });
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    await run(s, id);
    expect(await s.alarm()).toBeUndefined();
    expect((await fakeBrowser.alarms.get('mine'))?.scheduledTime).toBe(T0 + 100_000);
    s.clock.set(T0 + 100_000);
    await s.runner.onAlarm({ name: DEFAULT_ALARM_NAME });
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('waiting');
    await s.runner.onAlarm({ name: 'mine' });
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('done');
  });

  it('a given retryDelayMs is the wait after a failed read', async () => {
    const s = setup(1, { retryDelayMs: 2_000 });
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'r', meta: { status: 0 } }));
    const id = await s.job();
    // 2 s sleeps in the worker: the read is retried 2 s later and the job finishes.
    expect(await run(s, id)).toMatchObject({ status: 'done' });
    expect(s.svc.calls.filter((c) => c.op === 'read').map((c) => c.at - T0)).toEqual([0, 2_000]);
  });

  it('a given singleDeleteGapMs spaces the one-at-a-time deletes', async () => {
    const s = setup(2, { singleDeleteGapMs: 10 });
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    await run(s, await s.job());
    expect(s.svc.calls.filter((c) => c.op === 'one').map((c) => c.at - T0)).toEqual([10, 20]);
  });

  it('pausing a waiting job clears the alarm; resuming sets it again', async () => {
    const s = setup(1, { minAlarmDelayMs: 0 });
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    await run(s, id);
    expect(await s.alarm()).toBe(T0 + 100_000);
    expect(await s.runner.pause(id)).toMatchObject({ status: 'paused' });
    await s.runner.whenIdle();
    expect(await s.alarm()).toBeUndefined();
    await s.runner.resume(id);
    await s.runner.whenIdle();
    expect(await s.alarm()).toBe(T0 + 100_000);
  });

  it('getJob finds the job asked for among several', async () => {
    const s = setup(2);
    const [a, b] = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    const first = await s.job([a!]);
    const second = await s.job([b!]);
    expect((await s.runner.getJob(second))?.id).toBe(second);
    expect((await s.runner.getJob(first))?.id).toBe(first);
    expect((await s.runner.getRecords(second)).map((r) => r.id)).toEqual(['2']);
  });
});

describe('reads and sends on time', () => {
  it('slow re-reads start ahead of the slot: every send leaves exactly 1.5 s after the previous one', async () => {
    const s = setup(3);
    const read = s.svc.client.readByIds;
    (s.svc.client as { readByIds: QboClient['readByIds'] }).readByIds = async (entity, ids) => {
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
});

describe('what the audit line of a record says', () => {
  it('a refused record: its snapshot, fields, fault and the answer’s transaction id', async () => {
    const s = setup(0, { singleDeleteGapMs: 0 });
    const r = rec('9', {
      docNumber: 'INV-9',
      totalAmt: 12.5,
      currency: 'EUR',
      party: 'Acme',
      syncToken: '4',
      raw: { Id: '9', SyncToken: '4', Note: 'x' },
    });
    s.svc.records.set('Invoice:9', r);
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    s.svc.next.one.push(
      failure({
        kind: 'refusedWhole',
        fault: { code: '2500', message: 'gone ref' },
        meta: { status: 400, intuitTid: 'one-tid' },
      }),
    );
    const id = await s.job([{ record: r, reconciled: false }]);
    await run(s, id);
    const [entry] = (await s.audit.read({ jobId: id })).entries;
    expect(entry).toEqual({
      at: T0,
      jobId: id,
      realmId: REALM,
      environment: 'sandbox',
      entity: 'Invoice',
      id: '9',
      docNumber: 'INV-9',
      txnDate: '2025-06-01',
      amount: 12.5,
      currency: 'EUR',
      party: 'Acme',
      syncToken: '4',
      outcome: 'refused',
      outcomeLabel: 'Refused (2500: gone ref)',
      faultCode: '2500',
      faultMessage: 'gone ref',
      intuitTid: 'one-tid',
      preDeleteJson: { Id: '9', SyncToken: '4', Note: 'x' },
    });
  });

  it('a skipped record carries the re-read’s transaction id; a record verified present its current SyncToken', async () => {
    const s = setup(2);
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' }));
    s.svc.next.batch.push(failure({ kind: 'ambiguous', reason: '502', meta: { status: 502 } }));
    const id = await s.job(reviewed);
    await run(s, id);
    const entries = (await s.audit.read({ jobId: id })).entries;
    expect(entries.map((e) => [e.id, e.outcome, e.intuitTid])).toEqual([
      ['1', 'skippedChanged', 'tid-1'],
      ['2', 'notDeletedVerified', 'tid-1'],
    ]);
    const rows = await s.runner.getRecords(id);
    expect(rows.map((r) => r.state.kind === 'final' && r.state.outcome)).toEqual([
      { kind: 'skippedChanged', currentSyncToken: '5' },
      { kind: 'notDeletedVerified', currentSyncToken: '0' },
    ]);
  });
});

describe('errors and tokens', () => {
  it('an unexpected error goes to onError and does not kill the runner', async () => {
    const errors: unknown[] = [];
    let broken = true;
    const s = setup(1);
    s.runner = s.make({
      clientFor: () => {
        if (broken) throw new Error('boom');
        return s.svc.client;
      },
      onError: (e) => errors.push(e),
    });
    const id = await s.job();
    await run(s, id);
    expect(errors.map((e) => (e as Error).message)).toEqual(['boom']);
    expect(s.runner.isKilled()).toBe(false);
    broken = false;
    await s.runner.wake();
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('done');
  });

  it('a token does not cut short a wait that is not for a token', async () => {
    const s = setup(1);
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    await run(s, id);
    await s.runner.tokenAvailable(REALM);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({
      status: 'waiting',
      wait: { kind: 'rateLimit', until: T0 + 100_000 },
    });
    expect(s.svc.count('batch')).toBe(1);
  });
});

describe('the audit log across a chunk written more than once', () => {
  it('an outcome already written (and exported) is not written again when the chunk is saved later', async () => {
    const s = setup(2);
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' })); // skipped at the re-read
    s.svc.next.batch.push(failure({ kind: 'ambiguous', reason: '502', meta: { status: 502 } }));
    s.svc.next.read.push((entity, ids) => ({
      kind: 'ok',
      meta,
      calls: 1,
      records: ids.map((i) => s.svc.records.get(`${entity}:${i}`)).filter((r): r is TxnRecord => !!r),
    }));
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'reset', meta: { status: 0 } })); // the verification
    const id = await s.job(reviewed);
    expect(await run(s, id)).toMatchObject({ status: 'waiting', openChunk: true, unverified: 1 });
    expect(await s.audit.stats()).toMatchObject({ entries: 1, notExported: 1 });
    await s.audit.markExported(1);
    expect((await s.audit.stats()).notExported).toBe(0);
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', unverified: 0 });
    // Only the verified record is new: the exported line of the skipped one stays exported.
    expect(await s.audit.stats()).toMatchObject({ entries: 2, notExported: 1 });
  });
});

describe('a chunk closes only when every record has an outcome', () => {
  it('a skipped record and a 429 on the rest: the chunk stays open and the rest is sent after the wait', async () => {
    const s = setup(2);
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' }));
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job(reviewed);
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', cursor: 0, openChunk: true, done: 1 });
    await s.fire();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'done', cursor: 1 });
    expect(end?.counts).toMatchObject({ skippedChanged: 1, deleted: 1 });
    expect(s.svc.calls.filter((c) => c.op === 'batch').map((c) => c.ids)).toEqual([['2'], ['2']]);
  });
});
