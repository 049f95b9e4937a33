import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../lib/background/stored-items';
import { createTokenStore } from '../../lib/connection/token-store';
import type { Entity } from '../../lib/domain/entities';
import { createRunHistory, RUNS_KEPT } from '../../lib/jobs/run-history';
import { createSelectionStore, MAX_PAGE_TICKED, MAX_SELECTION, SELECTION_TTL_MS } from '../../lib/selection/store';
import { migrateStorage } from '../../lib/storage/migrate';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.test-token-value-long-enough';
const NEWER = 'eyJhbGciOiJIUzI1NiJ9.a-newer-token-pasted-meanwhile';

describe('token store', () => {
  beforeEach(() => fakeBrowser.reset());
  let now = 1_000;
  const store = () =>
    createTokenStore({ session: fakeBrowser.storage.session, local: fakeBrowser.storage.local }, () => now);
  const s123 = { realmId: '123', environment: 'sandbox' as const };
  const p123 = { realmId: '123', environment: 'production' as const };
  const s9 = { realmId: '9', environment: 'sandbox' as const };

  it('keeps the token in storage.session only, by default', async () => {
    await store().save({ ...s123, token: TOKEN, remember: false });
    expect(await store().getToken(s123)).toBe(TOKEN);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(TOKEN);
    expect(await store().getConnection(s123)).toEqual({
      ...s123,
      remember: false,
      method: 'pasted',
      needsReconnect: false,
      at: now,
    });
  });

  it('keeps it in storage.local only with "Remember on this device", and forgets it everywhere', async () => {
    await store().save({ ...p123, token: TOKEN, remember: true });
    await fakeBrowser.storage.session.clear(); // a browser restart empties session storage
    expect(await store().getToken(p123)).toBe(TOKEN);
    await store().save({ ...p123, token: TOKEN, remember: false });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(TOKEN);
    await store().forget(p123);
    expect(await store().getToken(p123)).toBeUndefined();
    expect(await store().getConnection(p123)).toBeUndefined();
  });

  it('dropToken after a 401 keeps the company, drops the token that was used, and no newer one', async () => {
    await store().save({ ...s9, token: TOKEN, remember: true });
    await store().dropToken(s9, undefined); // no token was used: nothing to drop
    expect(await store().getToken(s9)).toBe(TOKEN);
    await store().save({ ...s9, token: NEWER, remember: true }); // pasted meanwhile
    await store().dropToken(s9, TOKEN); // the 401 came back for the old token
    expect(await store().getToken(s9)).toBe(NEWER);
    await store().dropToken(s9, NEWER);
    expect(await store().getToken(s9)).toBeUndefined();
    expect((await store().getConnection(s9))?.realmId).toBe('9');
  });

  it('a save without a token keeps the stored one for the same company only', async () => {
    await store().save({ ...s9, token: TOKEN, remember: false });
    await store().save({ ...s9, remember: true });
    expect(await store().getToken(s9)).toBe(TOKEN);
    await fakeBrowser.storage.session.clear(); // "Remember" took effect: the token is on disk now
    expect(await store().getToken(s9)).toBe(TOKEN);
    await store().save({ realmId: '10', environment: 'sandbox', remember: true });
    expect(await store().getToken({ realmId: '10', environment: 'sandbox' })).toBeUndefined(); // never inherited
  });

  it('holds one connection per company and environment, each with its own token, most recent first', async () => {
    await store().save({ ...s9, token: TOKEN, remember: false });
    now += 1;
    await store().save({ ...p123, token: NEWER, remember: false });
    expect((await store().list()).map((c) => `${c.environment}.${c.realmId}`)).toEqual(['production.123', 'sandbox.9']);
    expect(await store().getToken(s9)).toBe(TOKEN);
    expect(await store().getToken(p123)).toBe(NEWER);
    expect(await store().getToken(s123)).toBeUndefined();
    await store().forget(s9);
    expect((await store().list()).map((c) => c.realmId)).toEqual(['123']);
  });

  it('a sign-in keeps its refresh token, rotates it, and "Reconnect" drops both secrets', async () => {
    await store().save({
      ...s9,
      token: TOKEN,
      refreshToken: 'rt-1',
      method: 'oauth',
      remember: false,
      tokenExpiresAt: 5,
    });
    await store().setTokens(s9, { access: NEWER, tokenExpiresAt: 10, refresh: 'rt-2' });
    expect(await store().getToken(s9)).toBe(NEWER);
    expect(await store().getRefreshToken(s9)).toBe('rt-2');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('rt-2'); // not "Stay connected"
    await store().markReconnect(s9);
    expect(await store().getToken(s9)).toBeUndefined();
    expect(await store().getRefreshToken(s9)).toBeUndefined();
    expect((await store().getConnection(s9))?.needsReconnect).toBe(true);
  });

  it('moves the single connection of earlier versions into the per-company map (storage migration)', async () => {
    await fakeBrowser.storage.local.set({ connection: { realmId: '77', environment: 'production', remember: true } });
    await fakeBrowser.storage.local.set({ 'auth.token': TOKEN });
    await migrateStorage({ local: fakeBrowser.storage.local, session: fakeBrowser.storage.session }, STORED_ITEMS);
    const scope = { realmId: '77', environment: 'production' as const };
    expect(await store().getToken(scope)).toBe(TOKEN);
    expect((await store().getConnection(scope))?.method).toBe('pasted');
    const local = await fakeBrowser.storage.local.get(null);
    expect(local).not.toHaveProperty('connection');
    expect(local).not.toHaveProperty('auth.token');
  });
});

describe('selection store', () => {
  const scope = { realmId: '42', environment: 'production' as const };
  const item = (entity: Entity, id: string, shownAt: number, tickedAt = shownAt) => ({ entity, id, shownAt, tickedAt });
  let now = 1_000_000;
  const clock = () => now;
  const make = () => createSelectionStore(fakeBrowser.storage.local, clock);
  beforeEach(() => {
    fakeBrowser.reset();
    now = 1_000_000;
  });

  it('accumulates across reports, keeps the earliest shownAt, and removes unticked rows', async () => {
    const s = make();
    await s.report(scope, { added: [item('Invoice', '1', 100)], removed: [] });
    await s.report(scope, { added: [item('Invoice', '1', 50), item('Bill', '2', 70)], removed: [] });
    await s.report(scope, { added: [], removed: [{ entity: 'Bill', id: '2' }] });
    expect(await s.read(scope)).toEqual({
      'Invoice:1': { entity: 'Invoice', id: '1', shownAt: 50, tickedAt: 100, addedAt: now },
    });
    expect(await s.read({ realmId: '43', environment: 'production' })).toEqual({});
  });

  it('concurrent reports in one tick lose nothing (writes are serialised)', async () => {
    const s = make();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.report(scope, { added: [item('Invoice', String(i + 1), i)], removed: [] }),
      ),
    );
    expect(Object.keys(await s.read(scope))).toHaveLength(20);
  });

  it('a survivor of a restart: a second store on the same storage reads the same selection', async () => {
    await make().report(scope, { added: [item('Deposit', '7', 1)], removed: [] });
    expect(Object.keys(await make().read(scope))).toEqual(['Deposit:7']);
  });

  it('drops stored garbage instead of trusting it', async () => {
    await fakeBrowser.storage.local.set({ 'selection.production.42': { x: { entity: 'Nope', id: "1' OR 1=1" } } });
    expect(await make().read(scope)).toEqual({});
  });

  it('removals stick: a tick from before "Remove" or "Clear selection" is refused, a newer tick comes back', async () => {
    const s = make();
    await s.report(scope, { added: [item('Invoice', '1', 10, 500), item('Invoice', '2', 10, 500)], removed: [] });
    now = 2_000_000;
    await s.remove(scope, ['Invoice:1']);
    await s.clear(scope);
    expect(await s.read(scope)).toEqual({});
    // The page still shows both ticked; after a URL change the content script reports them again.
    const again = await s.report(scope, {
      added: [item('Invoice', '1', 10, 500), item('Invoice', '2', 10, 500)],
      removed: [],
    });
    expect(again.refused.sort()).toEqual(['Invoice:1', 'Invoice:2']);
    expect(await s.read(scope)).toEqual({});
    // The person ticks Invoice 2 again: it comes back, flagged as entered (it needs a fresh check).
    now = 2_000_100;
    const ticked = await s.report(scope, { added: [item('Invoice', '2', 10, 2_000_050)], removed: [] });
    expect(ticked.refused).toEqual([]);
    expect(ticked.entered).toEqual(['Invoice:2']);
    expect(Object.keys(await s.read(scope))).toEqual(['Invoice:2']);
  });

  it('clamps shownAt and tickedAt from the page to now (a future time cannot outlive a removal)', async () => {
    const s = make();
    await s.report(scope, { added: [item('Invoice', '1', now + 10_000_000, now + 10_000_000)], removed: [] });
    expect((await s.read(scope))['Invoice:1']).toMatchObject({ shownAt: now, tickedAt: now });
    now += 1;
    await s.remove(scope, ['Invoice:1']);
    now += 1;
    const forged = await s.report(scope, { added: [item('Invoice', '1', 0, Number.MAX_SAFE_INTEGER)], removed: [] });
    expect(forged.refused).toEqual([]); // clamped to now, which is after the removal: a real new tick
    now += 1;
    await s.remove(scope, ['Invoice:1']);
    const stale = await s.report(scope, { added: [item('Invoice', '1', 0, now - 1)], removed: [] });
    expect(stale.refused).toEqual(['Invoice:1']);
  });

  it('page-ticked rows are held apart, never in the selection, until the person adopts them', async () => {
    const s = make();
    await s.report(scope, {
      added: [item('Invoice', '1', 5)],
      pageTicked: [item('Invoice', '2', 5), item('Invoice', '3', 5)],
      removed: [],
    });
    expect(Object.keys(await s.read(scope))).toEqual(['Invoice:1']);
    expect(Object.keys(await s.readPageTicked(scope)).sort()).toEqual(['Invoice:2', 'Invoice:3']);
    const adopted = await s.adopt(scope, ['Invoice:2', 'Invoice:99']);
    expect(adopted.entered).toEqual(['Invoice:2']);
    expect(Object.keys(await s.read(scope)).sort()).toEqual(['Invoice:1', 'Invoice:2']);
    expect(Object.keys(await s.readPageTicked(scope))).toEqual(['Invoice:3']);
    // A person's tick of a page-ticked row moves it; an untick on the page removes it from both.
    await s.report(scope, { added: [item('Invoice', '3', 5)], removed: [{ entity: 'Invoice', id: '1' }] });
    expect(Object.keys(await s.read(scope)).sort()).toEqual(['Invoice:2', 'Invoice:3']);
    expect(await s.readPageTicked(scope)).toEqual({});
  });

  it('selections expire after 7 days; ticks older than that are refused', async () => {
    const s = make();
    await s.report(scope, { added: [item('Invoice', '1', now)], removed: [] });
    now += SELECTION_TTL_MS - 1;
    expect(Object.keys(await s.read(scope))).toEqual(['Invoice:1']);
    now += 2;
    expect(await s.read(scope)).toEqual({});
    const old = await s.report(scope, { added: [item('Invoice', '5', 0, now - SELECTION_TTL_MS - 1)], removed: [] });
    expect(old.refused).toEqual(['Invoice:5']);
  });

  it('caps the selection: keys past MAX_SELECTION are counted, not added', async () => {
    const s = make();
    const many = Array.from({ length: MAX_SELECTION + 3 }, (_, i) => item('Invoice', String(i + 1), 1));
    const out = await s.report(scope, { added: many, removed: [] });
    expect(out.overCap).toBe(3);
    expect(Object.keys(await s.read(scope))).toHaveLength(MAX_SELECTION);
    const page = Array.from({ length: MAX_PAGE_TICKED + 2 }, (_, i) => item('Bill', String(i + 1), 1));
    expect((await s.report(scope, { added: [], pageTicked: page, removed: [] })).overCap).toBe(2);
  });

  it('rows a job deleted leave without a tombstone (a reused Id is not blocked)', async () => {
    const s = make();
    await s.report(scope, { added: [item('Invoice', '1', 1)], removed: [] });
    await s.forgetDone(scope, ['Invoice:1']);
    expect(await s.readTombstones(scope)).toEqual({});
    expect(await s.read(scope)).toEqual({});
  });
});

describe('run history', () => {
  beforeEach(() => fakeBrowser.reset());
  it('keeps the last RUNS_KEPT runs per company, most recent first, and re-keeping a run does not duplicate it', async () => {
    const history = createRunHistory(fakeBrowser.storage.local);
    const scope = { realmId: '42', environment: 'production' as const };
    const run = (id: string) => ({
      id,
      realmId: '42',
      environment: 'production' as const,
      state: 'done' as const,
      done: 1,
      total: 1,
      operation: 'delete' as const,
      counts: { deleted: 1, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
      records: [],
      startedAt: 1,
    });
    for (let i = 1; i <= RUNS_KEPT + 2; i++) await history.keep(scope, run(`job-${i}`));
    await history.keep(scope, run(`job-${RUNS_KEPT + 2}`));
    const ids = (await history.read(scope)).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: RUNS_KEPT }, (_, i) => `job-${RUNS_KEPT + 2 - i}`));
    expect(await history.read({ realmId: '43', environment: 'production' })).toEqual([]);
  });
});
