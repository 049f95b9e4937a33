// @vitest-environment happy-dom
/**
 * The web app's select-all, with the real collector (issue 18, item 4): one trusted click makes the
 * person's only the rows ticked in that gesture, i.e. seen ticked within SELECT_ALL_WINDOW_MS of it.
 * A row ticked later, a URL change, a hidden box and a label outside the grid's header row all leave
 * the page's ticks the page's (`pageTicked`: shown apart in the popup, to adopt or leave).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SELECT_ALL_WINDOW_MS } from '../../lib/collect/gestures';
import { idOf, rowBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const SALES = 'https://app.qbo.intuit.com/app/sales';

afterEach(() => {
  document.body.innerHTML = '';
});

const selectAllBox = () => document.querySelector<HTMLInputElement>('input[data-select-all]') as HTMLInputElement;

/** The web app's select-all: on its click, every row box is ticked by script (no event). */
function wireSelectAll(): HTMLInputElement {
  const all = selectAllBox();
  all.addEventListener('click', () => {
    for (const box of rowBoxes()) box.checked = all.checked;
  });
  return all;
}

/** A row the app renders later, already ticked (a new transaction, a virtualized row). */
function appendTickedRow(id: string) {
  const extra = document.querySelector('tbody tr.txn-row')?.cloneNode(true) as HTMLTableRowElement;
  extra.querySelector('a')?.setAttribute('href', `/app/invoice?txnId=${id}`);
  // The row shows what its link names (a link is a row's Id only when it agrees with the row).
  (extra.querySelectorAll('td')[2] as Element).textContent = 'Invoice';
  (extra.querySelector('input') as HTMLInputElement).checked = true;
  document.querySelector('tbody')?.append(extra);
}

describe('the rows a select-all authorizes', () => {
  it('the rows its own click ticks are the person’s; a row the page ticks 30 s later is the page’s', async () => {
    mountPage('sim-sales-table.html');
    const all = wireSelectAll();
    const { clock, person, sent, tick } = startHarness(SALES);
    const clickedAt = clock.now();
    person.click(all);
    await tick();
    expect(
      sent()[0]
        ?.added.map((i) => i.id)
        .sort(),
    ).toEqual(rowBoxes().map(idOf).sort());
    expect(sent()[0]?.pageTicked).toEqual([]);
    clock.advance(30_000);
    appendTickedRow('99999');
    await tick();
    expect(all.checked).toBe(true);
    expect(sent().at(-1)?.added).toEqual([]);
    expect(sent().at(-1)?.pageTicked).toEqual([expect.objectContaining({ id: '99999' })]);
    expect(sent().at(-1)?.pageTicked[0]?.tickedAt).toBeGreaterThan(clickedAt);
  });

  it(`rows the app ticks in a render up to ${SELECT_ALL_WINDOW_MS} ms after the click are the person’s; later ones the page’s`, async () => {
    mountPage('sim-sales-table.html');
    const all = selectAllBox(); // the app ticks rows later, after its own render
    const { clock, person, sent, tick } = startHarness(SALES);
    const clickedAt = clock.now();
    person.click(all);
    await tick(); // the click's scans: the box is on, no row ticked yet (300 ms on the clock)
    expect(sent()).toEqual([]);
    clock.advance(SELECT_ALL_WINDOW_MS - 450);
    const boxes = rowBoxes();
    for (const box of boxes.slice(0, 10)) box.checked = true;
    appendTickedRow('99998'); // the render: its scan runs 150 ms later, at exactly the window's end
    await tick();
    expect(sent()[0]?.added).toHaveLength(11);
    expect(new Set(sent()[0]?.added.map((i) => i.tickedAt))).toEqual(new Set([clickedAt]));
    expect(sent()[0]?.pageTicked).toEqual([]);
    // The rest, in the app's next render: past the window.
    for (const box of boxes.slice(10)) box.checked = true;
    document.body.append(document.createElement('div'));
    await tick();
    expect(sent()[1]?.added).toEqual([]);
    const byPage = sent()[1]?.pageTicked.map((i) => i.id) ?? [];
    expect(byPage.sort()).toEqual(boxes.slice(10).map(idOf).sort());
  });

  it('rows the app ticks one millisecond after the window are the page’s', async () => {
    mountPage('sim-sales-table.html');
    const all = selectAllBox();
    const { clock, person, sent, tick } = startHarness(SALES);
    person.click(all);
    await tick();
    clock.advance(SELECT_ALL_WINDOW_MS - 449);
    for (const box of rowBoxes()) box.checked = true;
    appendTickedRow('99998');
    await tick();
    expect(sent()[0]?.added).toEqual([]);
    expect(sent()[0]?.pageTicked).toHaveLength(21);
  });

  it('a URL change ends it at once, even within the window', async () => {
    mountPage('sim-sales-table.html');
    const all = wireSelectAll();
    const { clock, person, sent, tick, goTo } = startHarness(SALES);
    const clickedAt = clock.now();
    person.click(all);
    await tick();
    expect(sent()[0]?.added).toHaveLength(20);
    // The app filters the list (the header box stays on) and ticks the row it adds.
    goTo(`${SALES}?filter=unpaid`);
    appendTickedRow('99997');
    await tick();
    expect(clock.now() - clickedAt).toBeLessThan(SELECT_ALL_WINDOW_MS);
    expect(all.checked).toBe(true);
    const after = sent().at(-1);
    expect(after?.snapshot).toBe(true);
    expect(after?.pageTicked.map((i) => i.id)).toEqual(['99997']);
    expect(after?.added).toHaveLength(20); // the rows of the click stay the person's
    expect(after?.added.map((i) => i.id)).not.toContain('99997');
  });
});

describe('what is not a select-all', () => {
  const HIDDEN: [string, (box: HTMLInputElement) => void][] = [
    ['display: none on its cell', (box) => box.closest('th')?.setAttribute('style', 'display: none')],
    ['visibility: hidden', (box) => box.setAttribute('style', 'visibility: hidden')],
    ['the hidden attribute', (box) => box.setAttribute('hidden', '')],
    ['zero size', (box) => box.setAttribute('style', 'width: 0; height: 0')],
    ['aria-hidden on its header', (box) => box.closest('thead')?.setAttribute('aria-hidden', 'true')],
  ];

  it.each(HIDDEN)('a header box hidden by %s', async (_, hide) => {
    mountPage('sim-sales-table.html');
    const all = wireSelectAll();
    hide(all);
    const { person, sent, tick } = startHarness(SALES);
    person.click(all); // a key press on a focused box, or a click forwarded by a label (see below)
    await tick();
    expect(all.checked).toBe(true);
    expect(sent()[0]?.added).toEqual([]);
    expect(sent()[0]?.pageTicked).toHaveLength(20);
  });

  const LABELS: [string, string, (label: HTMLLabelElement) => void][] = [
    ['above the grid', 'the toolbar', (label) => document.querySelector('table')?.before(label)],
    [
      'in the grid’s footer',
      'a tfoot row',
      (label) => {
        const foot = document.createElement('tfoot');
        foot.innerHTML = '<tr><td colspan="6"></td></tr>';
        foot.querySelector('td')?.append(label);
        document.querySelector('table')?.append(foot);
      },
    ],
  ];

  it.each(LABELS)('a label %s (%s) for the header box is not it; one in the header row is', async (_, __, place) => {
    mountPage('sim-sales-table.html');
    const all = wireSelectAll();
    all.id = 'all-rows';
    const label = (text: string) => {
      const el = document.createElement('label');
      el.htmlFor = 'all-rows';
      el.textContent = text;
      return el;
    };
    const outside = label('Sort by date');
    place(outside);
    const inHeader = label('All');
    all.after(inHeader);
    const { person, sent, tick } = startHarness(SALES);
    person.click(outside);
    await tick();
    expect(all.checked).toBe(true); // the label toggled it, and the app ticked every row
    expect(sent()[0]?.added).toEqual([]);
    expect(sent()[0]?.pageTicked).toHaveLength(20);
    person.click(outside); // off again: every row unticked
    await tick();
    expect(sent()[1]?.removed).toHaveLength(20);
    person.click(inHeader);
    await tick();
    expect(sent()[2]?.added).toHaveLength(20);
    expect(sent()[2]?.pageTicked).toEqual([]);
  });
});
