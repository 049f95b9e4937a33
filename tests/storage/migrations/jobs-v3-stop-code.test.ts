/**
 * The job list 2 → 3 (lib/storage/migrations/jobs-v3-stop-code.ts): why the runner paused a job is a
 * code; a sentence an older build stored under `error` is carried as `worded` and still read.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import { newJobMeta } from '../../../lib/jobs/create';
import { adoptStoredJobs } from '../../../lib/journal/job-seal';
import { createJournal } from '../../../lib/journal/journal';
import { JOBS_ITEM } from '../../../lib/journal/schema';
import { jobStopText } from '../../../lib/popup/words';
import { storageKey } from '../../../lib/storage/keys';
import { migrateStorage } from '../../../lib/storage/migrate';
import { jobsV2Operation } from '../../../lib/storage/migrations/jobs-v2-operation';
import { jobsV3StopCode, withStop, withStops } from '../../../lib/storage/migrations/jobs-v3-stop-code';
import { writeQueueFor } from '../../../lib/storage/queue';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });
const jobsKey = storageKey.jobs();

/** A job as shape 2 wrote it, paused by the runner with a sentence. */
function v2Job(id: string, error?: string): Record<string, unknown> {
  const job: Record<string, unknown> = {
    ...newJobMeta(id, { realmId: '123', environment: 'production', records: [] }, 3, 0),
    status: 'paused',
  };
  if (error !== undefined) job.error = error;
  return job;
}
const { error: _none, ...bare } = v2Job('a', 'x');

beforeEach(() => fakeBrowser.reset());

describe('jobs 2 → 3: why the runner paused a job is a code', () => {
  it('is the jobs item’s second migration, to its declared version', () => {
    expect(JOBS_ITEM.version).toBe(3);
    expect(JOBS_ITEM.migrations).toEqual([jobsV2Operation, jobsV3StopCode]);
  });

  it('a stored sentence becomes `worded` with the field it was stored under; a job without one is kept', () => {
    expect(withStop(v2Job('a', 'Journal of chunk 2 is unreadable'))).toEqual({
      ...bare,
      stop: { code: 'worded', text: 'Journal of chunk 2 is unreadable', was: 'error' },
    });
    const plain = v2Job('b');
    expect(withStop(plain)).toBe(plain);
    expect(withStop({ ...bare, error: '' })).toEqual(bare);
    const coded = { ...bare, stop: { code: 'forbidden' } };
    expect(withStop({ ...coded, error: 'The app may not access this company (403 )' })).toEqual(coded);
    expect(withStops([7, 'x'])).toEqual([7, 'x']);
    expect(withStops('not a list')).toBe('not a list');
  });

  it('a shape-2 job paused with a sentence is read after the upgrade, its sentence shown as it is', async () => {
    await local().set({
      [storageKey.version()]: 4,
      [storageKey.itemVersions()]: { jobs: 2 },
      [jobsKey]: [v2Job('a', 'The app may not access this company (403 3100 denied)'), v2Job('b')],
    });
    await adoptStoredJobs(local());
    const result = await migrateStorage(areas(), STORED_ITEMS);
    expect(result.items).toContain('jobs 2→3');
    const jobs = await createJournal({ storage: local(), queue: writeQueueFor(local()) }).readJobs();
    expect(jobs.map((j) => [j.id, j.status, j.stop && jobStopText(j.stop)])).toEqual([
      ['a', 'paused', 'The app may not access this company (403 3100 denied)'],
      ['b', 'paused', undefined],
    ]);
  });

  it('runs again safely (an interrupted migration) and leaves a storage with no job list alone', async () => {
    await local().set({ [jobsKey]: [v2Job('a', 'boom')] });
    await jobsV3StopCode.run(areas());
    await jobsV3StopCode.run(areas());
    expect((await local().get(jobsKey))[jobsKey]).toEqual([
      { ...bare, stop: { code: 'worded', text: 'boom', was: 'error' } },
    ]);
    fakeBrowser.reset();
    await jobsV3StopCode.run(areas());
    expect(await local().get(null)).toEqual({});
  });
});
