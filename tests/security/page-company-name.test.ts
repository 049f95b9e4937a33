/**
 * The company's name as its QuickBooks page showed it (the header, read by the content script): the
 * popup names the page's company by it before connecting, instead of by its Id. The name is a label
 * only: it is kept under the company the page's cookie named, a refused report keeps nothing, and
 * the service's CompanyInfo.CompanyName wins once it is read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSecurityHarness,
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

/** The report the content script sends with the header's name in its page description. */
function namedReport(keys: readonly string[], at: number, pageCompany: string | null, companyName: string) {
  const report = selectionReport(keys, at, pageCompany);
  return { ...report, data: { ...report.data, page: { seenSelected: keys.length, companyName } } };
}

describe('the name the page showed', () => {
  it('names the page’s company before connecting; without one the view has no name, as before', async () => {
    h = await createSecurityHarness();
    const a = h.sim.seedCompany({
      count: 3,
      entities: { Invoice: 1 },
      seed: 41,
      companyName: 'Maple Street Bakery LLC',
    });
    h.setPageCompany(a.realmId);
    const plain = await h.send(
      selectionReport(a.keys.all.slice(0, 1), h.clock.now(), a.realmId),
      SENDERS.contentScript,
    );
    expect(plain.ok).toBe(true);
    const before = await popupStateOf(h);
    expect(before.connection).toMatchObject({ pageRealmId: a.realmId, realmId: undefined });
    expect(before.connection.pageCompanyName).toBeUndefined();

    const named = namedReport(a.keys.all, h.clock.now(), a.realmId, '  Redwood Roofing\n & Gutters ');
    expect((await h.send(named, SENDERS.contentScript)).ok).toBe(true);
    const after = await popupStateOf(h);
    expect(after.connection.pageRealmId).toBe(a.realmId);
    expect(after.connection.pageCompanyName).toBe('Redwood Roofing & Gutters');
  });

  it('is kept under the company the cookie names; a refused report (a stale tab) keeps nothing', async () => {
    h = await createSecurityHarness();
    const a = h.sim.seedCompany({ count: 2, entities: { Invoice: 1 }, seed: 42 });
    const b = h.sim.seedCompany({ count: 2, entities: { Invoice: 1 }, seed: 43 });
    // Loaded under A, but QuickBooks now has B open: refused, and B is never labelled with A's header.
    h.setPageCompany(b.realmId);
    const stale = await h.send(
      namedReport(a.keys.all, h.clock.now(), a.realmId, 'Old Mill Hardware'),
      SENDERS.contentScript,
    );
    expect(stale.ok).toBe(false);
    const names = h.background.core.companyNames;
    expect(await names.label({ realmId: a.realmId, environment: 'production' })).toBeUndefined();
    expect(await names.label({ realmId: b.realmId, environment: 'production' })).toBeUndefined();
    expect((await popupStateOf(h)).connection.pageCompanyName).toBeUndefined();

    const fresh = await h.send(
      namedReport(b.keys.all, h.clock.now(), b.realmId, 'Silver Spoon Catering'),
      SENDERS.contentScript,
    );
    expect(fresh.ok).toBe(true);
    expect(await names.label({ realmId: b.realmId, environment: 'production' })).toBe('Silver Spoon Catering');
    expect(await names.label({ realmId: a.realmId, environment: 'production' })).toBeUndefined();
    // A label, not the service's name: a read of CompanyInfo is still due.
    expect(await names.get({ realmId: b.realmId, environment: 'production' }, false)).toBeUndefined();
  });

  it('a name over 200 characters is refused with its report; the service’s name wins once connected', async () => {
    h = await createSecurityHarness();
    const a = h.sim.seedCompany({
      count: 2,
      entities: { Invoice: 1 },
      seed: 44,
      companyName: 'Harbor Point Dental Group',
    });
    h.setPageCompany(a.realmId);
    const long = await h.send(
      namedReport(a.keys.all, h.clock.now(), a.realmId, 'x'.repeat(201)),
      SENDERS.contentScript,
    );
    expect(long.ok).toBe(false);
    expect(
      (await h.send(namedReport(a.keys.all, h.clock.now(), a.realmId, 'Harbor Point'), SENDERS.contentScript)).ok,
    ).toBe(true);
    expect((await popupStateOf(h)).connection.pageCompanyName).toBe('Harbor Point');

    const saved = await h.send(saveConnection(a.realmId, a.token), SENDERS.popup);
    expect(saved.ok).toBe(true);
    await vi.waitFor(
      async () => {
        const view = await popupStateOf(h as SecurityHarness);
        expect(view.connection.companyName).toBe('Harbor Point Dental Group');
        expect(view.connection.pageCompanyName).toBe('Harbor Point Dental Group');
      },
      { timeout: 10_000 },
    );
    // A later page's header never overrides the service's name.
    await h.send(namedReport(a.keys.all, h.clock.now(), a.realmId, 'Harbor Point'), SENDERS.contentScript);
    expect((await popupStateOf(h)).connection.pageCompanyName).toBe('Harbor Point Dental Group');
  });
});
