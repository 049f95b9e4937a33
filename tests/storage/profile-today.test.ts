/**
 * A profile written by the build before per-item versions (layout 3: every key in today's shape)
 * upgrades and reads the same: every key keeps its value, each reads through its item's declaration,
 * and no migration changes any of them. (A job's records, at shape 1 in a layout-3 profile, go
 * through their 1 → 2 migration, which moves only a restore's records: a reviewed one stays as it is.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../lib/background/stored-items';
import { newJobMeta } from '../../lib/jobs/create';
import { readItem } from '../../lib/storage/item';
import { storageKey } from '../../lib/storage/keys';
import { migrateStorage } from '../../lib/storage/migrate';

const scope = { environment: 'production' as const, realmId: '4620816365' };
const record = { entity: 'Invoice', id: '1', syncToken: '0', linkedTxn: [], raw: { Id: '1' } };
const run = {
  id: 'job-a',
  realmId: scope.realmId,
  environment: 'production',
  state: 'done',
  done: 1,
  total: 1,
  operation: 'void',
  counts: { deleted: 0, voided: 1, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
  records: [{ key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'voided', outcome: 'voided' }],
  startedAt: 1,
  finishedAt: 2,
};

/** Today's value of every key, by item name and area. */
const TODAY = {
  local: {
    jobs: [newJobMeta('job-a', { ...scope, records: [] }, 1, 0)],
    jobRecords: [{ record, reconciled: false }],
    jobChunk: { index: 0, outcomes: {}, inFlight: [], queue: [], verify: [], batchCalls: 0 },
    jobSeal: 'bW9jayB0YWcgb2YgdGhlIGpvYg==',
    throttle: [1, 2],
    selection: { 'Invoice:1': { entity: 'Invoice', id: '1', shownAt: 1, tickedAt: 1, addedAt: 1 } },
    pageTicked: {},
    tombstones: { 'Invoice:2': 3 },
    rows: {},
    choice: { operation: 'void', includeReconciled: true, includeLinked: false },
    lastPage: { ...scope, url: 'https://qbo.intuit.com/app/invoices', at: 4 },
    preflight: { at: 5, rows: { 'Invoice:1': { status: 'ready', blockers: [], warnings: [], reviewed: record } } },
    runs: [run],
    companyNames: { 'production.4620816365': { name: 'Craig’s Design', at: 6 } },
    connections: { 'production.4620816365': { ...scope, remember: true, method: 'pasted', at: 7 } },
    preparer: { name: 'Dana Whitfield' },
  },
  session: {
    secrets: { access: 'eyJhbGciOiJIUzI1NiJ9.token-long-enough' },
    pageIssues: { counter: { url: 'https://qbo.intuit.com/app/invoices', claimed: 3, seen: 1, at: 8 } },
  },
} as const;

const keyOf = (name: string): string => {
  switch (name) {
    case 'jobRecords':
    case 'jobChunk':
      return storageKey[name]('job-a', 0);
    case 'throttle':
      return storageKey.throttle(scope.realmId);
    case 'jobSeal':
      return storageKey.jobSeal('job-a');
    case 'secrets':
      return storageKey.secrets('production.4620816365');
    case 'selection':
    case 'pageTicked':
    case 'tombstones':
    case 'rows':
    case 'choice':
    case 'preflight':
    case 'runs':
      return storageKey[name](scope);
    default:
      return (storageKey[name as 'jobs'] as () => string)();
  }
};

beforeEach(() => fakeBrowser.reset());

describe('a profile of today’s shapes', () => {
  it('covers every item but the storage’s own', () => {
    const own = ['version', 'itemVersions', 'unreadable'];
    expect([...Object.keys(TODAY.local), ...Object.keys(TODAY.session)].sort()).toEqual(
      STORED_ITEMS.map((i) => i.name)
        .filter((n) => !own.includes(n))
        .sort(),
    );
  });

  it('upgrades with no value changed, every value kept and read the same through its declaration', async () => {
    const areas = { local: fakeBrowser.storage.local, session: fakeBrowser.storage.session };
    for (const area of ['local', 'session'] as const)
      await areas[area].set(Object.fromEntries(Object.entries(TODAY[area]).map(([n, v]) => [keyOf(n), v])));
    await areas.local.set({ [storageKey.version()]: 3 });
    expect(await migrateStorage(areas, STORED_ITEMS)).toEqual({
      from: 3,
      to: 4,
      items: ['jobs 2→3', 'jobRecords 1→3', 'jobChunk 1→2', 'runs 1→2'],
    });
    for (const item of STORED_ITEMS) {
      const today =
        (TODAY.local as Record<string, unknown>)[item.name] ?? (TODAY.session as Record<string, unknown>)[item.name];
      if (today === undefined) continue;
      const area = item.name in TODAY.local ? areas.local : areas.session;
      const key = keyOf(item.name);
      expect((await area.get(key))[key], item.name).toEqual(today);
      const read = await readItem(item, area, key);
      expect(read, item.name).toEqual({ kind: 'ok', value: expect.anything() });
      if (read.kind === 'ok') expect(read.value, item.name).toMatchObject(today as object);
    }
  });
});
