/**
 * The client script's part for the real-markup pages (inlined into CLIENT_SCRIPT's closure):
 * - registers: a click on a `.dgrid-row` (not on a control inside it: the extension's own checkbox
 *   stays a checkbox, a guess) opens the inline editor below the row, a row-level form with a Delete
 *   button `[data-automation-id="button-delete"]` that does nothing, as the simulator deletes nothing
 *   from a page; Cancel closes it;
 * - the Invoices, Sales and Expenses lists: "View/Edit …" is a button: the script goes to
 *   `/app/<list>/view?row=<index>` with the page's own parameters (the server redirects to the
 *   record); the header's box ticks the rows;
 * - the bank feed (real-bank-feed.ts): tabs, paging, virtualization inside a page, ticks kept by row
 *   index in the script's state (so rows rendered again stay ticked), "N selected", phantom buttons
 *   swapped for real ones on hover.
 * `rClick(target)` returns true when it handled the click; `rInit(root)` after each render;
 * `rScroll(event)` from the capturing scroll listener; `rHover(event)` from mouseover.
 */
export const REAL_CLIENT = `
  const bstate = new WeakMap();
  function rEditor(row) {
    for (const open of document.querySelectorAll('.dgrid-row-editor')) open.remove();
    const cells = [...row.querySelectorAll('td')].map((c) => c.textContent.trim());
    const form = document.createElement('form');
    form.className = 'dgrid-row-editor register-edit-row';
    form.setAttribute('aria-label', 'Edit transaction');
    for (const [label, value] of [['Date', cells[0]], ['Ref No.', cells[1]], ['Memo', cells[3]]]) {
      const input = document.createElement('input');
      input.type = 'text';
      input.value = value || '';
      input.setAttribute('aria-label', label);
      form.append(input);
    }
    for (const [name, auto] of [['Cancel', 'button-cancel'], ['Edit', 'button-edit'], ['Delete', 'button-delete'], ['Save', 'button-save']]) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = name;
      b.setAttribute('data-automation-id', auto);
      form.append(b);
    }
    row.after(form);
  }
  function bRender(st) {
    const rows = st.data.tabs[st.tab];
    const from0 = (st.page - 1) * st.size;
    const count = Math.max(0, Math.min(st.size, rows.length - from0));
    const top = Math.floor(st.box.scrollTop / st.h);
    const from = Math.max(0, top - st.over);
    const to = Math.min(count, top + st.view + st.over);
    let html = '<tr class="ids-table__spacer" aria-hidden="true" style="height:' + from * st.h + 'px"></tr>';
    for (let i = from; i < to; i++) html += rows[from0 + i];
    html += '<tr class="ids-table__spacer" aria-hidden="true" style="height:' + (count - to) * st.h + 'px"></tr>';
    st.body.innerHTML = html;
    for (const box of st.body.querySelectorAll('input[type="checkbox"]')) {
      box.checked = st.selected.has(Number(box.closest('tr').getAttribute('aria-rowindex')) - 2);
    }
    const last = from0 + count;
    st.root.querySelector('.idsPagination__range').textContent = (count ? from0 + 1 : 0) + '-' + last + ' of ' + rows.length;
    st.root.querySelector('.idsPagination__prev').disabled = st.page === 1;
    st.root.querySelector('.idsPagination__next').disabled = last >= rows.length;
    st.table.setAttribute('aria-label', st.data.labels[st.tab]);
    st.table.setAttribute('aria-rowcount', String(rows.length + 1));
    bCount(st);
  }
  function bCount(st) {
    const n = st.selected.size;
    const counter = st.root.querySelector('.idsBulkActions__count');
    counter.textContent = n > 0 ? n + ' selected' : '';
    counter.hidden = n === 0;
  }
  function rInit(root) {
    for (const el of root.querySelectorAll('[data-bank-feed]')) {
      if (bstate.has(el)) continue;
      const box = el.querySelector('.ids-table__virtualized-container');
      const data = JSON.parse(el.querySelector('.bank-feed__data').textContent);
      const st = {
        root: el, box, data, tab: data.tab, page: 1, selected: new Set(),
        table: el.querySelector('table.idsTable'), body: el.querySelector('#table-body-main'),
        h: Number(box.dataset.rowHeight), view: Number(box.dataset.viewRows),
        over: Number(box.dataset.overscan), size: Number(box.dataset.pageSize),
      };
      bstate.set(el, st);
      bRender(st);
    }
  }
  function rClick(t) {
    const feed = t.closest('[data-bank-feed]');
    const st = feed && bstate.get(feed);
    if (st) {
      const tab = t.closest('[data-testid^="segmentedBTN"]');
      if (tab) {
        st.tab = tab.getAttribute('data-testid').replace('segmentedBTN-', '');
        for (const b of feed.querySelectorAll('[data-testid^="segmentedBTN"]')) b.setAttribute('aria-pressed', String(b === tab));
        st.page = 1; st.selected = new Set(); st.box.scrollTop = 0;
        const url = new URL(location.href); url.searchParams.set('tab', st.tab); history.replaceState(history.state, '', url);
      } else if (t.closest('.idsPagination__prev, .idsPagination__next')) {
        st.page += t.closest('.idsPagination__next') ? 1 : -1;
        st.box.scrollTop = 0;
      } else if (t.matches('thead input[type="checkbox"]')) {
        const from0 = (st.page - 1) * st.size;
        const n = Math.min(st.size, st.data.tabs[st.tab].length - from0);
        for (let i = 0; i < n; i++) if (t.checked) st.selected.add(from0 + i); else st.selected.delete(from0 + i);
      } else if (t.matches('tbody input[type="checkbox"]')) {
        const i = Number(t.closest('tr').getAttribute('aria-rowindex')) - 2;
        if (t.checked) st.selected.add(i); else st.selected.delete(i);
        bCount(st);
        return true;
      } else return false;
      bRender(st);
      return true;
    }
    const table = t.closest('table.idsTable');
    if (table && t.matches('thead input[type="checkbox"]')) {
      for (const box of table.querySelectorAll('tbody input[type="checkbox"]')) box.checked = t.checked;
      return true;
    }
    const button = t.closest('tr.idsTable__row button');
    if (table && button && button.textContent.trim().startsWith('View/Edit')) {
      const url = new URL(location.href);
      url.pathname = url.pathname.replace(/\\/app\\/(invoices|sales|expenses)$/, '/app/$1/view');
      url.searchParams.delete('fragment');
      url.searchParams.set('row', button.closest('tr').getAttribute('data-row-index'));
      location.assign(url);
      return true;
    }
    if (t.closest('.dgrid-row-editor [data-automation-id="button-cancel"]')) {
      t.closest('.dgrid-row-editor').remove();
      return true;
    }
    const row = t.closest('#dgrid_0 .dgrid-row');
    if (row && !row.classList.contains('register-add-row') && !t.closest('input, label, button, a, select')) {
      rEditor(row);
      return true;
    }
    return false;
  }
  function rScroll(e) {
    const t = e.target;
    if (!(t instanceof Element) || !t.matches('.ids-table__virtualized-container')) return;
    const st = bstate.get(t.closest('[data-bank-feed]'));
    if (st) bRender(st);
  }
  function rHover(e) {
    const row = e.target instanceof Element ? e.target.closest('[data-bank-feed] tr.idsTable__row') : null;
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
