/** The slice of `browser.storage.*` areas the product uses; WXT's fakeBrowser provides the same. */
export interface StorageArea {
  get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/**
 * Serialises read-modify-write cycles: two storage updates in the same tick would otherwise read
 * the same old value and one would be lost (seen on this machine, see spike NOTES).
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
