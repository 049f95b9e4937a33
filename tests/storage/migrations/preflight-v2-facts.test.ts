/**
 * Storage version 2 → 3 (lib/storage/migrate-v3-preflight-facts.ts): a stored check of version 2 held
 * sentences, which cannot be turned back into facts safely; it is dropped, everything else stays, and
 * no row of it ever becomes deletable: the background refuses the click and checks the selection
 * again before anything is deleted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '../../lib/background/index';
import { createPreflightStore } from '../../lib/background/preflight-store';
import type { PopupState } from '../../lib/messaging/views';
import { storageKey } from '../../lib/storage/keys';
import { preflightKeysIn } from '../../lib/storage/migrate-v3-preflight-facts';
import { migrateStorage, storedVersion } from '../../lib/storage/migrations';
import { connectedWithSelection, createSecurityHarness, SENDERS, type SecurityHarness } from '../security/harness';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });
const production = { environment: 'production' as const, realmId: '4620816365' };
const sandbox = { environment: 'sandbox' as const, realmId: '9130350000000001' };
const reviewed = (id: string) => ({ entity: 'Invoice', id, syncToken: '0', linkedTxn: [], raw: { Id: id } });

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

describe('storage 2 → 3: stored checks of sentences', () => {
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
    expect(await migrateStorage(areas())).toEqual({ from: 2, to: 3 });
    expect(await local().get(null)).toEqual({ ...others, [storageKey.version()]: 3 });
    // Once at 3, nothing more happens.
    await local().set({ [storageKey.preflight(production)]: { at: 9, rows: {} } });
    expect(await migrateStorage(areas())).toEqual({ from: 3, to: 3 });
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
    expect(await migrateStorage(areas())).toEqual({ from: 2, to: 3 });
    expect(await local().get(null)).toEqual({ [storageKey.version()]: 3 });
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
