/**
 * Threat: the wrong company. An accountant connected to client A switches the web app to client B's
 * books (the cookie qbo.currentcompanyid changes). A delete must be refused naming both companies,
 * ticks made in B's books must never join A's selection, and A's token must never go out for B.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { PopupState } from '../../lib/messaging/views';
import type { SeededCompany } from '../../tools/simulator/api';
import {
  connectedWithSelection,
  createSecurityHarness,
  pageHello,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from './harness';

const asItem = (at: number) => (key: string) => {
  const [entity, id] = key.split(':');
  return { entity: entity as Entity, id: id ?? '', shownAt: at, tickedAt: at };
};

describe('a company switch in the web app', () => {
  let h: SecurityHarness;
  let a: SeededCompany;
  let b: SeededCompany;
  const scopeOf = (c: SeededCompany) => ({ realmId: c.realmId, environment: 'production' as const });

  beforeEach(async () => {
    h = await createSecurityHarness();
    b = h.sim.seedCompany({ count: 10, entities: { Invoice: 1 } });
    a = await connectedWithSelection(h, { count: 20, entities: { Invoice: 1 } });
  });
  afterEach(async () => {
    await h.close();
  });

  it('between the preflight and the click: job/start is refused, naming both companies, and nothing is deleted', async () => {
    h.setPageCompany(b.realmId);
    const reply = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error).toContain(a.realmId);
    expect(reply.error).toContain(b.realmId);
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect(h.callsTo(a.realmId, 'batch', 'delete') + h.callsTo(b.realmId, 'batch', 'delete')).toBe(0);

    // Switching back makes the same click work: the refusal was about the company, nothing else.
    h.setPageCompany(a.realmId);
    expect((await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup)).ok).toBe(true);
  });

  it('ticks made in B’s books while connected to A land in B’s selection (its own connection), never in A’s', async () => {
    const before = Object.keys(await h.background.core.selection.read(scopeOf(a))).sort();
    h.setPageCompany(b.realmId);
    const reply = await h.send(
      selectionReport(b.keys.all.slice(0, 3), h.clock.now(), b.realmId),
      SENDERS.contentScript,
    );
    expect(reply.ok).toBe(true);
    expect(Object.keys(await h.background.core.selection.read(scopeOf(a))).sort()).toEqual(before);
    expect(Object.keys(await h.background.core.selection.read(scopeOf(b))).sort()).toEqual(
      b.keys.all.slice(0, 3).sort(),
    );
    // The popup now shows B (the page's company), not connected: nothing can be deleted in B or A.
    const state = await h.send({ type: 'state/get' }, SENDERS.popup);
    expect(state.ok && (state.data as PopupState).connection).toMatchObject({ realmId: undefined, hasToken: false });
    expect((await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup)).ok).toBe(false);
    expect(h.callsTo(a.realmId, 'batch', 'delete') + h.callsTo(b.realmId, 'batch', 'delete')).toBe(0);
  });

  it('a stale tab: loaded under A, B opened in another tab since — its report is refused, in both companies', async () => {
    await h.send({ type: 'connection/forget', scope: scopeOf(a) }, SENDERS.popup); // not connected: only the page binding protects
    const beforeA = Object.keys(await h.background.core.selection.read(scopeOf(a))).sort();
    h.setPageCompany(a.realmId);
    const hello = await h.send(pageHello(), SENDERS.contentScript);
    expect(hello).toEqual({ ok: true, data: { realmId: a.realmId } }); // the page learns it shows A
    h.setPageCompany(b.realmId); // client B opened in another tab: one cookie per browser
    // B has invoices with the same small Ids: filed under B by the cookie alone, they would be deleted there.
    const reply = await h.send(
      selectionReport(a.keys.all.slice(0, 5), h.clock.now(), a.realmId),
      SENDERS.contentScript,
    );
    expect(reply.ok).toBe(false);
    expect(await h.background.core.selection.read(scopeOf(b))).toEqual({});
    expect(Object.keys(await h.background.core.selection.read(scopeOf(a))).sort()).toEqual(beforeA);
    let state = await h.send({ type: 'state/get' }, SENDERS.popup);
    // Both companies named (by CompanyInfo name when known), never "another company".
    const names = h.background.core.companyNames;
    const nameOf = async (realmId: string) =>
      (await names.get({ realmId, environment: 'production' }, false)) ?? `company ${realmId}`;
    expect(state.ok && (state.data as PopupState).pageIssues?.staleTab?.text).toBe(
      `This tab still shows ${await nameOf(a.realmId)}, but QuickBooks now has ${await nameOf(b.realmId)} open. Reload it.`,
    );
    // The person reloads the tab: its hello now learns B, the warning goes, and its reports count for B.
    expect(await h.send(pageHello(), SENDERS.contentScript)).toEqual({ ok: true, data: { realmId: b.realmId } });
    state = await h.send({ type: 'state/get' }, SENDERS.popup);
    expect(state.ok && (state.data as PopupState).pageIssues?.staleTab).toBeUndefined();
    const fresh = await h.send(
      selectionReport(b.keys.all.slice(0, 2), h.clock.now(), b.realmId),
      SENDERS.contentScript,
    );
    expect(fresh.ok).toBe(true);
    expect(Object.keys(await h.background.core.selection.read(scopeOf(b))).sort()).toEqual(
      b.keys.all.slice(0, 2).sort(),
    );
  });

  it('a report with no page company (the page could not learn it) is refused', async () => {
    const reply = await h.send(selectionReport([a.keys.all[0] ?? ''], h.clock.now(), null), SENDERS.contentScript);
    expect(reply.ok).toBe(false);
  });

  it('a page without the company cookie cannot report a selection at all', async () => {
    h.setPageCompany(undefined);
    const reply = await h.send(selectionReport(['Invoice:1'], 0, a.realmId), SENDERS.contentScript);
    expect(reply.ok).toBe(false);
  });

  it('the connected token is never sent for another company', async () => {
    const client = h.background.core.clientFor(b.realmId, 'production');
    expect((await client.readPreferences()).kind).toBe('unauthorized');
    // B's selection, made while B was connected earlier (the store, as a report would have filled it).
    await h.background.core.selection.report(scopeOf(b), {
      added: b.keys.all.slice(0, 3).map(asItem(h.clock.now())),
      removed: [],
    });
    expect(Object.keys(await h.background.core.selection.read(scopeOf(b)))).toHaveLength(3);
    await h.background.core.preflight.start(scopeOf(b));
    expect((await h.background.core.preflightStore.read(scopeOf(b)))?.error).toMatch(
      /no longer accepts the connection/i,
    );
    expect(h.log(b.realmId)).toEqual([]); // no request left for B: no token, no call
    // Nor for the connected realm in the other environment.
    expect((await h.background.core.clientFor(a.realmId, 'sandbox').readPreferences()).kind).toBe('unauthorized');
  });
});

/**
 * FIXED BUG (was: spans page-company.ts, selection-report.ts, start-job.ts
 * and the LastPage schema). readPageCompany asks `cookies.get({ url, name })` with no `storeId`, so
 * the browser answers from the BACKGROUND's cookie store, not the store of the tab that sent the
 * report. A bookkeeper with client B open in a Firefox container (or a Chrome incognito window, when
 * allowed) and client A in a normal tab gets B's Ids filed under A, and the start check, reading the
 * same wrong store, passes: A's transactions with those numbers would be deleted. Fix: take the
 * store of the sender's tab (`sender.tab.cookieStoreId` on Firefox; `cookies.getAllCookieStores()`
 * → the store whose tabIds hold `sender.tab.id` on both) and keep it in LastPage for job/start.
 * Fixed: the store comes from the sender tab and is kept in LastPage for job/start.
 */
describe('a company open in another cookie store (Firefox container, incognito)', () => {
  let h: SecurityHarness;
  afterEach(async () => {
    await h.close();
  });

  it('files ticks under the company of the sender tab’s own cookie store', async () => {
    h = await createSecurityHarness();
    const b = h.sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    const a = await connectedWithSelection(h, { count: 5, entities: { Invoice: 1 } }); // default store shows A
    const container = 'firefox-container-2';
    h.setStoreCompany(container, b.realmId); // the container tab shows B
    const before = Object.keys(await h.background.core.selection.read(scopeOf(a))).sort();
    const containerTab = { id: 7, url: SENDERS.contentScript.url, cookieStoreId: container };
    const sender = { ...SENDERS.contentScript, tab: containerTab };
    const reply = await h.send(selectionReport(b.keys.all.slice(0, 2), h.clock.now(), b.realmId), sender);
    // Acceptable: refused, or filed under B. Not acceptable: B's Ids in A's selection.
    if (reply.ok) {
      expect(Object.keys(await h.background.core.selection.read(scopeOf(b)))).toHaveLength(2);
    }
    expect(Object.keys(await h.background.core.selection.read(scopeOf(a))).sort()).toEqual(before);
  });

  const scopeOf = (c: SeededCompany) => ({ realmId: c.realmId, environment: 'production' as const });
});
