/**
 * The runner survives what ends a worker: a dead worker's job is recovered from storage and its
 * open chunk verified, never re-sent; unreadable storage pauses the job rather than guess; an
 * unexpected error is reported and the runner lives on.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WorkerKilled } from '../../lib/jobs/hooks';
import { DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import { storageKey } from '../../lib/storage/keys';
import { run, setup, storeJob } from './runner-harness';

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

  it('hooks without beforeStep are fine', async () => {
    const s = setup(0);
    const runner = s.make({ hooks: {} });
    const id = await s.jobIn('1', ['10']);
    await runner.start(id);
    await runner.whenIdle();
    expect((await runner.getJob(id))?.status).toBe('done');
  });
});

describe('a job whose stored chunk flag points past its last chunk', () => {
  it('is closed and finished without a request (no records to read there, nothing in flight)', async () => {
    const s = setup(0);
    const id = await s.jobIn('1', ['10']);
    await storeJob(id, { status: 'running', cursor: 1, openChunk: true });
    await s.runner.wake();
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', openChunk: false });
    expect(s.svc.calls).toEqual([]);
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
    expect(end).toMatchObject({ status: 'paused', stop: { code: 'chunkUnreadable', chunk: 0, part: 'journal' } });
    expect(s.svc.calls).toEqual([]);
  });

  it('reviewed records the schema rejects pause the job with the reason', async () => {
    const s = setup(1);
    const id = await s.job();
    await fakeBrowser.storage.local.set({ [storageKey.jobRecords(id, 0)]: [{ bad: 1 }] });
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'paused', stop: { code: 'chunkUnreadable', chunk: 0, part: 'records' } });
    expect(s.svc.calls).toEqual([]);
    expect(await s.runner.getRecords(id)).toEqual([]);
  });
});

describe('unexpected errors', () => {
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

  it('without onError, an unexpected error is logged to the console and the runner lives on', async () => {
    const s = setup(0);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const boom = new Error('boom');
      const runner = s.make({
        onError: undefined,
        clientFor: () => {
          throw boom;
        },
      });
      const id = await s.jobIn('1', ['10']);
      await runner.start(id);
      await runner.whenIdle();
      expect(logged).toHaveBeenCalledWith('safe-delete runner:', boom);
      expect(runner.isKilled()).toBe(false);
    } finally {
      logged.mockRestore();
    }
  });
});
