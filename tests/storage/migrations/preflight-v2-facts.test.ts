/**
 * The stored checks, shape 1 → 2 (lib/storage/migrations/preflight-v2-facts.ts; shipped as storage
 * layout 2 → 3, so a layout-2 storage holds shape 1): a stored check of shape 1 held sentences, which cannot be turned back into facts safely; it is dropped, everything else stays, and
 * no row of it ever becomes deletable: the background refuses the click and checks the selection
 * again before anything is deleted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '../../../lib/background/index';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import type { PopupState } from '../../../lib/messaging/views';
import { createPreflightStore } from '../../../lib/preflight/preflight-store';
import { storageKey } from '../../../lib/storage/keys';
import { migrateStorage as migrateWith, storedLayout as storedVersion } from '../../../lib/storage/migrate';
import { preflightKeysIn } from '../../../lib/storage/migrations/preflight-v2-facts';
import { connectedWithSelection, createSecurityHarness, SENDERS, type SecurityHarness } from '../../security/harness';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });
const production = { environment: 'production' as const, realmId: '4620816365' };
const sandbox = { environment: 'sandbox' as const, realmId: '9130350000000001' };
const reviewed = (id: string) => ({ entity: 'Invoice', id, syncToken: '0', linkedTxn: [], raw: { Id: id } });

/** Every item of the build, as the background migrates them; the answer's layout versions. */
const migrateStorage = async (a: Parameters<typeof migrateWith>[0]) => {
  const { from, to } = await migrateWith(a, STORED_ITEMS);
  return { from, to };
};
/** The item versions once migrated: each item at its declared version. */
const current = () => Object.fromEntries(STORED_ITEMS.map((item) => [item.name, item.version]));

/** A stored check as version 2 wrote it: statuses with sentences. */
const v2Check = {
  at: 5,
  rows: {
    'Invoice:1': { status: 'ready', warnings: [], reason: 'Ready to delete', reviewed: reviewed('1') },
    'Invoice:2': {
      // Reconciled and linked: only the sentence says it is linked.
      status: 'reconciled',
      warnings: ['linked to Payment 3051: deleting it changes that record'],
      reason: 'R2: reconciled; the service would delete it without a word and unbalance the reconciliation',
      reviewed: reviewed('2'),
    },
  },
};

describe('preflight 1 → 2: stored checks of sentences', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are dropped for every company; the selection and everything else stay', async () => {
    const others = {
      [storageKey.version()]: 2,
      [storageKey.selection(production)]: { 'Invoice:1': { entity: 'Invoice', id: '1', shownAt: 1, addedAt: 1 } },
      [storageKey.runs(production)]: [],
      [storageKey.companyNames()]: { 'production.4620816365': { name: 'Craig’s Design', at: 6 } },
      'sd:jobs': [],
    };
    await local().set({
      ...others,
      [storageKey.preflight(production)]: v2Check,
      [storageKey.preflight(sandbox)]: v2Check,
    });
    expect(await migrateWith(areas(), STORED_ITEMS)).toEqual({
      from: 2,
      to: 4,
      items: ['jobs 2→3', 'jobRecords 1→3', 'jobChunk 1→2', 'preflight 1→2', 'runs 1→2'],
    });
    expect(await local().get(null)).toEqual({
      ...others,
      [storageKey.version()]: 4,
      [storageKey.itemVersions()]: current(),
    });
    expect(current().preflight).toBe(2);
    // Once at 2, nothing more happens.
    await local().set({ [storageKey.preflight(production)]: { at: 9, rows: {} } });
    expect(await migrateWith(areas(), STORED_ITEMS)).toEqual({ from: 4, to: 4, items: [] });
    expect((await local().get(null))[storageKey.preflight(production)]).toEqual({ at: 9, rows: {} });
  });

  it('interrupted after the removal (version not written), runs again to the same result', async () => {
    await local().set({ [storageKey.version()]: 2, [storageKey.preflight(production)]: v2Check });
    const real = local();
    const failing = {
      ...real,
      get: real.get,
      remove: real.remove,
      set: async () => Promise.reject(new Error('worker stopped')),
    };
    await expect(migrateStorage({ local: failing, session: fakeBrowser.storage.session })).rejects.toThrow();
    expect(await storedVersion(real)).toBe(2);
    expect(await migrateStorage(areas())).toEqual({ from: 2, to: 4 });
    expect(await local().get(null)).toEqual({ [storageKey.version()]: 4, [storageKey.itemVersions()]: current() });
  });

  it('interrupted after the removal but before its item version is saved, runs it again (and only it)', async () => {
    await local().set({ [storageKey.version()]: 2, [storageKey.preflight(production)]: v2Check });
    const real = local();
    let sets = 0;
    const failing = {
      get: real.get,
      remove: real.remove,
      set: async (items: Record<string, unknown>) => {
        // Layout 4 and the versions of the items before it landed; preflight's version does not.
        const versions = items[storageKey.itemVersions()] as Record<string, number> | undefined;
        if (versions?.preflight === 2) throw new Error('worker stopped');
        sets++;
        await real.set(items);
      },
    };
    await expect(migrateWith({ local: failing, session: fakeBrowser.storage.session }, STORED_ITEMS)).rejects.toThrow();
    expect(await storedVersion(real)).toBe(4);
    expect((await real.get(storageKey.itemVersions()))[storageKey.itemVersions()]).toMatchObject({ preflight: 1 });
    expect(sets).toBeGreaterThan(2);
    // It, and the items after it that the stop came before; none before it again.
    expect(await migrateWith(areas(), STORED_ITEMS)).toEqual({ from: 4, to: 4, items: ['preflight 1→2', 'runs 1→2'] });
    expect(await local().get(null)).toEqual({ [storageKey.version()]: 4, [storageKey.itemVersions()]: current() });
  });

  it('finds the stored checks only: each environment, any realm, never a key that merely starts alike', () => {
    expect(
      preflightKeysIn([
        storageKey.preflight(production),
        storageKey.preflight(sandbox),
        storageKey.selection(production),
        storageKey.preflight({ environment: 'production', realmId: '' }),
        'sd:preflightX:production:1',
      ]),
    ).toEqual([storageKey.preflight(production), storageKey.preflight(sandbox)]);
  });

  it('a row in the old shape is never read as a check, even left behind', async () => {
    await local().set({ [storageKey.preflight(production)]: v2Check });
    expect(await createPreflightStore(local()).read(production)).toBeUndefined();
  });
});

describe('an old check never makes a row deletable', () => {
  let h: SecurityHarness;
  afterEach(async () => h.close());

  it('after the update the rows show unchecked, a click is refused and nothing is deleted; the check runs again', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 6, entities: { Invoice: 1 } });
    const scope = { realmId: company.realmId, environment: 'production' as const };
    const checked = await h.background.core.preflightStore.read(scope);
    const statuses = Object.fromEntries(Object.entries(checked?.rows ?? {}).map(([k, r]) => [k, r.status]));
    expect(Object.values(statuses).every((s) => s === 'ready')).toBe(true);
    // What the previous build left: its version and its check of sentences, every row "ready".
    const oldRows = Object.fromEntries(
      Object.entries(checked?.rows ?? {}).map(([k, r]) => [
        k,
        { status: 'ready', warnings: [], reason: 'Ready to delete', reviewed: r.reviewed },
      ]),
    );
    await h.local.set({
      [storageKey.version()]: 2,
      [storageKey.preflight(scope)]: { at: h.clock.now(), rows: oldRows },
    });

    const updated = createBackground(h.background.deps);
    const view = await updated.core.state();
    expect(view.selection.map((r) => r.status)).toEqual(view.selection.map(() => undefined));
    const start = await updated.handleMessage(
      { type: 'job/start', includeReconciled: true, includeLinked: true, scope: view.scope },
      SENDERS.popup,
    );
    expect(start).toEqual({ ok: false, error: expect.stringMatching(/changed since it was checked/) });
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);
    await updated.core.preflight.start(scope);
    const again = (await updated.handleMessage({ type: 'state/get' }, SENDERS.popup)) as { data: PopupState };
    expect(Object.fromEntries(again.data.selection.map((r) => [r.key, r.status]))).toEqual(statuses);
  });
});
