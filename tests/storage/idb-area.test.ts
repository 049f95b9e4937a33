/**
 * The extension's state in its own IndexedDB (issue 18 §3): the same contract as storage.local,
 * checked against fakeBrowser's storage.local operation by operation, and the one-time move of the
 * old storage.local contents (crash-safe: a copy is never made twice).
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { StorageArea } from '../../lib/storage/area';
import { createIdbArea, MOVED_MARKER } from '../../lib/storage/idb-area';

beforeEach(() => {
  fakeBrowser.reset();
});

/** The same operations on both areas give the same answers. */
async function contract(area: StorageArea) {
  const seen: unknown[] = [];
  await area.set({ 'sd:a': { n: 1, list: [1, 2], gone: undefined }, 'sd:b': 'text', 'sd:c': 0 });
  seen.push(await area.get('sd:a'));
  seen.push(await area.get(['sd:a', 'sd:missing', 'sd:c']));
  seen.push(await area.get(null));
  await area.set({ 'sd:b': undefined, 'sd:c': false });
  seen.push(await area.get(null));
  await area.remove(['sd:a', 'sd:never']);
  await area.remove('sd:c');
  seen.push(await area.get(null));
  seen.push(await area.get([]));
  return seen;
}

describe('the IndexedDB area', () => {
  it('answers exactly as storage.local does', async () => {
    const expected = await contract(fakeBrowser.storage.local);
    expect(await contract(createIdbArea({ indexedDB, dbName: 'contract' }))).toEqual(expected);
  });

  it('keeps what it stored across a new area on the same database (a worker restart)', async () => {
    await createIdbArea({ indexedDB, dbName: 'restart' }).set({ 'sd:jobs': [{ id: 'j1' }] });
    expect(await createIdbArea({ indexedDB, dbName: 'restart' }).get('sd:jobs')).toEqual({ 'sd:jobs': [{ id: 'j1' }] });
  });

  it('stores what JSON keeps: no class instance or function survives, as in storage.local', async () => {
    const area = createIdbArea({ indexedDB, dbName: 'json' });
    await area.set({ 'sd:x': { at: new Date(0), f: () => 1, n: Number.NaN } });
    expect(await area.get('sd:x')).toEqual({ 'sd:x': { at: '1970-01-01T00:00:00.000Z', n: null } });
  });
});

describe('moving the old storage.local contents', () => {
  it('moves every key once, then storage.local holds nothing', async () => {
    const legacy = fakeBrowser.storage.local;
    await legacy.set({ 'sd:jobs': [{ id: 'j1' }], 'sd:selection:production:1': { 'Invoice:1': {} } });
    const area = createIdbArea({ indexedDB, dbName: 'move', legacy });
    expect(await area.get(null)).toEqual({
      'sd:jobs': [{ id: 'j1' }],
      'sd:selection:production:1': { 'Invoice:1': {} },
    });
    expect(await legacy.get(null)).toEqual({});
  });

  it('a crash after the copy and before the removal: the next start removes, and never copies again', async () => {
    const legacy = fakeBrowser.storage.local;
    await legacy.set({ 'sd:jobs': ['old'] });
    // The copy happened (marked), the worker died before storage.local was emptied, and the
    // extension wrote newer state since.
    const before = createIdbArea({ indexedDB, dbName: 'crash' });
    await before.set({ 'sd:jobs': ['new'] });
    await before.set({ [MOVED_MARKER]: true });
    const after = createIdbArea({ indexedDB, dbName: 'crash', legacy });
    expect(await after.get('sd:jobs')).toEqual({ 'sd:jobs': ['new'] });
    expect(await legacy.get(null)).toEqual({});
  });

  it('the marker is never seen by a reader', async () => {
    const legacy = fakeBrowser.storage.local;
    await legacy.set({ 'sd:version': 2 });
    const area = createIdbArea({ indexedDB, dbName: 'marker', legacy });
    expect(Object.keys(await area.get(null))).toEqual(['sd:version']);
  });
});
