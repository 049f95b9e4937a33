/**
 * Storage migrations: a storage written by the previous layout (version 1: three key styles, a job's
 * reviewed records under one key, jobs without an operation) comes out in today's layout with
 * nothing lost, a job left running by the old build finishes after the update, and an interrupted
 * migration runs again safely.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import { createTokenStore } from '../../../lib/connection/token-store';
import { newJobMeta } from '../../../lib/jobs/create';
import { adoptStoredJobs } from '../../../lib/journal/job-seal';
import { createSelectionStore } from '../../../lib/selection/store';
import type { StorageArea } from '../../../lib/storage/area';
import { LEGACY_KEYS, storageKey } from '../../../lib/storage/keys';
import {
  migrateStorage as migrateWith,
  LAYOUT_VERSION as STORAGE_VERSION,
  storedLayout as storedVersion,
} from '../../../lib/storage/migrate';
import { createHarness, type Harness } from '../../jobs/harness';

const local = () => fakeBrowser.storage.local;
const session = () => fakeBrowser.storage.session;
const areas = () => ({ local: local(), session: session() });
const scope = { environment: 'production' as const, realmId: '4620816365' };
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.token-of-the-old-layout-long-enough';

function fakeRecords(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    record: { entity: 'Invoice', id: String(1000 + i), syncToken: '0', linkedTxn: [], raw: { Id: String(1000 + i) } },
    reconciled: false,
  }));
}

/** Every key family of version 1, as the previous build wrote them. */
async function writeV1() {
  const job = { ...newJobMeta('job-a', { realmId: scope.realmId, environment: 'production', records: [] }, 65, 5) };
  delete (job as { operation?: string }).operation;
  const item = { entity: 'Invoice', id: '1000', shownAt: 1, tickedAt: 1, addedAt: 1 };
  await local().set({
    'sd:jobs': [job],
    [LEGACY_KEYS.jobRecords('job-a')]: fakeRecords(65),
    [storageKey.jobChunk('job-a', 0)]: { index: 0, outcomes: {}, inFlight: [], queue: [], verify: [], batchCalls: 0 },
    [LEGACY_KEYS.selection(scope)]: { 'Invoice:1000': item },
    [LEGACY_KEYS.pageTicked(scope)]: { 'Invoice:1001': { ...item, id: '1001' } },
    [LEGACY_KEYS.tombstones(scope)]: { 'Invoice:1002': 3 },
    [LEGACY_KEYS.lastPage]: { ...scope, url: 'https://qbo.intuit.com/app/invoices', at: 4 },
    [LEGACY_KEYS.preflight(scope)]: { at: 5, rows: {} },
    [LEGACY_KEYS.runs(scope)]: [],
    [LEGACY_KEYS.companyNames]: { 'production.4620816365': { name: 'Craig’s Design', at: 6 } },
    [LEGACY_KEYS.connections]: {
      'production.4620816365': { ...scope, remember: true, method: 'pasted', at: 7 },
    },
    [LEGACY_KEYS.secrets('production.4620816365')]: { access: TOKEN },
    'sd:audit:index': { nextSeg: 0, segs: [] },
  });
  await session().set({
    [LEGACY_KEYS.secrets('production.4620816365')]: { access: TOKEN },
    [LEGACY_KEYS.pageIssues]: { counter: { url: 'https://qbo.intuit.com/app/invoices', claimed: 3, seen: 1, at: 8 } },
  });
}

/** Every item of the build, as the background migrates them; the answer's layout versions. */
const migrateStorage = async (a: Parameters<typeof migrateWith>[0]) => {
  const { from, to } = await migrateWith(a, STORED_ITEMS);
  return { from, to };
};

beforeEach(() => fakeBrowser.reset());

describe('storage migrations', () => {
  it('a new install starts at the current version; an old storage without a version is version 1', async () => {
    expect(await storedVersion(local())).toBe(STORAGE_VERSION);
    expect(await migrateStorage(areas())).toEqual({ from: STORAGE_VERSION, to: STORAGE_VERSION });
    expect((await local().get(storageKey.version()))[storageKey.version()]).toBe(STORAGE_VERSION);
    fakeBrowser.reset();
    await writeV1();
    expect(await storedVersion(local())).toBe(1);
  });

  it('version 1 → 2: every key renamed, values unchanged, records per chunk, jobs name their operation', async () => {
    await writeV1();
    const before = { local: await local().get(null), session: await session().get(null) };
    expect(await migrateStorage(areas())).toEqual({ from: 1, to: STORAGE_VERSION });
    const after = await local().get(null);
    const afterSession = await session().get(null);
    // No old key survives, in either area.
    const old = [...Object.keys(before.local), ...Object.keys(before.session)].filter(
      (k) => !k.startsWith('sd:audit') && !k.startsWith('sd:job:job-a:chunk') && k !== 'sd:jobs',
    );
    for (const k of old) {
      expect(after).not.toHaveProperty([k]);
      expect(afterSession).not.toHaveProperty([k]);
    }
    expect(after[storageKey.selection(scope)]).toEqual(before.local[LEGACY_KEYS.selection(scope)]);
    expect(after[storageKey.pageTicked(scope)]).toEqual(before.local[LEGACY_KEYS.pageTicked(scope)]);
    expect(after[storageKey.tombstones(scope)]).toEqual({ 'Invoice:1002': 3 });
    expect(after[storageKey.lastPage()]).toEqual(before.local[LEGACY_KEYS.lastPage]);
    // Moved by 1 → 2, then dropped by 2 → 3 (a stored check of sentences is checked again).
    expect(after).not.toHaveProperty([storageKey.preflight(scope)]);
    expect(after[storageKey.runs(scope)]).toEqual([]);
    expect(after[storageKey.companyNames()]).toEqual(before.local[LEGACY_KEYS.companyNames]);
    expect(after[storageKey.connections()]).toEqual(before.local[LEGACY_KEYS.connections]);
    expect(after[storageKey.secrets('production.4620816365')]).toEqual({ access: TOKEN });
    expect(afterSession[storageKey.secrets('production.4620816365')]).toEqual({ access: TOKEN });
    expect(afterSession[storageKey.pageIssues()]).toEqual(before.session[LEGACY_KEYS.pageIssues]);
    // 65 records at 30 per chunk: 30 + 30 + 5, in order.
    const all = fakeRecords(65);
    expect(after[storageKey.jobRecords('job-a', 0)]).toEqual(all.slice(0, 30));
    expect(after[storageKey.jobRecords('job-a', 1)]).toEqual(all.slice(30, 60));
    expect(after[storageKey.jobRecords('job-a', 2)]).toEqual(all.slice(60));
    expect(after).not.toHaveProperty([storageKey.jobRecords('job-a', 3)]);
    expect((after['sd:jobs'] as { operation: string }[])[0]?.operation).toBe('delete');
    // The stores read what was migrated.
    const tokens = createTokenStore(areas());
    expect(await tokens.getToken(scope)).toBe(TOKEN);
    expect(Object.keys(await createSelectionStore(local(), () => 10).read(scope))).toEqual(['Invoice:1000']);
  });

  it('an interrupted migration (new keys written, version not) runs again to the same result', async () => {
    await writeV1();
    const real = local();
    let sets = 0;
    const failing: StorageArea = {
      get: (k) => real.get(k ?? null),
      remove: (k) => real.remove(k),
      set: async (items) => {
        if (++sets === 2) throw new Error('worker stopped'); // the first set (new keys) landed
        await real.set(items);
      },
    };
    await expect(migrateStorage({ local: failing, session: session() })).rejects.toThrow('worker stopped');
    expect(await storedVersion(real)).toBe(1);
    expect(await migrateStorage(areas())).toEqual({ from: 1, to: STORAGE_VERSION });
    const after = await real.get(null);
    expect(after[storageKey.jobRecords('job-a', 2)]).toEqual(fakeRecords(65).slice(60));
    expect(after[storageKey.secrets('production.4620816365')]).toEqual({ access: TOKEN });
    expect(after).not.toHaveProperty([LEGACY_KEYS.jobRecords('job-a')]);
  });

  it('keeps what it cannot place: records of a job not in the list stay under their old key', async () => {
    await local().set({ 'sd:jobs': [], [LEGACY_KEYS.jobRecords('orphan')]: fakeRecords(3) });
    await migrateStorage(areas());
    expect((await local().get(null))[LEGACY_KEYS.jobRecords('orphan')]).toEqual(fakeRecords(3));
  });

  it('a storage written by a newer build is left untouched', async () => {
    await local().set({ [storageKey.version()]: STORAGE_VERSION + 1, 'selection.production.1': { x: 1 } });
    expect(await migrateStorage(areas())).toEqual({ from: STORAGE_VERSION + 1, to: STORAGE_VERSION + 1 });
    expect(await local().get(null)).toEqual({
      [storageKey.version()]: STORAGE_VERSION + 1,
      'selection.production.1': { x: 1 },
    });
  });
});

describe('a job the previous build left running', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('finishes after the update: every record deleted once, from per-chunk records', async () => {
    h = await createHarness({ count: 65, entities: { Invoice: 1 } });
    const keys = h.company.keys.all;
    const reviewed = await h.review(keys);
    const meta = newJobMeta('job-v1', { realmId: h.realmId, environment: 'sandbox', records: [] }, reviewed.length, 0);
    const v1Job: Record<string, unknown> = { ...meta, status: 'running', startedAt: 0 };
    delete v1Job.operation;
    await local().set({ 'sd:jobs': [v1Job], [LEGACY_KEYS.jobRecords('job-v1')]: reviewed });
    await adoptStoredJobs(local()); // in the state before this build's first start: the extension's own
    await migrateStorage(areas());
    const runner = h.runner();
    await runner.wake();
    const { job } = await h.settle(runner, 'job-v1');
    expect(job.status).toBe('done');
    expect(job.counts.deleted).toBe(keys.length);
    for (const key of keys) expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBe(1);
  });
});
