/**
 * The runner's own tests (tests/jobs/runner-*.test.ts): the real runner on fakeBrowser storage and
 * alarms, against an in-memory company on a manual clock (fast: no simulator, no HTTP). Its clients
 * are tools/support/fake-client.ts clients supplying only the calls a delete job makes, so a void,
 * a create or a name read fails by name. Records exist until deleted; queued answers (`next`)
 * override the default behaviour one call at a time.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { type AuditLog, createAuditLog } from '../../lib/audit/log';
import type { Clock } from '../../lib/clock';
import type { Entity } from '../../lib/domain/entities';
import { createJobRunner, DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import type { JobMeta, JobRunner, JobRunnerOptions, ReviewedRecord } from '../../lib/jobs/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { CallFailure, DeleteItemResult, DeleteRequestItem, TxnRecord } from '../../lib/qbo/outcomes';
import { storageKey } from '../../lib/storage/keys';
import { type FakeClient, fakeClient } from '../../tools/support/fake-client';
import { createManualClock, type ManualClock } from '../support/clock';

export const T0 = 1_000_000;
export const REALM = '1';
export const meta = { status: 200, intuitTid: 'tid-1' };
const fault = { code: '6000', message: 'bad' };

export const rec = (id: string, extra: Partial<TxnRecord> = {}): TxnRecord => ({
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
type Answer<T> = T | Promise<T>;

export interface Call {
  op: 'read' | 'report' | 'batch' | 'one';
  at: number;
  ids: string[];
}

/** A failed call's answer, for a queued override (the outcome types do not list failures per call). */
export const failure = (f: CallFailure) => () => f as never;
export const limited = (retryAfterMs: number) => failure({ kind: 'rateLimited', retryAfterMs, meta: { status: 429 } });

/** The company's state and its clients, one per realm, sharing the records. */
export class Company {
  readonly records = new Map<string, TxnRecord>();
  reconciled: string[] = [];
  readonly calls: Call[] = [];
  readonly next: {
    batch: ((items: readonly DeleteRequestItem[]) => Answer<BatchAnswer>)[];
    one: ((item: DeleteRequestItem) => Answer<OneAnswer>)[];
    read: ((entity: Entity, ids: readonly string[]) => Answer<ReadAnswer>)[];
    report: (() => Answer<ReportAnswer>)[];
  } = { batch: [], one: [], read: [], report: [] };
  private readonly clients = new Map<string, FakeClient>();
  private readonly pending = new Map<string, number>();
  private overlapping = 0;

  constructor(
    private readonly clock: ManualClock,
    all: TxnRecord[],
  ) {
    for (const r of all) this.records.set(`${r.entity}:${r.id}`, r);
  }

  private del(item: DeleteRequestItem): DeleteItemResult {
    return this.records.delete(`${item.entity}:${item.id}`) ? { kind: 'deleted' } : { kind: 'alreadyGone', fault };
  }

  count(op: Call['op']): number {
    return this.calls.filter((c) => c.op === op).length;
  }

  /** Each batch call's ids (comma-joined) and when it was made, from T0. */
  sent(): [string, number][] {
    return this.calls.filter((c) => c.op === 'batch').map((c) => [c.ids.join(','), c.at - T0]);
  }

  /** How many calls of one company were made before the previous one was answered. */
  overlaps(): number {
    return this.overlapping;
  }

  /** The records `ids` of the default entity, created in the company if absent, as reviewed. */
  seed(...ids: string[]): ReviewedRecord[] {
    return ids.map((id) => {
      const record = this.records.get(`Invoice:${id}`) ?? rec(id);
      this.records.set(`Invoice:${id}`, record);
      return { record, reconciled: false };
    });
  }

  /** The client of REALM (the same object each time, so a test may swap one of its calls). */
  get client(): FakeClient {
    return this.clientFor(REALM);
  }

  clientFor(realmId: string): FakeClient {
    const known = this.clients.get(realmId);
    if (known) return known;
    const made = this.makeClient(realmId);
    this.clients.set(realmId, made);
    return made;
  }

  private async call<T>(realmId: string, call: Call, f: () => Answer<T>): Promise<T> {
    const n = this.pending.get(realmId) ?? 0;
    if (n > 0) this.overlapping++;
    this.pending.set(realmId, n + 1);
    this.calls.push(call);
    try {
      return await f();
    } finally {
      this.pending.set(realmId, (this.pending.get(realmId) ?? 1) - 1);
    }
  }

  private makeClient(realmId: string): FakeClient {
    const at = () => this.clock.now();
    return fakeClient(
      {
        readByIds: (entity, ids) =>
          this.call(realmId, { op: 'read', at: at(), ids: [...ids] }, () => {
            const over = this.next.read.shift();
            if (over) return over(entity, ids);
            const records = ids.map((id) => this.records.get(`${entity}:${id}`)).filter((r): r is TxnRecord => !!r);
            return { kind: 'ok', meta, records, calls: 1 };
          }),
        readReconciled: () =>
          this.call(realmId, { op: 'report', at: at(), ids: [] }, () => {
            const over = this.next.report.shift();
            if (over) return over();
            const rows = this.reconciled.map((id) => ({ id, entity: 'Invoice' as const }));
            return { kind: 'ok', meta, rows, calls: 1 };
          }),
        batchDelete: (items) =>
          this.call(realmId, { op: 'batch', at: at(), ids: items.map((i) => i.id) }, () => {
            const over = this.next.batch.shift();
            if (over) return over(items);
            return { kind: 'ok', meta, results: new Map(items.map((i) => [i.bId, this.del(i)])) };
          }),
        deleteOne: (item) =>
          this.call(realmId, { op: 'one', at: at(), ids: [item.id] }, () => {
            const over = this.next.one.shift();
            if (over) return over(item);
            return { kind: 'ok', meta, result: this.del(item) };
          }),
      },
      { realmId },
    );
  }
}

let db = 0;
/** An audit log in a database of its own. */
export const newAuditLog = (clock: Clock): AuditLog => createAuditLog({ indexedDB, clock, dbName: `runner-${db++}` });

export interface Setup {
  clock: ManualClock;
  svc: Company;
  runner: JobRunner;
  audit: AuditLog;
  make(extra?: Partial<JobRunnerOptions>): JobRunner;
  /** A job of REALM (by default of every record the company started with). */
  job(records?: ReviewedRecord[], chunkSize?: number, includeReconciled?: boolean): Promise<string>;
  /** A job of `realmId` for records `ids`, created in the company if absent. */
  jobIn(realmId: string, ids: string[], chunkSize?: number): Promise<string>;
  alarm(): Promise<number | undefined>;
  fire(): Promise<void>;
}

/** A company of `n` invoices ('1'…'n') at T0 and a runner on fresh storage; `extra` for every runner made. */
export function setup(n: number, extra: Partial<JobRunnerOptions> = {}): Setup {
  fakeBrowser.reset();
  const clock = createManualClock(T0);
  const all = Array.from({ length: n }, (_, i) => rec(String(i + 1)));
  const svc = new Company(clock, all);
  const audit = newAuditLog(clock);
  const make = (more: Partial<JobRunnerOptions> = {}) =>
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
    async jobIn(realmId, ids, chunkSize = 30) {
      const records = svc.seed(...ids);
      return (await s.runner.createJob({ realmId, environment: 'sandbox', records, chunkSize })).id;
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

/** Starts the job and returns it once the runner is idle. */
export async function run(s: Setup, jobId: string) {
  await s.runner.start(jobId);
  await s.runner.whenIdle();
  return s.runner.getJob(jobId);
}

/** Rewrites one stored job (as an earlier worker or an older version would have left it). */
export async function storeJob(jobId: string, patch: Partial<JobMeta>): Promise<void> {
  const key = storageKey.jobs();
  const list = (await fakeBrowser.storage.local.get(key))[key] as JobMeta[];
  await fakeBrowser.storage.local.set({ [key]: list.map((j) => (j.id === jobId ? { ...j, ...patch } : j)) });
}

/** A runner on the same storage whose storage reads are listed. */
export function spied(s: Setup, extra: Partial<JobRunnerOptions> = {}) {
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
