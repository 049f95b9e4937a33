// @vitest-environment happy-dom
/**
 * A virtualized list whose rows link their records (the simulator's virtual-list.ts, like the web
 * app's idsTable; the simulator no longer serves it: no public source shows a row linking its own
 * record, but a page that does must still be read exactly) with the pages' client script, in a DOM,
 * with the collector: one select-all click by the person makes the rows in
 * view the person's; rows the grid renders ticked later, as the person scrolls, are the page's (a
 * scroll is not a tick: the popup lists them apart, to adopt); the page's own counter claims every
 * row while the collector sees only those in view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { CLIENT_SCRIPT } from '../../tools/simulator/pages/client-script';
import { fragment, shell } from '../../tools/simulator/pages/html';
import { sortForPage, toPageRow } from '../../tools/simulator/pages/view-rows';
import {
  renderVirtualList,
  VIRTUAL_OVERSCAN,
  VIRTUAL_ROW_HEIGHT,
  VIRTUAL_VIEW_ROWS,
} from '../../tools/simulator/pages/virtual-list';
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
  const main = fragment('Banking', renderVirtualList(sortForPage(records.map(toPageRow))));
  const html = shell({ title: 'Banking', main, script: CLIENT_SCRIPT });
  history.replaceState({}, '', '/app/banking');
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  new Function(CLIENT_SCRIPT)();
});

const rendered = () => [...document.querySelectorAll('.ids-table__row')];
const indexes = () => rendered().map((r) => Number(r.getAttribute('aria-rowindex')));

describe('virtualized list', () => {
  it('select-all by the person: the rows in view are the person’s; rows rendered ticked while scrolling, the page’s', async () => {
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
      type: expect.any(String),
      number: rendered()[0]?.querySelector('a')?.textContent,
      amount: expect.stringMatching(/^\$\d+\.50$/),
    });
    expect(new Set(sent()[0]?.added.map((i) => i.tickedAt))).toEqual(new Set([clickedAt]));
    const byGesture = new Set(sent()[0]?.added.map((i) => i.id));
    // A minute later the person scrolls: rows 47.. come into view, ticked by the app's state. The
    // select-all's gesture ended long ago: the page ticked them, and the popup shows them apart.
    clock.advance(60_000);
    const box = document.querySelector('.ids-table__virtualized-container') as HTMLElement;
    box.scrollTop = 50 * VIRTUAL_ROW_HEIGHT;
    box.dispatchEvent(new Event('scroll'));
    await settle();
    expect(Math.min(...indexes())).toBe(50 - VIRTUAL_OVERSCAN + 2);
    const scrolledAt = clock.now();
    await tick();
    const later = sent().at(-1);
    expect(later?.added).toEqual([]);
    expect(later?.pageTicked).toHaveLength(VIRTUAL_VIEW_ROWS + 2 * VIRTUAL_OVERSCAN);
    for (const item of later?.pageTicked ?? []) {
      expect(byGesture.has(item.id)).toBe(false);
      expect(item.tickedAt).toBeGreaterThan(scrolledAt);
    }
    expect(later?.page?.claimedSelected).toBe(COUNT);

    // Back at the top, the rows the select-all ticked are drawn again: still the person's (a snapshot
    // on coming back to the tab lists them so, with the select-all's time).
    box.scrollTop = 0;
    box.dispatchEvent(new Event('scroll'));
    await tick();
    window.dispatchEvent(new Event('focus'));
    await tick();
    const again = sent().at(-1);
    expect(again?.snapshot).toBe(true);
    expect(new Set(again?.added.map((i) => i.id))).toEqual(byGesture);
    expect(new Set(again?.added.map((i) => i.tickedAt))).toEqual(new Set([clickedAt]));
    expect(again?.pageTicked).toEqual([]);
    box.scrollTop = 50 * VIRTUAL_ROW_HEIGHT;
    box.dispatchEvent(new Event('scroll'));
    await tick();

    // The person turns select-all off: the rows in view are removed, the counter hides.
    person.click(document.querySelector('input[data-select-all]'));
    await tick();
    expect(sent().at(-1)?.removed).toHaveLength(VIRTUAL_VIEW_ROWS + 2 * VIRTUAL_OVERSCAN);
    expect(sent().at(-1)?.page).toEqual({ seenSelected: 0 });
  });
});
