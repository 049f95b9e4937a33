/**
 * The runner's job list: creating, listing and reading jobs and their records (reading no more
 * storage than needed), pause and cancel, and removeJob, which keeps a job still under way or one
 * whose audit lines are not all in the log.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import type { ProgressEvent } from '../../lib/jobs/types';
import { storageKey } from '../../lib/storage/keys';
import { limited, meta, newAuditLog, run, setup, spied, T0 } from './runner-harness';

describe('creating and reading jobs', () => {
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

  it('a stored entry the schema refuses is counted as unreadable, never listed', async () => {
    const s = setup(1);
    const id = await s.job();
    expect(await s.runner.unreadableJobs()).toBe(0);
    const jobs = (await fakeBrowser.storage.local.get('sd:jobs'))['sd:jobs'] as unknown[];
    await fakeBrowser.storage.local.set({ 'sd:jobs': [...jobs, { id: 'damaged' }] });
    expect(await s.runner.unreadableJobs()).toBe(1);
    expect((await s.runner.listJobs()).map((j) => j.id)).toEqual([id]);
  });

  it('an empty job is done at once (no chunk to read)', async () => {
    const s = setup(0);
    const id = await s.job([]);
    expect(await run(s, id)).toMatchObject({ status: 'done', chunks: 0, cursor: 0 });
    expect(s.svc.calls).toEqual([]);
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

  it('getRecords of one job among several: every chunk of that job, not the first job’s count of chunks', async () => {
    const s = setup(0);
    await s.jobIn('1', ['10']);
    const second = await s.jobIn('1', ['20', '21', '22'], 1);
    expect((await s.runner.getRecords(second)).map((r) => r.id)).toEqual(['20', '21', '22']);
  });

  it('getRecords reads the chunk journals up to the cursor only, never past the last chunk', async () => {
    const s = setup(0);
    const { runner, read } = spied(s);
    const id = (
      await runner.createJob({ realmId: '1', environment: 'sandbox', records: s.svc.seed('1', '2', '3'), chunkSize: 1 })
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

  it('a chunk’s reviewed records are read once, however many steps the chunk takes', async () => {
    const s = setup(0);
    s.svc.next.batch.push(limited(3_000)); // slept in the worker: the same chunk is stepped again
    const { runner, read } = spied(s);
    const id = (await runner.createJob({ realmId: '1', environment: 'sandbox', records: s.svc.seed('1', '2') })).id;
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
});

describe('pause and cancel', () => {
  it('pause and cancel return the new snapshot; a paused job is not driven', async () => {
    const s = setup(2);
    const id = await s.job();
    expect(await s.runner.pause(id)).toMatchObject({ status: 'created' });
    expect(await s.runner.cancel(id)).toMatchObject({ status: 'cancelled', finishedAt: T0 });
    await s.runner.whenIdle();
    expect(s.svc.calls).toEqual([]);
    expect(await s.alarm()).toBeUndefined();
  });
});

describe('removeJob', () => {
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

  it('removeJob looks at the job asked for: a job still waiting is kept whatever the others are', async () => {
    const s = setup(0, { minAlarmDelayMs: 0 });
    const empty = await s.jobIn('1', []);
    await s.runner.start(empty);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(empty))?.status).toBe('done');
    s.svc.next.batch.push(limited(100_000));
    const waiting = await s.jobIn('2', ['20']);
    await s.runner.start(waiting);
    await s.runner.whenIdle();
    expect((await s.runner.getJob(waiting))?.status).toBe('waiting');
    expect(await s.runner.removeJob(waiting)).toBe(false);
    expect((await s.runner.getJob(waiting))?.status).toBe('waiting');
    expect(await s.runner.removeJob(empty)).toBe(true);
  });

  it('removeJob keeps a finished job whose audit lines are not all in the log (its records are the other copy)', async () => {
    const s = setup(0);
    const id = await s.jobIn('1', ['10', '11']);
    await s.runner.start(id);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 2 });
    // A worker whose audit database lost the job's lines (a fresh database here).
    const lost = s.make({
      outcomes: auditSubscriber(newAuditLog(s.clock)),
    });
    expect(await lost.removeJob(id)).toBe(false);
    expect((await lost.getRecords(id)).map((r) => r.id)).toEqual(['10', '11']);
    // With every line in the log, the same job goes.
    expect(await s.runner.removeJob(id)).toBe(true);
    expect(await s.runner.getJob(id)).toBeUndefined();
  });

  it('a finished job whose exported lines were then cleared can still be removed ("Done" never sticks)', async () => {
    const s = setup(0);
    const id = await s.jobIn('1', ['10', '11']);
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
