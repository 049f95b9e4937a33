// @vitest-environment happy-dom
/**
 * The simulator's look-alike pages behave like the single-page app (client script: fetch a fragment,
 * swap #app-main, pushState; custom checkboxes flip aria-checked), and the collector follows them.
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCollector } from '../../lib/collect/collector';
import type { SelectionReport } from '../../lib/collect/selection-message';
import type { Entity } from '../../lib/qbo/entities';
import { CLIENT_SCRIPT } from '../simulator/pages/client-script';
import { mountPages } from '../simulator/pages/index';
import { settle } from './fake-timers';

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
    history.replaceState({}, '', '/app/sales');
    const full = await (await app.request('/app/sales')).text();
    document.body.innerHTML = new DOMParser().parseFromString(full, 'text/html').body.innerHTML;
    new Function(CLIENT_SCRIPT)();

    const send = vi.fn(async (_: SelectionReport) => undefined);
    const controller = new AbortController();
    let navigated: () => void = () => {};
    startCollector({
      document,
      location: () => window.location.href,
      now: () => 1,
      send,
      signal: controller.signal,
      onLocationChange: (fn) => {
        navigated = fn;
      },
      debounceMs: 10,
    });
    const wait = async () => {
      for (let i = 0; i < 5; i++) await settle();
      await new Promise((r) => setTimeout(r, 30));
    };

    document.querySelector<HTMLInputElement>('tr.txn-row input[type=checkbox]')?.click();
    await wait();
    expect(send.mock.calls.flatMap(([m]) => m.data.added)).toHaveLength(1);

    // Client-side navigation: the URL changes, the fragment replaces #app-main, no reload.
    const main = document.getElementById('app-main');
    document.querySelector<HTMLAnchorElement>('nav a[href="/app/invoices"]')?.click();
    navigated();
    await wait();
    expect(window.location.pathname).toBe('/app/invoices');
    expect(fetchSpy).toHaveBeenCalledWith(expect.objectContaining({ search: '?fragment=1' }), expect.anything());
    expect(document.getElementById('app-main')).toBe(main);
    expect(document.title).toBe('Invoices');
    expect(document.querySelectorAll('[role=row].grid-row')).toHaveLength(40);

    // A custom checkbox: the page's script flips aria-checked; the collector sees it.
    const box = document.querySelector<HTMLElement>('[role=row].grid-row [role=checkbox]');
    box?.click();
    expect(box?.getAttribute('aria-checked')).toBe('true');
    await wait();
    const added = send.mock.calls.flatMap(([m]) => m.data.added);
    expect(added).toHaveLength(2);
    expect(send.mock.calls.flatMap(([m]) => m.data.removed)).toHaveLength(0);

    // Paging with next: 40 invoices fit one page, so use the sales list (120 / 50 → 3 pages).
    document.querySelector<HTMLAnchorElement>('nav a[href="/app/sales"]')?.click();
    await wait();
    document.querySelector<HTMLAnchorElement>('a[rel=next]')?.click();
    await wait();
    expect(window.location.search).toBe('?page=2');
    expect(document.querySelector('.pager-range')?.textContent).toBe('51-100 of 120');
    controller.abort();
  });
});
