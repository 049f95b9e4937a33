/**
 * The job list (`sd:jobs`) 2 → 3: why the runner paused a job on its own is a code (`stop`), not a
 * sentence (`error`). A sentence stored by a build before codes cannot be re-worded: it is carried
 * as it was, `{ code: 'worded', text, was: 'error' }`, and shown as it is. A job without one, or an
 * item that is not an object, is left as it is (the journal keeps it, unread). One key, so no loop
 * over keys to share.
 */
import { storageKey } from '../keys';
import type { ItemMigration } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One job with its `error` sentence moved to `stop` (pure; a job already holding a `stop` keeps it). */
export function withStop(job: unknown): unknown {
  if (!isObject(job) || !('error' in job)) return job;
  const { error, ...rest } = job;
  if (typeof error !== 'string' || error === '' || 'stop' in rest) return rest;
  return { ...rest, stop: { code: 'worded', text: error, was: 'error' } };
}

/** The list with every job's `error` moved to `stop` (pure). */
export function withStops(jobs: unknown): unknown {
  return Array.isArray(jobs) ? jobs.map(withStop) : jobs;
}

export const jobsV3StopCode: ItemMigration = {
  item: 'jobs',
  from: 2,
  to: 3,
  describe: 'why the runner paused a job is a code (`stop`); a stored sentence is kept as `worded`',
  async run({ local }) {
    const key = storageKey.jobs();
    const jobs = (await local.get(key))[key];
    if (jobs === undefined) return;
    const next = withStops(jobs);
    if (JSON.stringify(next) !== JSON.stringify(jobs)) await local.set({ [key]: next });
  },
};
