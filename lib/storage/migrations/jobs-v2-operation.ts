/**
 * The job list (`sd:jobs`) 1 → 2: every job names its operation. Jobs stored before operations
 * existed (void, restore) were all deletes. The one place this is decided: JobMetaSchema has no
 * default for it. An item that is not an object is left as it is (the journal keeps it, unread).
 */
import { storageKey } from '../keys';
import type { ItemMigration } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The list with `operation: 'delete'` on every job that names none (pure). */
export function withOperation(jobs: unknown): unknown {
  if (!Array.isArray(jobs)) return jobs;
  return jobs.map((job) => (isObject(job) && !('operation' in job) ? { ...job, operation: 'delete' } : job));
}

export const jobsV2Operation: ItemMigration = {
  item: 'jobs',
  from: 1,
  to: 2,
  describe: 'every job names its operation (before: all were deletes)',
  async run({ local }) {
    const key = storageKey.jobs();
    const jobs = (await local.get(key))[key];
    if (jobs === undefined) return;
    await local.set({ [key]: withOperation(jobs) });
  },
};
