/**
 * The selection store reads a list it cannot read as empty; before its next write replaces that
 * list, the value is kept under sd:unreadable:<key>, where a later read through the item's
 * declaration still reports it. The first value set aside stays (a second one never replaces it).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { z } from 'zod';
import {
  createSelectionStore,
  LAST_PAGE_ITEM,
  PAGE_TICKED_ITEM,
  ROWS_ITEM,
  type Scope,
  SELECTION_ITEM,
  TOMBSTONES_ITEM,
} from '../../lib/selection/store';
import { readItem } from '../../lib/storage/item';
import { storageKey } from '../../lib/storage/keys';

const T0 = Date.UTC(2026, 0, 15, 9);
const scope: Scope = { realmId: '9341', environment: 'sandbox' };
const local = () => fakeBrowser.storage.local;
const stored = async (key: string) => (await local().get(key))[key];
const store = () => createSelectionStore(local(), () => T0);
const tick = { entity: 'Invoice' as const, id: '7', shownAt: T0, tickedAt: T0 };

beforeEach(() => fakeBrowser.reset());

describe('the selection store sets unreadable lists aside before writing over them', () => {
  const lists: [string, { key: (scope: Scope) => string; schema: z.ZodType<unknown> }, unknown][] = [
    ['selection', SELECTION_ITEM, { 'Invoice:1': { entity: 'Invoice', id: 'not an id' } }],
    ['page-ticked list', PAGE_TICKED_ITEM, ['from', 'another', 'shape']],
    ['tombstones', TOMBSTONES_ITEM, { 'Invoice:2': 'yesterday' }],
    ['rows known by what they show', ROWS_ITEM, { row: { shown: 42 } }],
  ];

  for (const [what, item, malformed] of lists) {
    it(`the ${what}: kept aside when a tick is reported, and read back as unreadable`, async () => {
      const key = item.key(scope);
      await local().set({ [key]: malformed });
      await store().report(scope, { added: [tick], removed: [] });
      expect(await stored(storageKey.unreadable(key))).toEqual(malformed);
      expect(await readItem(item, local(), storageKey.unreadable(key))).toMatchObject({
        kind: 'unreadable',
        raw: malformed,
      });
      // The store goes on from empty, and the write it made reads back.
      expect(Object.keys(await store().read(scope))).toEqual(['Invoice:7']);
    });
  }

  it('the first value set aside stays: a second unreadable value does not replace it', async () => {
    const key = SELECTION_ITEM.key(scope);
    await local().set({ [key]: 'first' });
    await store().remove(scope, ['Invoice:7']);
    await local().set({ [key]: 'second' });
    await store().clear(scope);
    expect(await stored(storageKey.unreadable(key))).toBe('first');
  });

  it('the last page: kept aside when a new page is recorded', async () => {
    const key = LAST_PAGE_ITEM.key();
    await local().set({ [key]: { url: 42 } });
    const page = { realmId: '9341', environment: 'sandbox' as const, url: 'https://qbo.example/app/invoices', at: T0 };
    await store().setLastPage(page);
    expect(await readItem(LAST_PAGE_ITEM, local(), storageKey.unreadable(key))).toMatchObject({
      kind: 'unreadable',
      raw: { url: 42 },
    });
    expect(await store().lastPage()).toEqual(page);
  });
});
