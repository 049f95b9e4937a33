/**
 * The one write queue (uBlock Origin Lite's pattern): every read-modify-write of a storage area goes
 * through one promise chain, because two writes in the same tick would otherwise lose data (spike
 * NOTES). There is exactly one chain per storage area: every store asks `writeQueueFor(area)` and
 * gets the same queue, so the job journal, the audit log, the selection, the preflight, the run
 * history and the connections can never interleave their writes. A failed task does not break the
 * chain.
 *
 * A task must never wait for another task of the same queue (it would wait for itself): code that
 * runs inside a task calls the un-queued helpers (e.g. the audit log's `planAppend`).
 */
import type { StorageArea } from './area';

export interface WriteQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A fresh chain. Product code uses `writeQueueFor`; this is exported for the queue's own tests. */
export function createWriteQueue(): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const next = tail.then(task, task);
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

const queues = new WeakMap<StorageArea, WriteQueue>();

/** The write queue of a storage area: the same object for every caller. */
export function writeQueueFor(area: StorageArea): WriteQueue {
  let queue = queues.get(area);
  if (!queue) {
    queue = createWriteQueue();
    queues.set(area, queue);
  }
  return queue;
}
