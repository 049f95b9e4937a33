/**
 * The extension's state in its own IndexedDB (issue 18 §3). `storage.local` is readable and writable
 * from content-script contexts (Chrome's default, always in Firefox), so a compromised page renderer
 * could rewrite the journal, the jobs, the preflight rows, the selection or a kept refresh token and
 * change what a job deletes. IndexedDB belongs to the origin: the extension's is reachable only from
 * the extension's own pages and worker, never from a content script, which runs in the page's origin.
 *
 * Same contract as `storage.local` (get / set / remove of JSON-like values; setting `undefined` changes
 * nothing), so every store keeps its code and its tests. On first use the old `storage.local` contents
 * move here once: copied, marked, then removed there; a crash between the copy and the removal is
 * finished on the next start without copying again (the copy may be older than what was written
 * here since).
 */
import { type IDBPDatabase, openDB } from 'idb';
import type { StorageArea } from './area';
import { INDEXED_DBS } from './keys';

export const STATE_DB_NAME = INDEXED_DBS.state.name;
const STORE = 'kv' satisfies keyof typeof INDEXED_DBS.state.stores;
/** Set in the new area once the old storage.local contents are copied in. */
export const MOVED_MARKER = 'sd:moved-from-storage-local';

export interface IdbAreaOptions {
  dbName?: string;
  /** The area this one replaces (`browser.storage.local`): its contents move here on first use. */
  legacy?: StorageArea;
}

export function createIdbArea(options: IdbAreaOptions = {}): StorageArea {
  let db: Promise<IDBPDatabase> | undefined;
  // The extension origin's IndexedDB (Node tests: fake-indexeddb's, new per test in tests/setup.ts).
  const open = () => {
    db ??= openDB(options.dbName ?? STATE_DB_NAME, INDEXED_DBS.state.version, {
      upgrade(database) {
        database.createObjectStore(STORE);
      },
    });
    return db;
  };

  async function rawGet(keys?: string | string[] | null): Promise<Record<string, unknown>> {
    const tx = (await open()).transaction(STORE, 'readonly');
    const out: Record<string, unknown> = {};
    if (keys === undefined || keys === null) {
      const [names, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
      names.forEach((name, i) => {
        out[String(name)] = values[i];
      });
    } else {
      const list = typeof keys === 'string' ? [keys] : keys;
      const values = await Promise.all(list.map((k) => tx.store.get(k)));
      list.forEach((k, i) => {
        if (values[i] !== undefined) out[k] = values[i];
      });
    }
    await tx.done;
    return out;
  }

  async function rawSet(items: Record<string, unknown>): Promise<void> {
    const tx = (await open()).transaction(STORE, 'readwrite');
    for (const [key, value] of Object.entries(items)) {
      // As storage.local: an undefined value changes nothing; values are stored as JSON keeps them.
      if (value !== undefined) void tx.store.put(toJsonLike(value), key);
    }
    await tx.done;
  }

  async function rawRemove(keys: string | string[]): Promise<void> {
    const tx = (await open()).transaction(STORE, 'readwrite');
    for (const key of typeof keys === 'string' ? [keys] : keys) void tx.store.delete(key);
    await tx.done;
  }

  let ready: Promise<void> | undefined;
  const moved = () => {
    ready ??= moveLegacy(options.legacy, { get: rawGet, set: rawSet });
    return ready;
  };

  return {
    async get(keys) {
      await moved();
      const all = await rawGet(keys);
      delete all[MOVED_MARKER];
      return all;
    },
    async set(items) {
      await moved();
      await rawSet(items);
    },
    async remove(keys) {
      await moved();
      await rawRemove(keys);
    },
  };
}

/** Copies `legacy` in once (marked), then empties it; a leftover after the mark is only removed. */
async function moveLegacy(legacy: StorageArea | undefined, target: Pick<StorageArea, 'get' | 'set'>): Promise<void> {
  if (!legacy) return;
  const old = await legacy.get(null).catch(() => ({}) as Record<string, unknown>);
  const keys = Object.keys(old);
  if (keys.length === 0) return;
  const marked = (await target.get(MOVED_MARKER))[MOVED_MARKER] === true;
  if (!marked) await target.set({ ...old, [MOVED_MARKER]: true });
  await legacy.remove(keys);
}

/** What storage.local would give back: JSON's view of the value (no undefined members, no class). */
function toJsonLike(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
