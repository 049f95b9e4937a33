/**
 * The extension's state in its own IndexedDB. `storage.local` is readable and writable
 * from content-script contexts (Chrome's default, always in Firefox), so a compromised page renderer
 * could rewrite the journal, the jobs, the preflight rows, the selection or a kept refresh token and
 * change what a job deletes. IndexedDB belongs to the origin: the extension's is reachable only from
 * the extension's own pages and worker, never from a content script, which runs in the page's origin.
 *
 * Same contract as `storage.local` (get / set / remove of JSON-like values; setting `undefined` changes
 * nothing), so every store keeps its code and its tests.
 *
 * The move from storage.local happens once per profile, at the first use of this area, whatever it
 * finds: the old contents are copied in with the "moved" mark in one write (the mark alone when
 * storage.local is empty, as on a fresh install), then removed there. From then on storage.local is
 * only emptied at each start, never read into the state: what a content script writes there later
 * never reaches it. Copied only into a state that holds nothing: a state without the mark but with
 * data was written by a build that found storage.local empty at its install and never marked its
 * move; what storage.local holds now is then not the extension's, and is not copied. A crash between
 * the copy and the removal is finished on the next start without copying again.
 *
 * `beforeMove` runs at each first use, before the move, on what the state holds before anything
 * from storage.local can be copied in (lib/journal/job-seal.ts adopts a previous build's jobs
 * there). If it fails, nothing is copied at that start.
 */
import { type IDBPDatabase, type IDBPTransaction, type StoreNames, wrap } from 'idb';
import type { StorageArea } from './area';
import { INDEXED_DBS } from './keys';

export const STATE_DB_NAME = INDEXED_DBS.state.name;
const STORE = 'kv' satisfies keyof typeof INDEXED_DBS.state.stores;
/** Set in the new area when the old storage.local contents were moved in (or found empty): never again. */
export const MOVED_MARKER = 'sd:moved-from-storage-local';

/**
 * Opens `name` at `version` in the IndexedDB `factory` it is given (idb's `openDB` reads the global
 * one): the extension's own in the worker, fake-indexeddb's in Node. `upgrade` runs as idb's does.
 */
export function openIdb<DB = unknown>(
  factory: IDBFactory,
  name: string,
  version: number,
  upgrade?: (
    db: IDBPDatabase<DB>,
    oldVersion: number,
    newVersion: number | null,
    tx: IDBPTransaction<DB, StoreNames<DB>[], 'versionchange'>,
  ) => void,
): Promise<IDBPDatabase<DB>> {
  const request = factory.open(name, version);
  const opened = wrap(request) as Promise<IDBPDatabase<DB>>;
  if (upgrade) {
    request.addEventListener('upgradeneeded', (event) => {
      const tx = request.transaction as IDBTransaction;
      upgrade(
        wrap(request.result) as IDBPDatabase<DB>,
        event.oldVersion,
        event.newVersion,
        wrap(tx) as unknown as IDBPTransaction<DB, StoreNames<DB>[], 'versionchange'>,
      );
    });
  }
  return opened;
}

export interface IdbAreaOptions {
  /** The IndexedDB to keep the state in: the extension origin's own (Node tests: fake-indexeddb's). */
  indexedDB: IDBFactory;
  dbName?: string;
  /** The area this one replaces (`browser.storage.local`): its contents move here once, on first use. */
  legacy?: StorageArea;
  /** Runs at each first use, before the move, on what the state held until then (see the module doc). */
  beforeMove?: (held: Pick<StorageArea, 'get'>) => Promise<void>;
}

export function createIdbArea(options: IdbAreaOptions): StorageArea {
  let db: Promise<IDBPDatabase> | undefined;
  const open = () => {
    db ??= openIdb(options.indexedDB, options.dbName ?? STATE_DB_NAME, INDEXED_DBS.state.version, (database) => {
      database.createObjectStore(STORE);
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

  async function rawCount(): Promise<number> {
    return (await open()).count(STORE);
  }

  async function firstUse(): Promise<void> {
    try {
      await options.beforeMove?.({ get: rawGet });
    } catch (error) {
      console.error('safe-delete storage: nothing moved from storage.local at this start:', error);
      return;
    }
    await moveLegacy(options.legacy, { get: rawGet, set: rawSet, count: rawCount });
  }

  let ready: Promise<void> | undefined;
  const moved = () => {
    ready ??= firstUse();
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

/**
 * Copies `legacy` in once, into a state that holds nothing, and marks it whatever was found; then
 * empties `legacy`. Once marked, whatever `legacy` holds is only removed.
 */
async function moveLegacy(
  legacy: StorageArea | undefined,
  target: Pick<StorageArea, 'get' | 'set'> & { count(): Promise<number> },
): Promise<void> {
  if (!legacy) return;
  let old: Record<string, unknown>;
  try {
    old = await legacy.get(null);
  } catch {
    return; // not marked: read again at the next start (an upgrade's old state must not be lost)
  }
  const keys = Object.keys(old);
  const marked = (await target.get(MOVED_MARKER))[MOVED_MARKER] === true;
  if (!marked) await target.set({ ...((await target.count()) === 0 ? old : {}), [MOVED_MARKER]: true });
  if (keys.length > 0) await legacy.remove(keys);
}

/** What storage.local would give back: JSON's view of the value (no undefined members, no class). */
function toJsonLike(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
