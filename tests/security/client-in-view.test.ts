/**
 * Issue 21 §2, the client in view: the popup opens on the company of the active QuickBooks tab (read
 * from that tab's own cookie store), names another client's selection or running deletion at its
 * top, and names every connected company. Before: the view stayed on the last company that
 * reported a tick, and a second connected company was "Company <Id>".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectedWithSelection,
  createSecurityHarness,
  PAGE_URL,
  pageHello,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  saveConnection,
  selectionReport,
} from './harness';

let h: SecurityHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const INVOICES = 'https://app.qbo.intuit.com/app/invoices';

/** A with 5 selected and checked (its tick was the last report), B connected with nothing selected. */
async function twoClients(harness: SecurityHarness) {
  const b = harness.sim.seedCompany({ count: 3, entities: { Invoice: 1 }, seed: 21 });
  const savedB = await harness.send(saveConnection(b.realmId, b.token), SENDERS.popup);
  if (!savedB.ok) throw new Error(savedB.error);
  const a = await connectedWithSelection(harness, { count: 5, entities: { Invoice: 1 }, seed: 22 });
  return { a, b };
}

describe('the popup opens on the client in view', () => {
  it('B open in the active tab, A selected last: the view is B, and A’s selection is named at the top', async () => {
    h = await createSecurityHarness();
    const { a, b } = await twoClients(h);
    expect((await popupStateOf(h)).scope?.realmId).toBe(a.realmId);

    // B is open in the active tab, in a cookie store of its own (a container): the default store still says A.
    h.setStoreCompany('container-b', b.realmId);
    h.setTab({ id: 7, url: INVOICES, cookieStoreId: 'container-b' });
    const focused = await h.send({ type: 'view/tab', tabId: 7 }, SENDERS.popup);
    expect(focused).toEqual({ ok: true, data: { realmId: b.realmId } });

    const view = await popupStateOf(h);
    expect(view.scope?.realmId).toBe(b.realmId);
    expect(view.connection.realmId).toBe(b.realmId);
    expect(view.selection).toEqual([]);
    expect(view.elsewhere).toEqual([expect.objectContaining({ realmId: a.realmId, selected: 5, jobActive: false })]);
    // A click from a view that still showed A is refused with both names; nothing is deleted.
    const stale = await h.click({
      type: 'job/start',
      includeReconciled: false,
      scope: { realmId: a.realmId, environment: 'production', stamp: '' },
    });
    expect(stale.ok).toBe(false);
    expect(h.callsTo(a.realmId, 'batch', 'delete')).toBe(0);
  });

  it('a tab loaded under A, B opened elsewhere since: the view over it is A, with the stale-tab alert naming both', async () => {
    h = await createSecurityHarness();
    const { a, b } = await twoClients(h);
    // Tab 1 loads under A (its content script is bound to A by the hello's answer).
    h.setPageCompany(a.realmId);
    expect(await h.send(pageHello(), SENDERS.contentScript)).toEqual({ ok: true, data: { realmId: a.realmId } });
    // B opened in another tab of the same cookie store; its tick makes B the last page.
    h.setPageCompany(b.realmId);
    const bTab = { ...SENDERS.contentScript, url: INVOICES, tab: { id: 5, url: INVOICES } };
    h.setTab({ id: 5, url: INVOICES });
    expect((await h.send(pageHello(), bTab)).ok).toBe(true);
    expect((await h.send(selectionReport(b.keys.all.slice(0, 1), h.clock.now(), b.realmId), bTab)).ok).toBe(true);
    expect((await popupStateOf(h)).scope?.realmId).toBe(b.realmId);

    // The popup opens over tab 1: the cookie says B, the tab still shows A.
    const focused = await h.send({ type: 'view/tab', tabId: 1 }, SENDERS.popup);
    expect(focused).toEqual({ ok: true, data: { realmId: a.realmId } });
    const view = await popupStateOf(h);
    expect(view.scope?.realmId).toBe(a.realmId);
    expect(view.selection).toHaveLength(5);
    const names = h.background.core.companyNames;
    const nameA = await names.get({ realmId: a.realmId, environment: 'production' }, false);
    const nameB = await names.get({ realmId: b.realmId, environment: 'production' }, false);
    expect(view.pageIssues?.staleTab).toMatchObject({
      url: PAGE_URL,
      text: `This tab still shows ${nameA}, but QuickBooks now has ${nameB} open. Reload it.`,
    });
    // Nothing can be deleted from it while QuickBooks has B open: the start reads the cookie again.
    const refused = await h.click({ type: 'job/start', includeReconciled: false });
    expect(refused.ok).toBe(false);
    expect(h.callsTo(a.realmId, 'batch', 'delete') + h.callsTo(b.realmId, 'batch', 'delete')).toBe(0);

    // Reloaded, tab 1 shows B: the view over it is B and the alert is gone.
    expect(await h.send(pageHello(), SENDERS.contentScript)).toEqual({ ok: true, data: { realmId: b.realmId } });
    expect(await h.send({ type: 'view/tab', tabId: 1 }, SENDERS.popup)).toEqual({
      ok: true,
      data: { realmId: b.realmId },
    });
    const reloaded = await popupStateOf(h);
    expect(reloaded.scope?.realmId).toBe(b.realmId);
    expect(reloaded.pageIssues?.staleTab).toBeUndefined();
  });

  it('a tab that is not a QuickBooks page, a private window or an unknown tab leaves the view as it was', async () => {
    h = await createSecurityHarness();
    const { a, b } = await twoClients(h);
    h.setStoreCompany('container-b', b.realmId);
    const cases = [
      { id: 11, url: 'https://example.com/app/invoices', cookieStoreId: 'container-b' },
      { id: 12, url: 'https://app.qbo.intuit.com/login', cookieStoreId: 'container-b' },
      { id: 13, url: INVOICES, cookieStoreId: 'container-b', incognito: true },
    ];
    for (const tab of cases) h.setTab(tab);
    for (const tabId of [11, 12, 13, 99]) {
      expect(await h.send({ type: 'view/tab', tabId }, SENDERS.popup)).toEqual({ ok: true, data: {} });
    }
    expect((await popupStateOf(h)).scope?.realmId).toBe(a.realmId);
  });

  it('only the extension’s own pages may name the tab in view: a content script is refused', async () => {
    h = await createSecurityHarness();
    const { a, b } = await twoClients(h);
    h.setStoreCompany('container-b', b.realmId);
    h.setTab({ id: 7, url: INVOICES, cookieStoreId: 'container-b' });
    const reply = await h.send({ type: 'view/tab', tabId: 7 }, SENDERS.contentScript);
    expect(reply.ok).toBe(false);
    const malformed = await h.send({ type: 'view/tab', tabId: '7' }, SENDERS.popup);
    expect(malformed.ok).toBe(false);
    expect((await popupStateOf(h)).scope?.realmId).toBe(a.realmId);
  });

  it('every connected company is named (CompanyInfo read once per company)', async () => {
    h = await createSecurityHarness();
    await twoClients(h);
    await vi.waitFor(async () => {
      const { connections } = await popupStateOf(h as SecurityHarness);
      expect(connections).toHaveLength(2);
      for (const c of connections) expect(c.companyName).toEqual(expect.any(String));
    });
    const reads = (await popupStateOf(h)).connections.map((c) => h?.callsTo(c.realmId, 'companyinfo') ?? 0);
    for (const n of reads) expect(n).toBe(1);
  });
});
