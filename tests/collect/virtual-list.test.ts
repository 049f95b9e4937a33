// @vitest-environment happy-dom
/**
 * The simulator's virtualized bank-feed list (/app/banking, like the web app's idsTable) with its
 * client script, in a DOM, with the collector: one select-all click by the person, rows rendered
 * later while scrolling still count as the person's while the header box stays checked, and the
 * page's own counter claims every row while the collector sees only those in view.
 */
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { CLIENT_SCRIPT } from '../../tools/simulator/pages/client-script';
import { mountPages } from '../../tools/simulator/pages/index';
import { VIRTUAL_OVERSCAN, VIRTUAL_ROW_HEIGHT, VIRTUAL_VIEW_ROWS } from '../../tools/simulator/pages/virtual-list';
import { settle } from './fake-timers';
import { startHarness } from './harness';

const BANKING = 'https://app.qbo.intuit.com/app/banking';
const COUNT = 120;

beforeAll(async () => {
  const entities: Entity[] = ['Deposit', 'Purchase', 'Transfer'];
  const records = Array.from({ length: COUNT }, (_, i) => ({
    entity: entities[i % 3] as Entity,
    json: { Id: String(i + 1), TxnDate: '2025-02-01', DocNumber: String(7000 + i), TotalAmt: i + 0.5 },
  }));
  const app = new Hono();
  mountPages(app, { pageRealmId: () => '42', records: () => records });
  const html = await (await app.request('/app/banking')).text();
  history.replaceState({}, '', '/app/banking');
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  new Function(CLIENT_SCRIPT)();
});

const rendered = () => [...document.querySelectorAll('.ids-table__row')];
const indexes = () => rendered().map((r) => Number(r.getAttribute('aria-rowindex')));

describe('virtualized list', () => {
  it('select-all by the person: rows rendered later count while the header stays checked', async () => {
    const { clock, person, sent, tick } = startHarness(BANKING);
    await tick();
    expect(indexes()).toEqual(Array.from({ length: VIRTUAL_VIEW_ROWS + VIRTUAL_OVERSCAN }, (_, i) => i + 2));
    const clickedAt = clock.now();
    person.click(document.querySelector('input[data-select-all]'));
    await tick();
    expect(sent()[0]?.added).toHaveLength(VIRTUAL_VIEW_ROWS + VIRTUAL_OVERSCAN);
    expect(sent()[0]?.page).toEqual({ claimedSelected: COUNT, seenSelected: VIRTUAL_VIEW_ROWS + VIRTUAL_OVERSCAN });
    expect(sent()[0]?.added[0]?.shown).toEqual({
      date: '2025-02-01',
      number: rendered()[0]?.querySelector('a')?.textContent,
      amount: expect.stringMatching(/^\$\d+\.50$/),
    });

    // A minute later the person scrolls: rows 47.. come into view, ticked by the app's state.
    clock.advance(60_000);
    const box = document.querySelector('.ids-table__virtualized-container') as HTMLElement;
    box.scrollTop = 50 * VIRTUAL_ROW_HEIGHT;
    box.dispatchEvent(new Event('scroll'));
    await settle();
    expect(Math.min(...indexes())).toBe(50 - VIRTUAL_OVERSCAN + 2);
    await tick();
    const later = sent().at(-1);
    expect(later?.added).toHaveLength(VIRTUAL_VIEW_ROWS + 2 * VIRTUAL_OVERSCAN);
    expect(new Set(later?.added.map((i) => i.tickedAt))).toEqual(new Set([clickedAt]));
    expect(later?.pageTicked).toEqual([]);
    expect(later?.page?.claimedSelected).toBe(COUNT);

    // The person turns select-all off: the rows in view are removed, the counter hides.
    person.click(document.querySelector('input[data-select-all]'));
    await tick();
    expect(sent().at(-1)?.removed).toHaveLength(VIRTUAL_VIEW_ROWS + 2 * VIRTUAL_OVERSCAN);
    expect(sent().at(-1)?.page).toEqual({ seenSelected: 0 });
  });
});
