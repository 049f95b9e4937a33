/**
 * Threat: a company Id in the page's address (`?realmId=`, `companyId=`, issue 23 §5) taken for the
 * page's company. The address is a second witness beside the `qbo.currentcompanyid` cookie, never
 * instead of it: cookie and address agree (or the address names none) → the cookie's company; they
 * disagree → unknown, nothing from the page is selected and the popup says why; no cookie → unknown,
 * whatever the address says. The address read is the browser's (the sender's URL), never the one a
 * message carries.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_DISAGREES_TEXT } from '../../lib/background/page-company';
import type { PopupState } from '../../lib/messaging/views';
import type { SeededCompany } from '../../tools/simulator/api';
import {
  createSecurityHarness,
  EXTENSION_ID,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from './harness';

const ORIGIN = 'https://app.qbo.intuit.com';

/** The content script of tab 1 on `url`, as the browser reports it. */
const senderAt = (url: string) => ({ id: EXTENSION_ID, url, origin: ORIGIN, tab: { id: 1, url }, frameId: 0 });
const helloAt = (url: string) => ({ type: 'page/hello', data: { pageUrl: url, host: new URL(url).hostname } });
/** A report whose body names `bodyUrl` as its page (the harness's report names /app/sales). */
const reportAt = (bodyUrl: string, keys: readonly string[], at: number, pageCompany: string | null) => {
  const report = selectionReport(keys, at, pageCompany);
  return { ...report, data: { ...report.data, pageUrl: bodyUrl } };
};

describe('a company Id in the address is a second witness beside the cookie', () => {
  let h: SecurityHarness;
  let a: SeededCompany;
  let b: SeededCompany;
  const scopeOf = (c: SeededCompany) => ({ realmId: c.realmId, environment: 'production' as const });
  const selected = async (c: SeededCompany) => Object.keys(await h.background.core.selection.read(scopeOf(c))).sort();

  beforeEach(async () => {
    h = await createSecurityHarness();
    a = h.sim.seedCompany({ count: 10, entities: { Invoice: 1 } });
    b = h.sim.seedCompany({ count: 10, entities: { Invoice: 1 } });
  });
  afterEach(async () => {
    await h.close();
  });

  it.each([
    ['realmId', (r: string) => `${ORIGIN}/c7/app/sales?realmId=${r}`],
    ['companyId', (r: string) => `${ORIGIN}/c28/app/sales?jobId=accounting&companyId=${r}`],
  ])('cookie and ?%s= agree → the cookie’s company: hello learns it, ticks are filed under it', async (_, at) => {
    h.setPageCompany(a.realmId);
    const url = at(a.realmId);
    expect(await h.send(helloAt(url), senderAt(url))).toEqual({ ok: true, data: { realmId: a.realmId } });
    const keys = a.keys.all.slice(0, 3);
    expect((await h.send(reportAt(url, keys, h.clock.now(), a.realmId), senderAt(url))).ok).toBe(true);
    expect(await selected(a)).toEqual([...keys].sort());
    expect((await popupStateOf(h)).pageIssues?.staleTab).toBeUndefined();
  });

  it('cookie and address disagree → unknown: hello learns nothing, no report is taken, the popup says why', async () => {
    h.setPageCompany(a.realmId);
    const url = `${ORIGIN}/app/invoices?realmId=${b.realmId}`;
    expect(await h.send(helloAt(url), senderAt(url))).toEqual({ ok: true, data: {} });
    const stale = (await popupStateOf(h)).pageIssues?.staleTab;
    expect(stale).toMatchObject({ url, text: ADDRESS_DISAGREES_TEXT });
    expect(stale?.text).toBe(
      "This tab's address names another company than the one QuickBooks has open, so Safe Delete cannot tell whose transactions it shows. Nothing ticked on it is selected. Open the company again from QuickBooks' company menu, then reload the tab.",
    );
    // Neither the cookie's company nor the address's takes the page's rows.
    for (const claimed of [a.realmId, b.realmId, null]) {
      const reply = await h.send(reportAt(url, a.keys.all.slice(0, 2), h.clock.now(), claimed), senderAt(url));
      expect(reply).toEqual({ ok: false, error: ADDRESS_DISAGREES_TEXT });
    }
    expect(await selected(a)).toEqual([]);
    expect(await selected(b)).toEqual([]);
    // The popup opened over that tab does not switch to either company.
    h.setTab({ id: 5, url });
    expect(await h.send({ type: 'view/tab', tabId: 5 }, SENDERS.popup)).toEqual({ ok: true, data: {} });
  });

  it('a value that is not exactly the cookie’s Id disagrees too (two Ids, padding, any letter case)', async () => {
    h.setPageCompany(a.realmId);
    for (const query of [
      `realmId=${a.realmId}&realmId=${b.realmId}`,
      `realmId=${a.realmId}&companyId=${b.realmId}`,
      `realmId=0${a.realmId}`,
      `realmId=`,
      `REALMID=${b.realmId}`,
      `companyid=${b.realmId}`,
    ]) {
      const url = `${ORIGIN}/app/sales?${query}`;
      expect(await h.send(helloAt(url), senderAt(url)), query).toEqual({ ok: true, data: {} });
      const reply = await h.send(reportAt(url, a.keys.all.slice(0, 1), h.clock.now(), a.realmId), senderAt(url));
      expect(reply.ok, query).toBe(false);
    }
    expect(await selected(a)).toEqual([]);
  });

  it('no cookie, a company in the address → unknown: the address alone is never trusted', async () => {
    h.setPageCompany(undefined);
    const url = `${ORIGIN}/c28/app/sales?realmId=${a.realmId}&jobId=accounting`;
    expect(await h.send(helloAt(url), senderAt(url))).toEqual({ ok: true, data: {} });
    const reply = await h.send(reportAt(url, a.keys.all.slice(0, 2), h.clock.now(), a.realmId), senderAt(url));
    expect(reply.ok).toBe(false);
    expect(await selected(a)).toEqual([]);
  });

  it('a forged report cannot launder the address: the sender’s own URL is the witness, not the body’s', async () => {
    h.setPageCompany(a.realmId);
    const shown = `${ORIGIN}/app/sales?realmId=${b.realmId}`; // what the browser says the tab shows
    // The body claims an agreeing address and the cookie's company: refused all the same.
    const forged = reportAt(`${ORIGIN}/app/sales?realmId=${a.realmId}`, a.keys.all.slice(0, 2), 0, a.realmId);
    expect(await h.send(forged, senderAt(shown))).toEqual({ ok: false, error: ADDRESS_DISAGREES_TEXT });
    // The body claims the address's company as the page's: refused.
    const claimsB = reportAt(shown, b.keys.all.slice(0, 2), 0, b.realmId);
    expect((await h.send(claimsB, senderAt(shown))).ok).toBe(false);
    expect(await selected(a)).toEqual([]);
    expect(await selected(b)).toEqual([]);
  });

  it('the tab navigates to an address that agrees: its hello clears the alert and its ticks count', async () => {
    h.setPageCompany(a.realmId);
    const wrong = `${ORIGIN}/app/sales?realmId=${b.realmId}`;
    await h.send(helloAt(wrong), senderAt(wrong));
    expect((await popupStateOf(h)).pageIssues?.staleTab?.text).toBe(ADDRESS_DISAGREES_TEXT);
    const right = `${ORIGIN}/app/sales?jobId=accounting`;
    expect(await h.send(helloAt(right), senderAt(right))).toEqual({ ok: true, data: { realmId: a.realmId } });
    const state: PopupState = await popupStateOf(h);
    expect(state.pageIssues?.staleTab).toBeUndefined();
    const keys = a.keys.all.slice(0, 2);
    expect((await h.send(reportAt(right, keys, h.clock.now(), a.realmId), senderAt(right))).ok).toBe(true);
    expect(await selected(a)).toEqual([...keys].sort());
  });
});
