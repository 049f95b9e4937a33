/**
 * One check-and-create at a time per company. Two views (the popup and the full view)
 * can press "Verify and delete selected" or "Restore" together; without this both pass "a job is
 * already running" before either creates its job, and a restore then creates every record twice.
 * The runner re-checks inside the storage write queue as well (`tryCreateJob`), so a second worker
 * life or a caller that skips this lock still cannot start a second job for the company.
 */
import type { CompanyScope } from '../domain/scope';
import { scopeKey } from '../domain/scope';
import { createWriteQueue, type WriteQueue } from './queue';

export interface CompanyLock {
  /** Runs `task` after every earlier task of the same company has settled. */
  run<T>(scope: CompanyScope, task: () => Promise<T>): Promise<T>;
}

export function createCompanyLock(): CompanyLock {
  const chains = new Map<string, { queue: WriteQueue; waiting: number }>();
  return {
    async run(scope, task) {
      const key = scopeKey(scope);
      const entry = chains.get(key) ?? { queue: createWriteQueue(), waiting: 0 };
      chains.set(key, entry);
      entry.waiting += 1;
      try {
        return await entry.queue.run(task);
      } finally {
        entry.waiting -= 1;
        if (entry.waiting === 0) chains.delete(key);
      }
    },
  };
}
