/**
 * One promise chain for every storage read-modify-write (uBlock Origin Lite's pattern): two writes in
 * the same tick would otherwise lose data (spike NOTES). A failed task does not break the chain.
 */
export interface WriteQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

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
