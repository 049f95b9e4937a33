/**
 * The move of the old storage.local contents happens once per profile, whatever it found: on a fresh
 * install storage.local is empty at the first start, and what a content script writes there later
 * (it can: Chrome's default, always in Firefox) must never reach the extension's own state at a
 * later worker start.
 */
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createIdbArea, MOVED_MARKER } from '../../lib/storage/idb-area';
import { INDEXED_DBS } from '../../lib/storage/keys';

beforeEach(() => {
  fakeBrowser.reset();
});

/** The database's raw `kv` store, the marker included (the area hides it from readers). */
async function raw(dbName: string): Promise<Record<string, unknown>> {
  const db = await openDB(dbName, INDEXED_DBS.state.version);
  const tx = db.transaction('kv', 'readonly');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  db.close();
  return Object.fromEntries(keys.map((k, i) => [String(k), values[i]]));
}

const forgedJobs = { 'sd:jobs': [{ id: 'forged', status: 'running' }], 'sd:job:forged:records:0': [{ id: '7' }] };

describe('the one move from storage.local', () => {
  it('is marked done on a fresh install, where storage.local held nothing', async () => {
    const area = createIdbArea({ indexedDB, dbName: 'fresh', legacy: fakeBrowser.storage.local });
    expect(await area.get(null)).toEqual({});
    expect((await raw('fresh'))[MOVED_MARKER]).toBe(true);
  });

  it('a write to storage.local after the first start is never copied at a later start, and is removed there', async () => {
    const legacy = fakeBrowser.storage.local;
    await createIdbArea({ indexedDB, dbName: 'later', legacy }).set({ 'sd:version': 4 }); // the first start
    await legacy.set(forgedJobs); // a content script, while the worker sleeps
    const next = createIdbArea({ indexedDB, dbName: 'later', legacy }); // the next worker start
    expect(await next.get(null)).toEqual({ 'sd:version': 4 });
    expect(await legacy.get(null)).toEqual({});
    const third = createIdbArea({ indexedDB, dbName: 'later', legacy });
    await legacy.set(forgedJobs);
    expect(await third.get('sd:jobs')).toEqual({});
  });

  it('a state a build wrote without the mark (its install found storage.local empty) takes nothing from storage.local', async () => {
    const legacy = fakeBrowser.storage.local;
    const db = await openDB('unmarked', INDEXED_DBS.state.version, {
      upgrade: (d) => {
        d.createObjectStore('kv');
      },
    });
    await db.put('kv', 4, 'sd:version');
    db.close();
    await legacy.set(forgedJobs);
    const area = createIdbArea({ indexedDB, dbName: 'unmarked', legacy });
    expect(await area.get(null)).toEqual({ 'sd:version': 4 });
    expect(await legacy.get(null)).toEqual({});
    expect((await raw('unmarked'))[MOVED_MARKER]).toBe(true);
  });

  it('runs the hook before the move, on what the state held before anything could be copied in', async () => {
    const legacy = fakeBrowser.storage.local;
    await legacy.set({ 'sd:version': 3 });
    const seen: Record<string, unknown>[] = [];
    const area = createIdbArea({
      indexedDB,
      dbName: 'hook',
      legacy,
      beforeMove: async (held) => {
        seen.push(await held.get(null));
      },
    });
    expect(await area.get(null)).toEqual({ 'sd:version': 3 });
    expect(seen).toEqual([{}]);
  });
});
