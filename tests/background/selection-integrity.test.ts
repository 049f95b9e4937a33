/**
 * Issue 8's background half, in Node against the real simulator: removals stick (tombstones win
 * over ticks still showing on a page, a returning row is checked afresh), page-ticked rows are held
 * apart until adopted, the start-time company check refuses an unreadable cookie, an old preflight is
 * re-run before the click, and a 401 drops only the token it was sent with.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupState } from '../../lib/messaging/views';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  saveConnection,
  selectionReport,
} from '../security/harness';

describe('selection integrity in the background', () => {
  let h: SecurityHarness;
  afterEach(async () => h.close());

  const state = () => popupStateOf(h);
  const scopeOf = (realmId: string) => ({ realmId, environment: 'production' as const });

  it('"Clear selection" wins over ticks still on the page; only new ticks come back, checked afresh', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 12, entities: { Invoice: 1 } });
    const tickedAt = h.clock.now();
    expect((await state()).selection.every((r) => r.status === 'ready' || r.status === 'linked')).toBe(true);
    h.clock.advance(1_000);
    expect((await h.click({ type: 'selection/clear' }, SENDERS.popup)).ok).toBe(true);
    expect((await state()).selection).toEqual([]);

    // A URL change without re-render: the content script re-reports every ticked row, old ticks.
    h.clock.advance(1_000);
    const replay = await h.send(selectionReport(company.keys.all, tickedAt, company.realmId), SENDERS.contentScript);
    expect(replay).toEqual({ ok: true, data: { selected: 0, refused: expect.arrayContaining(company.keys.all) } });
    expect((await state()).selection).toEqual([]);

    // Two new ticks by the person: exactly those two, with no status until a fresh check.
    const two = company.keys.all.slice(0, 2);
    const newer = await h.send(
      selectionReport(two, tickedAt, company.realmId, { tickedAt: h.clock.now() }),
      SENDERS.contentScript,
    );
    expect(newer).toEqual({ ok: true, data: { selected: 2, refused: [] } });
    const stored = await h.background.core.preflightStore.read(scopeOf(company.realmId));
    for (const key of two) expect(stored?.rows[key]).toBeUndefined(); // never a stale "Ready"
    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(started).toEqual({ ok: false, error: expect.stringMatching(/changed since it was checked/) });
    await h.background.core.preflight.start(scopeOf(company.realmId));
    const go = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(go.ok).toBe(true);
    const job = await h.settle((go.ok ? (go.data as PopupState).job?.id : undefined) ?? '');
    expect(job.status).toBe('done');
    expect(h.sim.truth(company.realmId).deletedKeys().sort()).toEqual([...two].sort());
  });

  it('"Remove" on one row: a replayed old tick is refused, the other rows stay', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 5, entities: { Invoice: 1 } });
    const [gone, ...kept] = company.keys.all as [string, ...string[]];
    h.clock.advance(10);
    expect((await h.click({ type: 'selection/remove', key: gone }, SENDERS.popup)).ok).toBe(true);
    const replay = await h.send(
      selectionReport([gone, ...kept], 0, company.realmId, { tickedAt: h.clock.now() - 10 }),
      SENDERS.contentScript,
    );
    expect(replay).toEqual({ ok: true, data: { selected: kept.length, refused: [gone] } });
    expect((await state()).selection.map((r) => r.key).sort()).toEqual([...kept].sort());
  });

  it('rows ticked by the page are shown apart, never deleted, until "Add these to the selection"', async () => {
    h = await createSecurityHarness();
    const company = h.sim.seedCompany({ count: 8, entities: { Invoice: 1 } });
    h.setPageCompany(company.realmId);
    const [mine, ...theirs] = company.keys.all as [string, ...string[]];
    const now = h.clock.now();
    expect(
      (await h.send(selectionReport([mine], now, company.realmId, { pageTicked: theirs }), SENDERS.contentScript)).ok,
    ).toBe(true);
    expect((await h.send(saveConnection(company.realmId, company.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start(scopeOf(company.realmId));
    const before = await state();
    expect(before.selection.map((r) => r.key)).toEqual([mine]);
    expect(before.pageTicked.map((r) => r.key).sort()).toEqual([...theirs].sort());
    expect(before.pageTicked.every((r) => r.status === undefined)).toBe(true);

    const go = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    const job = await h.settle((go.ok ? (go.data as PopupState).job?.id : undefined) ?? '');
    expect(job.status).toBe('done');
    expect(h.sim.truth(company.realmId).deletedKeys()).toEqual([mine]);

    const adopt = await h.click({ type: 'selection/adopt', keys: theirs.slice(0, 2) }, SENDERS.popup);
    expect(adopt.ok).toBe(true);
    const after = adopt.ok ? (adopt.data as PopupState) : undefined;
    expect(after?.selection.map((r) => r.key)).toEqual(expect.arrayContaining(theirs.slice(0, 2)));
    expect(after?.pageTicked.map((r) => r.key).sort()).toEqual(theirs.slice(2).sort());
  });

  it('the start-time company check refuses when the cookie cannot be read (no fall-back to the stored page)', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 5, entities: { Invoice: 1 } });
    h.setPageCompany(undefined);
    const reply = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(reply).toEqual({ ok: false, error: expect.stringMatching(/cannot tell which company/) });
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);
  });

  it('a check older than 15 minutes is re-run before the click; a moved status stops the click', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 6, entities: { Invoice: 1 } });
    const prefs = () => h.log(company.realmId).filter((e) => e.path.includes('/preferences')).length;
    const before = prefs();
    h.clock.advance(16 * 60_000);
    h.sim.editRecord(company.realmId, company.keys.all[0] ?? ''); // someone edited one meanwhile
    const refused = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/more than 15 minutes old/) });
    expect(prefs()).toBe(before + 1); // it was checked again
    expect((await state()).selection.find((r) => r.key === company.keys.all[0])?.status).toBe('changed');
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);

    h.clock.advance(16 * 60_000); // old again, nothing moved this time: the click goes through
    const go = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(go.ok).toBe(true);
    expect(prefs()).toBe(before + 2);
  });

  it('a save without a token keeps the stored token for the same company', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 2, entities: { Invoice: 1 } });
    const reply = await h.send(
      { type: 'connection/save', realmId: company.realmId, environment: 'production', remember: true },
      SENDERS.popup,
    );
    expect(reply.ok && (reply.data as PopupState).connection.hasToken).toBe(true);
    expect(await h.background.core.tokens.getToken(scopeOf(company.realmId))).toBe(company.token);
  });
});

describe('linked records are a decision', () => {
  let h: SecurityHarness;
  afterEach(async () => h.close());

  it('stay unless "Include linked transactions" is ticked; then they go too', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, {
      count: 40,
      entities: { Invoice: 1, Payment: 1 },
      linkedShare: 0.3,
    });
    const linked = company.keys.linked;
    expect(linked.length).toBeGreaterThan(3);
    const reply = await h.send({ type: 'state/get' }, SENDERS.popup);
    const rows = reply.ok ? (reply.data as PopupState).selection : [];
    const ready = rows.filter((r) => r.status === 'ready').map((r) => r.key);
    expect(
      rows
        .filter((r) => r.status === 'linked')
        .map((r) => r.key)
        .sort(),
    ).toEqual([...linked].sort());

    const first = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    const job = await h.settle((first.ok ? (first.data as PopupState).job?.id : undefined) ?? '');
    expect(job.total).toBe(ready.length);
    for (const key of linked) expect(h.sim.truth(company.realmId).exists(key)).toBe(true);
    const view = (await h.send({ type: 'state/get' }, SENDERS.popup)) as { ok: true; data: PopupState };
    expect(view.data.job?.leftAlone).toBe(linked.length);
    const deleted = view.data.job?.records.find((r) => r.group === 'deleted');
    expect(deleted?.amount).toEqual(expect.any(Number)); // the result report has identity and amounts
    expect(deleted?.txnDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await h.send({ type: 'job/dismiss', jobId: job.id }, SENDERS.popup);
    await h.background.core.preflight.start({ realmId: company.realmId, environment: 'production' });
    // The person ticks "Include linked transactions" (the selection's choice), then clicks.
    expect((await h.click({ type: 'selection/choose', choice: { includeLinked: true } })).ok).toBe(true);
    const second = await h.click({ type: 'job/start', includeReconciled: false, includeLinked: true }, SENDERS.popup);
    const job2 = await h.settle((second.ok ? (second.data as PopupState).job?.id : undefined) ?? '');
    expect(job2.status).toBe('done');
    for (const key of linked) expect(h.sim.truth(company.realmId).exists(key)).toBe(false);
  });

  it('"Remove these from the selection" removes a whole group in one message, tombstoned', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 6, entities: { Invoice: 1 } });
    const group = company.keys.all.slice(0, 4);
    h.clock.advance(5);
    const reply = await h.click({ type: 'selection/removeMany', keys: group }, SENDERS.popup);
    expect(reply.ok && (reply.data as PopupState).selection.map((r) => r.key).sort()).toEqual(
      company.keys.all.slice(4).sort(),
    );
    const tombs = await h.background.core.selection.readTombstones({
      realmId: company.realmId,
      environment: 'production',
    });
    expect(Object.keys(tombs).sort()).toEqual([...group].sort());
  });
});

describe('polling while a job runs', () => {
  let h: SecurityHarness;
  afterEach(async () => h.close());

  it('a view assembled while a change lands carries the version from before it, so the next poll refetches', async () => {
    h = await createSecurityHarness();
    await connectedWithSelection(h, { count: 40, entities: { Invoice: 1 } });
    const core = h.background.core;
    const before = core.version();
    // A chunk commits (the runner's event bumps the version) while the popup's view is being read.
    const building = core.state();
    core.changed();
    const view = await building;
    expect(view.version).toBe(before); // not the newer version: that would hide the change for good
    const next = await h.send({ type: 'state/get', sinceVersion: view.version }, SENDERS.popup);
    expect(next.ok && (next.data as PopupState).version).toBe(before + 1);
    // Nothing changed since: "unchanged".
    expect(await h.send({ type: 'state/get', sinceVersion: before + 1 }, SENDERS.popup)).toEqual({
      ok: true,
      data: { unchanged: true },
    });
  });
});
