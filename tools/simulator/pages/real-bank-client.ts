/**
 * The client script's part for the bank feed's evidence variants (`[data-bank-split]`,
 * real-bank-rows.ts; the classic page's is real-client.ts), inlined into CLIENT_SCRIPT's closure:
 * - tabs: a click on a `[data-testid^="segmentedBTN"]` shows that tab; no pressed state is written
 *   (none is seen on the real buttons), only an `--active` class and the tab's word in the address
 *   (`?tab=review|categorized|excluded`, or pending|posted), as the page's own state;
 * - the header table is swapped with the tab (Categorized adds "Added or Matched" and "Rule");
 * - virtualized: only the rows in view (plus overscan) are in `#table-body-main`'s tbody, each with
 *   its `aria-rowindex` (2 is the first data row) and `data-index` written as it is drawn;
 * - "Post" on a For review row takes the line off the list: the rows after it are renumbered, and
 *   ticks (kept by row index in the script's state) move with their rows;
 * - pages of the variant's size, "N selected" in `.idsBulkActions__count`, phantom buttons swapped on hover.
 * `bsInit(root)` after each render, `bsClick(target)` from the click listener (true when handled),
 * `bsScroll(event)` from the capturing scroll listener, `bsHover(event)` from mouseover.
 */
export const BANK_SPLIT_CLIENT = `
  const bsState = new WeakMap();
  function bsRender(st) {
    const rows = st.data.tabs[st.tab];
    const from0 = (st.page - 1) * st.size;
    const count = Math.max(0, Math.min(st.size, rows.length - from0));
    const top = Math.floor(st.box.scrollTop / st.h);
    const from = Math.max(0, top - st.over);
    const to = Math.min(count, top + st.view + st.over);
    let html = '<tr class="ids-table__spacer" aria-hidden="true" style="height:' + from * st.h + 'px"></tr>';
    for (let i = from; i < to; i++) {
      const n = from0 + i;
      html += rows[n].split('@RI@').join(String(n + 2)).split('@DI@').join(String(n));
    }
    html += '<tr class="ids-table__spacer" aria-hidden="true" style="height:' + (count - to) * st.h + 'px"></tr>';
    st.body.innerHTML = html;
    for (const box of st.body.querySelectorAll('tr.idsTable__row input[type="checkbox"]')) {
      box.checked = st.selected.has(Number(box.closest('tr').getAttribute('data-index')));
    }
    st.head.innerHTML = st.data.heads[st.tab];
    st.head.closest('table').setAttribute('aria-label', st.data.labels[st.tab]);
    const last = from0 + count;
    st.root.querySelector('.idsPagination__range').textContent = (count ? from0 + 1 : 0) + '-' + last + ' of ' + rows.length;
    st.root.querySelector('.idsPagination__prev').disabled = st.page === 1;
    st.root.querySelector('.idsPagination__next').disabled = last >= rows.length;
    for (const b of st.root.querySelectorAll('[data-testid^="segmentedBTN"]')) {
      b.textContent = st.data.labels[st.tabs[Number(b.getAttribute('data-testid').split('_')[1])]];
    }
    const n = st.selected.size;
    const counter = st.root.querySelector('.idsBulkActions__count');
    counter.textContent = n > 0 ? n + ' selected' : '';
    counter.hidden = n === 0;
  }
  function bsInit(root) {
    for (const el of root.querySelectorAll('[data-bank-split]')) {
      if (bsState.has(el)) continue;
      const box = el.querySelector('.ids-table__virtualized-container');
      const data = JSON.parse(el.querySelector('.bank-feed__data').textContent);
      const st = {
        root: el, box, data, tab: data.tab, page: 1, selected: new Set(), tabs: ['pending', 'posted', 'excluded'],
        head: el.querySelector('thead'), body: el.querySelector('#table-body-main tbody'),
        h: Number(box.dataset.rowHeight), view: Number(box.dataset.viewRows),
        over: Number(box.dataset.overscan), size: Number(box.dataset.pageSize),
      };
      bsState.set(el, st);
      bsRender(st);
    }
  }
  function bsClick(t) {
    const feed = t.closest('[data-bank-split]');
    const st = feed && bsState.get(feed);
    if (!st) return false;
    const tab = t.closest('[data-testid^="segmentedBTN"]');
    if (tab) {
      st.tab = st.tabs[Number(tab.getAttribute('data-testid').split('_')[1])];
      for (const b of feed.querySelectorAll('[data-testid^="segmentedBTN"]')) b.classList.toggle('idsSegmentedButton--active', b === tab);
      st.page = 1; st.selected = new Set(); st.box.scrollTop = 0;
      const url = new URL(location.href); url.searchParams.set('tab', st.data.words[st.tab]); history.replaceState(history.state, '', url);
    } else if (t.closest('.idsPagination__prev, .idsPagination__next')) {
      st.page += t.closest('.idsPagination__next') ? 1 : -1;
      st.box.scrollTop = 0;
    } else if (t.matches('thead input[type="checkbox"]')) {
      const from0 = (st.page - 1) * st.size;
      const n = Math.min(st.size, st.data.tabs[st.tab].length - from0);
      for (let i = 0; i < n; i++) if (t.checked) st.selected.add(from0 + i); else st.selected.delete(from0 + i);
    } else if (t.matches('tbody input[type="checkbox"]')) {
      const i = Number(t.closest('tr').getAttribute('data-index'));
      if (t.checked) st.selected.add(i); else st.selected.delete(i);
      const counter = st.root.querySelector('.idsBulkActions__count');
      counter.textContent = st.selected.size > 0 ? st.selected.size + ' selected' : '';
      counter.hidden = st.selected.size === 0;
      return true;
    } else if (st.tab === 'pending' && t.closest('td.action button:not([aria-haspopup])')) {
      const i = Number(t.closest('tr').getAttribute('data-index'));
      st.data.tabs.pending.splice(i, 1);
      st.selected = new Set([...st.selected].filter((n) => n !== i).map((n) => (n > i ? n - 1 : n)));
      const label = st.data.labels.pending;
      st.data.labels.pending = label.replace(/\\((\\d+)\\)/, (_, n) => '(' + (Number(n) - 1) + ')');
    } else return false;
    bsRender(st);
    return true;
  }
  function bsScroll(e) {
    const t = e.target;
    if (!(t instanceof Element) || !t.matches('.ids-table__virtualized-container')) return;
    const st = bsState.get(t.closest('[data-bank-split]'));
    if (st) bsRender(st);
  }
  function bsHover(e) {
    const row = e.target instanceof Element ? e.target.closest('[data-bank-split] tr.idsTable__row') : null;
    if (!row) return;
    for (const ph of row.querySelectorAll('button.idsButton--phantom')) {
      const real = document.createElement('button');
      real.type = 'button';
      real.className = 'idsButton idsButton--secondary';
      real.textContent = ph.textContent;
      ph.replaceWith(real);
    }
  }
`;
