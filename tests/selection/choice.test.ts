/**
 * The selection store keeps what the click does (delete or void, the opt-ins) with a company's
 * selection: each tick changes only what it names, nothing is kept for an empty selection, any
 * write that leaves the selection empty (an untick on the page, "Remove", a finished run) takes the
 * choice along, and a stored value the schema refuses is set aside before it is written over.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NO_CHOICE } from '../../lib/domain/choice';
import { CHOICE_ITEM, createSelectionStore, type Scope } from '../../lib/selection/store';
import { readItem } from '../../lib/storage/item';
import { storageKey } from '../../lib/storage/keys';

const T0 = Date.UTC(2026, 0, 15, 9);
const scope: Scope = { realmId: '9341', environment: 'sandbox' };
const other: Scope = { realmId: '9341', environment: 'production' };
const local = () => fakeBrowser.storage.local;
const stored = async (key: string) => (await local().get(key))[key];
const store = () => createSelectionStore(local(), () => T0);
const tick = (id: string) => ({ entity: 'Invoice' as const, id, shownAt: T0, tickedAt: T0 });

beforeEach(() => fakeBrowser.reset());

describe('the selection’s choice', () => {
  it('each tick changes what it names; another company or environment has its own', async () => {
    const s = store();
    await s.report(scope, { added: [tick('7'), tick('8')], removed: [] });
    await s.report(other, { added: [tick('7')], removed: [] });
    expect(await s.readChoice(scope)).toEqual(NO_CHOICE);
    expect(await s.choose(scope, { operation: 'void' })).toEqual({ ...NO_CHOICE, operation: 'void' });
    expect(await s.choose(scope, { includeLinked: true })).toEqual({
      operation: 'void',
      includeReconciled: false,
      includeLinked: true,
    });
    expect(await store().readChoice(scope)).toEqual({
      operation: 'void',
      includeReconciled: false,
      includeLinked: true,
    });
    expect(await s.readChoice(other)).toEqual(NO_CHOICE);
  });

  it('is not kept for an empty selection', async () => {
    expect(await store().choose(scope, { operation: 'void' })).toEqual(NO_CHOICE);
    expect(await stored(storageKey.choice(scope))).toBeUndefined();
  });

  it('goes when a write leaves the selection empty: unticked on the page, removed, done', async () => {
    const s = store();
    // A removed row is tombstoned (a tick as old cannot bring it back): each case ticks its own row.
    const cases: [string, string, (key: string) => Promise<unknown>][] = [
      ['unticked on the page', '7', () => s.report(scope, { added: [], removed: [{ entity: 'Invoice', id: '7' }] })],
      ['"Remove"', '8', (key) => s.remove(scope, [key])],
      ['a finished run', '9', (key) => s.forgetDone(scope, [key])],
    ];
    for (const [how, id, empty] of cases) {
      await s.report(scope, { added: [tick(id)], removed: [] });
      await s.choose(scope, { includeReconciled: true });
      expect(await stored(storageKey.choice(scope)), how).toEqual({ ...NO_CHOICE, includeReconciled: true });
      await empty(`Invoice:${id}`);
      expect(await s.read(scope), how).toEqual({});
      expect(await stored(storageKey.choice(scope)), how).toBeUndefined();
      expect(await s.readChoice(scope), how).toEqual(NO_CHOICE);
    }
  });

  it('a choice the schema refuses reads as none, and is set aside before a tick writes over it', async () => {
    const s = store();
    await s.report(scope, { added: [tick('7')], removed: [] });
    const key = storageKey.choice(scope);
    await local().set({ [key]: { operation: 'shred', includeReconciled: true } });
    expect(await s.readChoice(scope)).toEqual(NO_CHOICE);
    await s.choose(scope, { includeLinked: true });
    expect(await stored(key)).toEqual({ ...NO_CHOICE, includeLinked: true });
    expect(await stored(storageKey.unreadable(key))).toEqual({ operation: 'shred', includeReconciled: true });
    expect((await readItem(CHOICE_ITEM, local(), storageKey.unreadable(key))).kind).toBe('unreadable');
  });
});
