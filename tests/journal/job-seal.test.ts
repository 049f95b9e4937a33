/**
 * A stored job runs only when the extension wrote it: each job entry carries a keyed tag (HMAC,
 * this installation's key in its own IndexedDB) that nothing outside the extension can make. A job
 * that reached the state any other way (a forged entry, a tag copied from another job, a job copied
 * in from storage.local) is counted as unreadable and never run; the jobs a previous build stored in
 * the extension's IndexedDB, untagged, are adopted once, before anything from storage.local is
 * copied in, and keep running.
 */
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { adoptStoredJobs } from '../../lib/journal/job-seal';
import { emptyCounts, type JobMeta, type ReviewedRecord } from '../../lib/journal/schema';
import type { StorageArea } from '../../lib/storage/area';
import { createIdbArea } from '../../lib/storage/idb-area';
import { INDEXED_DBS, storageKey } from '../../lib/storage/keys';
import { REALM, rec, setup, T0 } from '../jobs/runner-harness';

beforeEach(() => {
  fakeBrowser.reset();
});

/** A running delete job as a forger writes it: every field the schema wants, the records with it. */
function forgedJob(id: string, ids: string[]): Record<string, unknown> {
  const job: JobMeta = {
    id,
    realmId: REALM,
    environment: 'sandbox',
    operation: 'delete',
    includeReconciled: false,
    chunkSize: 30,
    total: ids.length,
    chunks: 1,
    cursor: 0,
    openChunk: false,
    status: 'running',
    counts: emptyCounts(),
    unverified: 0,
    createdAt: T0,
    startedAt: T0,
  };
  const records: ReviewedRecord[] = ids.map((n) => ({ kind: 'reviewed', record: rec(n), reconciled: false }));
  return { [storageKey.jobs()]: [job], [storageKey.jobRecords(id, 0)]: records };
}

describe('a stored job the extension did not write', () => {
  it('is never run at a worker start, and is counted as unreadable', async () => {
    const s = setup(3);
    await fakeBrowser.storage.local.set(forgedJob('forged', ['2']));
    const next = s.make(); // the next worker start
    await next.wake();
    await next.whenIdle();
    expect(s.svc.count('batch') + s.svc.count('one')).toBe(0);
    expect(s.svc.records.has('Invoice:2')).toBe(true);
    expect(await next.listJobs()).toEqual([]);
    expect(await next.unreadableJobs()).toBe(1);
    expect(await next.start('forged')).toBeUndefined();
    await next.whenIdle();
    expect(s.svc.records.has('Invoice:2')).toBe(true);
  });

  it('a tag copied from a job the extension wrote does not make another job its own', async () => {
    const s = setup(3);
    const real = await s.job([{ record: rec('1'), reconciled: false }]);
    const stored = await fakeBrowser.storage.local.get(null);
    const forged = forgedJob('forged', ['2']);
    const list = [...(stored[storageKey.jobs()] as JobMeta[]), ...(forged[storageKey.jobs()] as JobMeta[])];
    const copiedTags = Object.fromEntries(
      Object.entries(stored)
        .filter(([key]) => key.includes(real) && !key.includes(':records:'))
        .map(([key, value]) => [key.replace(real, 'forged'), value]),
    );
    expect(Object.keys(copiedTags).length).toBeGreaterThan(0); // the extension's job has a tag to copy
    await fakeBrowser.storage.local.set({ ...forged, ...copiedTags, [storageKey.jobs()]: list });
    const next = s.make();
    await next.wake();
    await next.whenIdle();
    expect(s.svc.records.has('Invoice:2')).toBe(true);
    expect((await next.listJobs()).map((j) => j.id)).toEqual([real]);
    expect(await next.unreadableJobs()).toBe(1);
    // The extension's own job still runs.
    await next.start(real);
    await next.whenIdle();
    expect((await next.getJob(real))?.status).toBe('done');
    expect(s.svc.records.has('Invoice:1')).toBe(false);
  });

  it('a job created and run across worker restarts keeps its tag', async () => {
    const s = setup(40);
    const id = await s.job(undefined, 30);
    const next = s.make();
    await next.start(id);
    await next.whenIdle();
    expect((await next.getJob(id))?.status).toBe('done');
    expect(s.svc.records.size).toBe(0);
  });
});

/** Writes `items` straight into a state database, as a previous build left it (no tag, no mark). */
async function previousBuildState(dbName: string, items: Record<string, unknown>): Promise<void> {
  const db = await openDB(dbName, INDEXED_DBS.state.version, {
    upgrade: (d) => {
      d.createObjectStore('kv');
    },
  });
  for (const [key, value] of Object.entries(items)) await db.put('kv', value, key);
  db.close();
}

describe('at the upgrade', () => {
  const area = (dbName: string): StorageArea =>
    createIdbArea({
      indexedDB,
      dbName,
      legacy: fakeBrowser.storage.local,
      beforeMove: (held) => adoptStoredJobs(held),
    });

  it("a job the previous build stored in the extension's IndexedDB keeps running", async () => {
    await previousBuildState('upgrade', { 'sd:version': 4, ...forgedJob('before', ['2']) });
    const s = setup(3, { storage: area('upgrade') });
    await s.runner.wake();
    await s.runner.whenIdle();
    expect((await s.runner.getJob('before'))?.status).toBe('done');
    expect(s.svc.records.has('Invoice:2')).toBe(false);
    expect(await s.runner.unreadableJobs()).toBe(0);
  });

  it('a job storage.local held at the first start is copied in but never adopted: it never runs', async () => {
    const s = setup(3, { storage: area('copied') }); // setup() resets fakeBrowser: storage.local is written after
    await fakeBrowser.storage.local.set(forgedJob('copied', ['2'])); // before the area's first use (the first start)
    await s.runner.wake();
    await s.runner.whenIdle();
    expect(s.svc.records.has('Invoice:2')).toBe(true);
    expect(await s.runner.unreadableJobs()).toBe(1);
    // Adopted once only: a later start does not adopt it either.
    const later = setup(3, { storage: area('copied') });
    await later.runner.wake();
    await later.runner.whenIdle();
    expect(later.svc.records.has('Invoice:2')).toBe(true);
    expect(await later.runner.unreadableJobs()).toBe(1);
  });
});
