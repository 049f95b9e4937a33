import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { newJobMeta } from '../../lib/jobs/create';
import { createJournal } from '../../lib/journal/journal';
import type { ChunkJournal, ReviewedRecord } from '../../lib/journal/schema';
import type { StorageArea } from '../../lib/storage/area';
import { storageKey } from '../../lib/storage/keys';
import { createWriteQueue } from '../../lib/storage/queue';
import { createManualClock } from '../support/clock';

const JOBS_KEY = storageKey.jobs();
const chunkKey = storageKey.jobChunk;

function setup() {
  const writes: Record<string, unknown>[] = [];
  const local = fakeBrowser.storage.local;
  const storage: StorageArea = {
    get: (keys) => local.get(keys ?? null),
    set: async (items) => {
      writes.push(items);
      await local.set(items);
    },
    remove: (keys) => local.remove(keys),
  };
  const queue = createWriteQueue();
  const clock = createManualClock();
  return { storage, writes, journal: createJournal({ storage, queue }), clock };
}

const records = (n: number): ReviewedRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'reviewed',
    record: {
      entity: 'Invoice',
      id: String(100 + i),
      syncToken: '0',
      linkedTxn: [],
      raw: { Id: String(100 + i), Line: ['x'.repeat(200)] },
    },
    reconciled: false,
  }));

const meta = (n: number) => newJobMeta('job1', { realmId: '123', environment: 'sandbox', records: [] }, n, 0);

const chunk = (index: number, keys: string[]): ChunkJournal => ({
  index,
  outcomes: Object.fromEntries(keys.map((k) => [k, { outcome: { kind: 'deleted' as const }, at: 1 }])),
  inFlight: [],
  queue: [],
  verify: [],
  batchCalls: 1,
});

beforeEach(() => fakeBrowser.reset());

describe('journal', () => {
  it('stores a 5,000-record job once: chunk commits never rewrite the reviewed snapshots', async () => {
    const { journal, writes } = setup();
    await journal.createJob(meta(5000), records(5000));
    const created = JSON.stringify(writes.at(-1)).length;
    for (let i = 0; i < 5; i++) {
      await journal.commit({ jobId: 'job1', chunk: chunk(i, [`Invoice:${100 + i}`]), update: (j) => j });
    }
    const later = writes.slice(1);
    expect(later.every((w) => Object.keys(w).every((k) => !k.startsWith('sd:job:job1:records:')))).toBe(true);
    expect(Math.max(...later.map((w) => JSON.stringify(w).length))).toBeLessThan(created / 100);
    expect((await journal.readRecords('job1', meta(5000).chunks))?.length).toBe(5000);
  });

  it('stores the reviewed records per chunk: one chunk reads back alone, in job order', async () => {
    const { journal, writes } = setup();
    const all = records(95);
    await journal.createJob(meta(95), all);
    const created = writes.at(-1) ?? {};
    const recordKeys = Object.keys(created).filter((k) => k.startsWith('sd:job:job1:records:'));
    expect(recordKeys.sort()).toEqual([0, 1, 2, 3].map((i) => storageKey.jobRecords('job1', i)).sort());
    expect(await journal.readChunkRecords('job1', 3)).toEqual(all.slice(90, 95));
    expect(await journal.readChunkRecords('job1', 1)).toEqual(all.slice(30, 60));
    expect(await journal.readChunkRecords('job1', 4)).toBeUndefined();
  });

  it('writes chunk and job list in ONE set; a re-commit of the same chunk adds no count', async () => {
    const { journal, writes } = setup();
    await journal.createJob(meta(30), records(30));
    const c = chunk(0, ['Invoice:100', 'Invoice:101']);
    const commit = () =>
      journal.commit({
        jobId: 'job1',
        chunk: c,
        update: (j, fresh) => ({ ...j, counts: { ...j.counts, deleted: j.counts.deleted + fresh.length } }),
      });
    await commit();
    const last = writes.at(-1) ?? {};
    expect(Object.keys(last)).toEqual(expect.arrayContaining([JOBS_KEY, chunkKey('job1', 0)]));
    await commit();
    expect((await journal.readJobs())[0]?.counts.deleted).toBe(2);
  });

  it('serialises concurrent read-modify-writes through one chain (no lost update)', async () => {
    const { journal } = setup();
    await journal.createJob(meta(30), records(30));
    await Promise.all(
      Array.from({ length: 50 }, () =>
        journal.commit({
          jobId: 'job1',
          update: (j) => ({ ...j, counts: { ...j.counts, refused: j.counts.refused + 1 } }),
        }),
      ),
    );
    expect((await journal.readJobs())[0]?.counts.refused).toBe(50);
  });

  it('reads a damaged chunk as corrupt (never as "nothing in flight") and keeps unreadable jobs', async () => {
    const { journal, storage } = setup();
    await journal.createJob(meta(30), records(30));
    await storage.set({ [chunkKey('job1', 0)]: { index: 0, inFlight: 'garbage' } });
    expect(await journal.readChunk('job1', 0)).toEqual({ kind: 'corrupt' });
    expect(await journal.readChunk('job1', 1)).toEqual({ kind: 'none' });
    expect(await journal.unreadableJobs()).toBe(0);
    const list = (await storage.get(JOBS_KEY))[JOBS_KEY] as unknown[];
    await storage.set({ [JOBS_KEY]: [...list, { id: 'from-a-future-version' }, 'not a job'] });
    await journal.commit({ jobId: 'job1', update: (j) => ({ ...j, status: 'paused' }) });
    const raw = (await storage.get(JOBS_KEY))[JOBS_KEY] as { id: string }[];
    expect(raw.map((j) => (typeof j === 'string' ? j : j.id))).toEqual(['job1', 'from-a-future-version', 'not a job']);
    expect(await journal.readJobs()).toHaveLength(1);
    expect(await journal.unreadableJobs()).toBe(2); // counted for the view, never silently missing
  });

  it('keeps the throttle window per company, pruned to the window', async () => {
    const { journal } = setup();
    await journal.createJob(meta(30), records(30));
    for (const at of [0, 10_000, 70_000]) {
      await journal.commit({ jobId: 'job1', throttleStamp: { realmId: '123', at, windowMs: 60_000 } });
    }
    expect(await journal.readThrottle('123')).toEqual([10_000, 70_000]);
    expect(await journal.readThrottle('999')).toEqual([]);
  });

  it('removes a job with its snapshots and chunks', async () => {
    const { journal, storage } = setup();
    await journal.createJob(meta(60), records(60));
    await journal.commit({ jobId: 'job1', chunk: chunk(0, []) });
    await journal.removeJob('job1');
    const all = await storage.get(null);
    expect(Object.keys(all).filter((k) => k.startsWith('sd:job:'))).toEqual([]);
    expect(await journal.readJobs()).toEqual([]);
  });
});
