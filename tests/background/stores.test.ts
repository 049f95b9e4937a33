import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createTokenStore } from '../../lib/connection/token-store';
import { applyChanges, createSelectionStore } from '../../lib/selection/store';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.test-token-value-long-enough';

describe('token store', () => {
  beforeEach(() => fakeBrowser.reset());
  const store = () => createTokenStore({ session: fakeBrowser.storage.session, local: fakeBrowser.storage.local });

  it('keeps the token in storage.session only, by default', async () => {
    await store().save({ realmId: '123', environment: 'sandbox', token: TOKEN, remember: false });
    expect(await store().getToken()).toBe(TOKEN);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(TOKEN);
    expect(await store().getConnection()).toEqual({ realmId: '123', environment: 'sandbox', remember: false });
  });

  it('keeps it in storage.local only with "Remember on this device", and forgets it everywhere', async () => {
    await store().save({ realmId: '123', environment: 'production', token: TOKEN, remember: true });
    await fakeBrowser.storage.session.clear(); // a browser restart empties session storage
    expect(await store().getToken()).toBe(TOKEN);
    await store().save({ realmId: '123', environment: 'production', token: TOKEN, remember: false });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(TOKEN);
    await store().forget();
    expect(await store().getToken()).toBeUndefined();
    expect(await store().getConnection()).toBeUndefined();
  });

  it('dropToken after a 401 keeps the company but not the token', async () => {
    await store().save({ realmId: '9', environment: 'sandbox', token: TOKEN, remember: true });
    await store().dropToken();
    expect(await store().getToken()).toBeUndefined();
    expect((await store().getConnection())?.realmId).toBe('9');
  });
});

describe('selection store', () => {
  beforeEach(() => fakeBrowser.reset());
  const scope = { realmId: '42', environment: 'production' as const };

  it('accumulates across reports, keeps the earliest shownAt, and removes unticked rows', async () => {
    const s = createSelectionStore(fakeBrowser.storage.local);
    await s.report(scope, [{ entity: 'Invoice', id: '1', shownAt: 100 }], []);
    await s.report(
      scope,
      [
        { entity: 'Invoice', id: '1', shownAt: 50 },
        { entity: 'Bill', id: '2', shownAt: 70 },
      ],
      [],
    );
    await s.report(scope, [], [{ entity: 'Bill', id: '2' }]);
    expect(await s.read(scope)).toEqual({ 'Invoice:1': { entity: 'Invoice', id: '1', shownAt: 50 } });
    expect(await s.read({ realmId: '43', environment: 'production' })).toEqual({});
  });

  it('concurrent reports in one tick lose nothing (writes are serialised)', async () => {
    const s = createSelectionStore(fakeBrowser.storage.local);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => s.report(scope, [{ entity: 'Invoice', id: String(i + 1), shownAt: i }], [])),
    );
    expect(Object.keys(await s.read(scope))).toHaveLength(20);
  });

  it('a survivor of a restart: a second store on the same storage reads the same selection', async () => {
    await createSelectionStore(fakeBrowser.storage.local).report(
      scope,
      [{ entity: 'Deposit', id: '7', shownAt: 1 }],
      [],
    );
    expect(Object.keys(await createSelectionStore(fakeBrowser.storage.local).read(scope))).toEqual(['Deposit:7']);
  });

  it('drops stored garbage instead of trusting it', async () => {
    await fakeBrowser.storage.local.set({ 'selection.production.42': { x: { entity: 'Nope', id: "1' OR 1=1" } } });
    expect(await createSelectionStore(fakeBrowser.storage.local).read(scope)).toEqual({});
    expect(applyChanges({}, [], [])).toEqual({});
  });
});
