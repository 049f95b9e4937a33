/**
 * The job list 1 → 2 (lib/storage/migrations/jobs-v2-operation.ts): a job stored before operations
 * existed was a delete and says so after; the only place that says it (the journal's schema has no
 * default, so an unmigrated job is not read as a delete by accident).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import { newJobMeta } from '../../../lib/jobs/create';
import { adoptStoredJobs } from '../../../lib/journal/job-seal';
import { createJournal } from '../../../lib/journal/journal';
import { JOBS_ITEM } from '../../../lib/journal/schema';
import { storageKey } from '../../../lib/storage/keys';
import { migrateStorage } from '../../../lib/storage/migrate';
import { jobsV2Operation, withOperation } from '../../../lib/storage/migrations/jobs-v2-operation';
import { writeQueueFor } from '../../../lib/storage/queue';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });

/** A job as layout 1 wrote it: no operation. */
function v1Job(id: string): Record<string, unknown> {
  const job: Record<string, unknown> = {
    ...newJobMeta(id, { realmId: '123', environment: 'production', records: [] }, 3, 0),
  };
  delete job.operation;
  return job;
}

beforeEach(() => fakeBrowser.reset());

describe('jobs 1 → 2: every job names its operation', () => {
  it('is the jobs item’s first migration, to shape 2 (the item is at 3 since its stop is a code)', () => {
    expect(JOBS_ITEM.version).toBe(3);
    expect(JOBS_ITEM.migrations[0]).toBe(jobsV2Operation);
    expect([jobsV2Operation.from, jobsV2Operation.to]).toEqual([1, 2]);
  });

  it('names "delete" where none is named, keeps a named one and what is not a job', () => {
    const voided = { ...v1Job('b'), operation: 'void' };
    expect(withOperation([v1Job('a'), voided, 7])).toEqual([{ ...v1Job('a'), operation: 'delete' }, voided, 7]);
    expect(withOperation('not a list')).toBe('not a list');
  });

  it('a layout-1 job list is read as deletes once migrated, and is not read before', async () => {
    await local().set({ [storageKey.jobs()]: [v1Job('a')] });
    await adoptStoredJobs(local()); // in the state before this build's first start: the extension's own
    const journal = () => createJournal({ storage: local(), queue: writeQueueFor(local()) });
    expect(await journal().readJobs()).toEqual([]);
    const result = await migrateStorage(areas(), STORED_ITEMS);
    expect(result.items).toEqual(['jobs 1→3', 'jobRecords 1→3', 'jobChunk 1→2', 'preflight 1→2', 'runs 1→2']);
    expect((await journal().readJobs()).map((j) => [j.id, j.operation])).toEqual([['a', 'delete']]);
  });

  it('a layout-2 job list (operation named by the old key-style migration) is not migrated again', async () => {
    await local().set({ [storageKey.version()]: 2, [storageKey.jobs()]: [{ ...v1Job('a'), operation: 'void' }] });
    const result = await migrateStorage(areas(), STORED_ITEMS);
    expect(result.items).toEqual(['jobs 2→3', 'jobRecords 1→3', 'jobChunk 1→2', 'preflight 1→2', 'runs 1→2']);
    expect((await local().get(storageKey.jobs()))[storageKey.jobs()]).toEqual([{ ...v1Job('a'), operation: 'void' }]);
  });

  it('runs again safely (an interrupted migration) and leaves a storage with no job list alone', async () => {
    await local().set({ [storageKey.jobs()]: [v1Job('a')] });
    await jobsV2Operation.run(areas());
    await jobsV2Operation.run(areas());
    expect((await local().get(storageKey.jobs()))[storageKey.jobs()]).toEqual([{ ...v1Job('a'), operation: 'delete' }]);
    fakeBrowser.reset();
    await jobsV2Operation.run(areas());
    expect(await local().get(null)).toEqual({});
  });
});
