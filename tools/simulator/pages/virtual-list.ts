/**
 * `/app/banking`: a virtualized list like the web app's bank feed (`idsTable`): every transaction of
 * the company (up to VIRTUAL_MAX_ROWS) in a scroll container of fixed row height that keeps only the
 * rows in view (plus OVERSCAN) in the DOM, each `[role=row]` with its `aria-rowindex`. The rows' data
 * travels as JSON; the client script (VIRTUAL_LIST_CLIENT) renders them as the list scrolls. The
 * header's select-all selects ALL rows in the script's state, so rows rendered later appear ticked,
 * and the "N selected" counter shows the full count: more than a collector can see at once.
 */
import { esc } from './html';
import { SELECTED_COUNTER, txnHref } from './markup';
import type { PageRow } from './view-rows';

export const VIRTUAL_MAX_ROWS = 300;
export const VIRTUAL_ROW_HEIGHT = 36;
export const VIRTUAL_VIEW_ROWS = 10;
export const VIRTUAL_OVERSCAN = 3;

/** JSON safe inside a <script> element: no `<`, `>` or `&` survives literally. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const HEADERS = ['Date', 'No.', 'Type', 'Payee', 'Amount'];

export function renderVirtualList(all: PageRow[]): string {
  const rows = all.slice(0, VIRTUAL_MAX_ROWS);
  const data = rows.map((r) => ({
    href: txnHref(r),
    label: r.no || r.id,
    date: r.date,
    no: r.no,
    type: r.type,
    party: r.party,
    amount: r.amount,
  }));
  const header = `<div role="rowgroup" class="ids-table__header"><div role="row" aria-rowindex="1" class="ids-table__header-row"><span role="columnheader"><input type="checkbox" data-select-all aria-label="Select all rows"></span>${HEADERS.map((h) => `<span role="columnheader">${esc(h)}</span>`).join('')}</div></div>`;
  const container = `<div class="ids-table__virtualized-container" data-row-height="${VIRTUAL_ROW_HEIGHT}" data-view-rows="${VIRTUAL_VIEW_ROWS}" data-overscan="${VIRTUAL_OVERSCAN}" style="height:${VIRTUAL_VIEW_ROWS * VIRTUAL_ROW_HEIGHT}px;overflow-y:auto"><div class="ids-table__body" role="rowgroup" style="position:relative;height:${rows.length * VIRTUAL_ROW_HEIGHT}px"></div></div>`;
  // One tab, shown as chosen: every row here is a recorded transaction (the collector reads nothing
  // on a bank feed whose tab it cannot tell).
  const tabs =
    '<div role="tablist" aria-label="Bank transactions"><button type="button" role="tab" aria-selected="true">Categorized</button></div>';
  return `${tabs}${SELECTED_COUNTER}<div class="ids-table" role="grid" aria-label="Bank transactions" aria-rowcount="${rows.length + 1}">${header}${container}<script type="application/json" class="ids-table__data">${scriptJson(data)}</script></div>`;
}

/**
 * The client script's part for virtualized lists (inlined into CLIENT_SCRIPT's closure): `vInit(root)`
 * after each render, `vClick(target)` from the click listener (true when it handled the click),
 * `vCount()` for the counter, `vScroll(event)` from a capturing scroll listener.
 */
export const VIRTUAL_LIST_CLIENT = `
  const vstate = new WeakMap();
  function vRow(st, i) {
    const r = st.rows[i];
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'ids-table__row';
    row.setAttribute('aria-rowindex', String(i + 2));
    row.style.cssText = 'position:absolute;left:0;right:0;display:flex;top:' + i * st.h + 'px;height:' + st.h + 'px';
    const cell = (child, cls) => {
      const c = document.createElement('span');
      c.setAttribute('role', 'gridcell');
      if (cls) c.className = cls;
      if (typeof child === 'string') c.textContent = child; else c.append(child);
      row.append(c);
    };
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.setAttribute('aria-label', 'Select row ' + r.label);
    box.checked = st.selected.has(i);
    cell(box);
    cell(r.date);
    const a = document.createElement('a');
    a.setAttribute('href', r.href);
    a.textContent = r.label;
    cell(a);
    cell(r.type);
    cell(r.party);
    cell(r.amount, 'amount');
    return row;
  }
  function vRender(st) {
    const top = Math.floor(st.box.scrollTop / st.h);
    const from = Math.max(0, top - st.over);
    const to = Math.min(st.rows.length, top + st.view + st.over);
    for (const [i, el] of st.rendered) if (i < from || i >= to) { el.remove(); st.rendered.delete(i); }
    let next = null;
    for (let i = to - 1; i >= from; i--) {
      let el = st.rendered.get(i);
      if (!el) { el = vRow(st, i); st.body.insertBefore(el, next); st.rendered.set(i, el); }
      next = el;
    }
  }
  function vInit(root) {
    for (const grid of root.querySelectorAll('.ids-table')) {
      if (vstate.has(grid)) continue;
      const box = grid.querySelector('.ids-table__virtualized-container');
      const st = {
        grid, box, body: box.querySelector('.ids-table__body'),
        rows: JSON.parse(grid.querySelector('.ids-table__data').textContent),
        selected: new Set(), rendered: new Map(),
        h: Number(box.dataset.rowHeight), view: Number(box.dataset.viewRows), over: Number(box.dataset.overscan),
      };
      vstate.set(grid, st);
      vRender(st);
    }
  }
  function vClick(t) {
    const grid = t.closest('.ids-table');
    const st = grid && vstate.get(grid);
    if (!st || !t.matches('input[type="checkbox"]')) return false;
    if (t.matches('[data-select-all]')) {
      st.selected = t.checked ? new Set(st.rows.map((_, i) => i)) : new Set();
    } else {
      const i = Number(t.closest('[aria-rowindex]').getAttribute('aria-rowindex')) - 2;
      if (t.checked) st.selected.add(i); else st.selected.delete(i);
      grid.querySelector('input[data-select-all]').checked = st.selected.size === st.rows.length;
    }
    for (const [i, el] of st.rendered) el.querySelector('input[type="checkbox"]').checked = st.selected.has(i);
    return true;
  }
  function vCount(root) {
    const grid = root.querySelector('.ids-table');
    const st = grid && vstate.get(grid);
    return st ? st.selected.size : undefined;
  }
  function vScroll(e) {
    const t = e.target;
    if (!(t instanceof Element) || !t.matches('.ids-table__virtualized-container')) return;
    const st = vstate.get(t.closest('.ids-table'));
    if (st) vRender(st);
  }
`;
