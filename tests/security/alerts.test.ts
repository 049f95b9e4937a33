/**
 * Issue 21 §4: alerts belong to one client, clear themselves when the cause is gone, can be
 * dismissed, and name both companies and the tab's address. Before: a failed sign-in from A's view
 * showed on B's, a closed tab's alert stayed until the browser restarted, and it said "another company".
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectedWithSelection,
  createSecurityHarness,
  PAGE_URL,
  pageHello,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from './harness';

let h: SecurityHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const INVOICES = 'https://app.qbo.intuit.com/app/invoices';

/** A's page was loaded under A; QuickBooks switched to B; A's tab (id 1) reports a tick: stale. */
async function staleTab(harness: SecurityHarness) {
  const b = await connectedWithSelection(harness, { count: 2, entities: { Invoice: 1 }, seed: 41 });
  const a = await connectedWithSelection(harness, { count: 3, entities: { Invoice: 1 }, seed: 42 });
  harness.setTab({ id: 1, url: PAGE_URL });
  harness.setPageCompany(a.realmId);
  expect((await harness.send(pageHello(), SENDERS.contentScript)).ok).toBe(true);
  harness.setPageCompany(b.realmId);
  const reply = await harness.send(
    selectionReport(a.keys.all.slice(0, 1), harness.clock.now(), a.realmId),
    SENDERS.contentScript,
  );
  expect(reply.ok).toBe(false);
  return { a, b };
}

describe('the stale-tab alert', () => {
  it('names both companies by name and the tab by its address', async () => {
    h = await createSecurityHarness();
    const { a, b } = await staleTab(h);
    const names = h.background.core.companyNames;
    const nameA = await names.get({ realmId: a.realmId, environment: 'production' }, false);
    const nameB = await names.get({ realmId: b.realmId, environment: 'production' }, false);
    expect(nameA && nameB).toBeTruthy();
    const stale = (await popupStateOf(h)).pageIssues?.staleTab;
    expect(stale?.text).toBe(`This tab still shows ${nameA}, but QuickBooks now has ${nameB} open. Reload it.`);
    expect(stale?.url).toBe(PAGE_URL);
  });

  it('clears itself when the tab is closed', async () => {
    h = await createSecurityHarness();
    await staleTab(h);
    expect((await popupStateOf(h)).pageIssues?.staleTab).toBeDefined();
    h.closeTab(1);
    expect((await popupStateOf(h)).pageIssues?.staleTab).toBeUndefined();
  });

  it('can be dismissed; a content script cannot dismiss it', async () => {
    h = await createSecurityHarness();
    await staleTab(h);
    expect((await h.send({ type: 'alert/dismiss', alert: 'staleTab' }, SENDERS.contentScript)).ok).toBe(false);
    expect((await popupStateOf(h)).pageIssues?.staleTab).toBeDefined();
    const reply = await h.send({ type: 'alert/dismiss', alert: 'staleTab' }, SENDERS.popup);
    expect(reply.ok).toBe(true);
    expect((await popupStateOf(h)).pageIssues?.staleTab).toBeUndefined();
    expect((await h.send({ type: 'alert/dismiss', alert: 'everything' }, SENDERS.popup)).ok).toBe(false);
  });
});

describe('a notice belongs to the client whose view it came from', () => {
  it('a refused click in A’s view shows in A’s view only, and can be dismissed', async () => {
    h = await createSecurityHarness();
    const b = await connectedWithSelection(h, { count: 2, entities: { Invoice: 1 }, seed: 43 });
    const a = await connectedWithSelection(h, { count: 3, entities: { Invoice: 1 }, seed: 44 });
    // A's view clicks with a stamp from before: refused, a notice in A's view.
    const shown = { realmId: a.realmId, environment: 'production' as const, stamp: 'stale' };
    expect((await h.send({ type: 'job/start', includeReconciled: false, scope: shown }, SENDERS.popup)).ok).toBe(false);
    expect((await popupStateOf(h)).notice?.level).toBe('error');
    // B comes into view (its tab is active): A's notice is not shown there.
    h.setStoreCompany('container-b', b.realmId);
    h.setTab({ id: 5, url: INVOICES, cookieStoreId: 'container-b' });
    await h.send({ type: 'view/tab', tabId: 5 }, SENDERS.popup);
    expect((await popupStateOf(h)).scope?.realmId).toBe(b.realmId);
    expect((await popupStateOf(h)).notice).toBeUndefined();
    // Back to A: still there until dismissed.
    h.setStoreCompany('container-a', a.realmId);
    h.setTab({ id: 6, url: INVOICES, cookieStoreId: 'container-a' });
    await h.send({ type: 'view/tab', tabId: 6 }, SENDERS.popup);
    expect((await popupStateOf(h)).notice?.level).toBe('error');
    await h.send({ type: 'alert/dismiss', alert: 'notice' }, SENDERS.popup);
    expect((await popupStateOf(h)).notice).toBeUndefined();
  });
});
