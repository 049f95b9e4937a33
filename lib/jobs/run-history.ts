/**
 * The last runs of each company, kept after "Done" so a bookkeeper can look back at (and download)
 * what a run did after dismissing it. storage.local, at most RUNS_KEPT per company; the audit log
 * stays the complete record.
 */
import { z } from 'zod';
import { type JobView, JobViewSchema } from '../messaging/views';
import type { Scope } from '../selection/store';
import type { StorageArea } from '../storage/area';
import { storageKey } from '../storage/keys';
import { writeQueueFor } from '../storage/queue';

export const RUNS_KEPT = 5;
const keyOf = storageKey.runs;
const RunsSchema = z.array(JobViewSchema);

export function createRunHistory(local: StorageArea) {
  const queue = writeQueueFor(local);
  async function read(scope: Scope): Promise<JobView[]> {
    const parsed = RunsSchema.safeParse((await local.get(keyOf(scope)))[keyOf(scope)]);
    return parsed.success ? parsed.data : [];
  }
  return {
    /** Most recent first. */
    read,
    /** "Erase this company's local data". */
    erase: (scope: Scope): Promise<void> => queue.run(() => local.remove(keyOf(scope))),
    keep(scope: Scope, run: JobView): Promise<void> {
      return queue.run(async () => {
        const runs = [run, ...(await read(scope)).filter((r) => r.id !== run.id)].slice(0, RUNS_KEPT);
        await local.set({ [keyOf(scope)]: runs });
      });
    },
  };
}
