// @vitest-environment happy-dom
/**
 * The simulator's look-alike pages behave like the single-page app (client script: fetch a fragment,
 * swap #app-main, pushState; custom checkboxes flip aria-checked), and the collector follows them.
 * No row links its record: each ticked row is reported by what it shows (`addedRows`).
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCollector } from '../../lib/collect/collector';
import type { Entity } from '../../lib/domain/entities';
import type { ContentMessage, SelectionReportData } from '../../lib/messaging/content-protocol';
import type { ContentSend } from '../../lib/messaging/protocol';
import { CLIENT_SCRIPT } from '../../tools/simulator/pages/client-script';
import { mountPages } from '../../tools/simulator/pages/index';
import { settle } from './fake-timers';
import { createPerson } from './person';

function simulatorApp() {
  const entities: Entity[] = ['Invoice', 'SalesReceipt', 'Estimate'];
  const records = Array.from({ length: 120 }, (_, i) => ({
    entity: entities[i % 3] as Entity,
    json: { Id: String(i + 1), TxnDate: '2025-02-01', DocNumber: String(5000 + i), TotalAmt: i },
  }));
  const app = new Hono();
  mountPages(app, { pageRealmId: () => '42', records: () => records });
  return app;
}

describe('look-alike pages in a DOM, with the collector', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('navigates without reloading, and the collector reports ticks across pages', async () => {
    const app = simulatorApp();
    const fetchSpy = vi.fn(async (input: URL | string) => {
      const url = new URL(String(input), window.location.href);
      return app.request(url.pathname + url.search);
    });
    vi.stubGlobal('fetch', fetchSpy);
    history.replaceState({}, '', '/app/salesreceipts');
    const full = await (await app.request('/app/salesreceipts')).text();
    document.body.innerHTML = new DOMParser().parseFromString(full, 'text/html').body.innerHTML;
    new Function(CLIENT_SCRIPT)();

    const send = vi.fn(
      async (m: ContentMessage): Promise<unknown> =>
        m.type === 'page/hello'
          ? { ok: true, data: { realmId: '42' } }
          : { ok: true, data: { selected: 0, refused: [] } },
    );
    const reports = () =>
      send.mock.calls.flatMap(([m]) => (m.type === 'selection/report' ? [m.data as SelectionReportData] : []));
    const person = createPerson();
    let clock = 1_760_000_000_000;
    const controller = new AbortController();
    let navigated: () => void = () => {};
    startCollector({
      document,
      location: () => window.location.href,
      now: () => clock,
      send: send as ContentSend,
      signal: controller.signal,
      onLocationChange: (fn) => {
        navigated = fn;
      },
      isTrusted: person.isTrusted,
      debounceMs: 10,
    });
    const wait = async () => {
      for (let i = 0; i < 5; i++) await settle();
      await new Promise((r) => setTimeout(r, 30));
    };

    person.click(document.querySelector('tr.txn-row input[type=checkbox]'));
    await wait();
    expect(reports().flatMap((r) => r.addedRows ?? [])).toHaveLength(1);
    expect(reports().flatMap((r) => r.added)).toHaveLength(0);
    expect(reports()[0]?.pageCompany).toBe('42');
    // The page's own counter follows the tick, and the report carries it.
    expect(document.querySelector('.selected-count')?.textContent).toBe('1 selected');
    expect(reports().at(-1)?.page).toEqual({ claimedSelected: 1, seenSelected: 1 });

    // Client-side navigation: the URL changes, the fragment replaces #app-main, no reload.
    const main = document.getElementById('app-main');
    document.querySelector<HTMLAnchorElement>('nav a[href="/app/estimates"]')?.click();
    navigated();
    await wait();
    expect(window.location.pathname).toBe('/app/estimates');
    expect(fetchSpy).toHaveBeenCalledWith(expect.objectContaining({ search: '?fragment=1' }), expect.anything());
    expect(document.getElementById('app-main')).toBe(main);
    expect(document.title).toBe('Estimates');
    expect(document.querySelectorAll('[role=row].grid-row')).toHaveLength(40);

    // A custom checkbox ticked from the keyboard: the page's keydown handler calls click() (an
    // untrusted click), which flips aria-checked; the person's trusted keydown makes it their tick.
    const box = document.querySelector<HTMLElement>('[role=row].grid-row [role=checkbox]');
    person.key(box, ' ');
    expect(box?.getAttribute('aria-checked')).toBe('true');
    await wait();
    expect(reports().flatMap((r) => r.addedRows ?? [])).toHaveLength(2);
    expect(reports().flatMap((r) => r.pageTicked)).toHaveLength(0);
    expect(reports().flatMap((r) => r.removedRows ?? [])).toHaveLength(0);
    // Later, the same box clicked by a script: unticked (always honoured); ticked again: the page's,
    // which for a row known by what it shows is never sent.
    clock += 5000;
    box?.click();
    await wait();
    expect(reports().flatMap((r) => r.removedRows ?? [])).toHaveLength(1);
    box?.click();
    await wait();
    expect(reports().flatMap((r) => r.addedRows ?? [])).toHaveLength(2);
    expect(reports().flatMap((r) => r.pageTicked)).toHaveLength(0);

    // Paging with next: 40 estimates fit one page, so use the sales list (120 / 50 → 3 pages).
    document.querySelector<HTMLAnchorElement>('nav a[href="/app/sales"]')?.click();
    await wait();
    document.querySelector<HTMLAnchorElement>('a[rel=next]')?.click();
    await wait();
    expect(window.location.search).toBe('?page=2');
    expect(document.querySelector('.pager-range')?.textContent).toBe('51-100 of 120');
    controller.abort();
  });
});
