/**
 * The inline script of the look-alike pages: single-page-app behaviour like the real web app.
 * Clicks on `a[data-nav]` fetch `?fragment=1`, swap `#app-main` and `history.pushState` (no reload).
 * The URL changes first and the content arrives later, as in the real app, so a collector must
 * follow DOM changes, not only location changes. Custom checkboxes flip `aria-checked` (a keydown of
 * Space or Enter calls `click()` on them); the header's select-all sets `.checked` on every row box
 * (no attribute change, no change event: like the real app). The "N selected" counter follows every
 * tick. Virtualized lists (`/app/banking`) render their rows as they scroll (virtual-list.ts); the
 * real-markup pages' behaviour (register editor, View/Edit buttons, the bank feed) is real-client.ts,
 * the bank feed's evidence variants' real-bank-client.ts.
 */
import { BANK_SPLIT_CLIENT } from './real-bank-client';
import { REAL_CLIENT } from './real-client';
import { VIRTUAL_LIST_CLIENT } from './virtual-list';

export const CLIENT_SCRIPT = `(() => {
  const main = () => document.getElementById('app-main');
  ${VIRTUAL_LIST_CLIENT}
  ${REAL_CLIENT}
  ${BANK_SPLIT_CLIENT}
  function updateCounter() {
    const counter = main().querySelector('.selected-count');
    if (!counter) return;
    let n = vCount(main());
    if (n === undefined) {
      n = main().querySelectorAll('.grid-row [role="checkbox"][aria-checked="true"]').length;
      for (const box of main().querySelectorAll('tbody input[type="checkbox"]')) if (box.checked) n++;
    }
    counter.textContent = n > 0 ? n.toLocaleString('en-US') + ' selected' : '';
    counter.hidden = n === 0;
  }
  let seq = 0;
  async function go(href, push) {
    const url = new URL(href, location.href);
    if (push) history.pushState({}, '', url);
    const mine = ++seq;
    const frag = new URL(url);
    frag.searchParams.set('fragment', '1');
    const res = await fetch(frag, { credentials: 'same-origin' });
    if (!res.ok) { location.assign(url); return; }
    const html = await res.text();
    if (mine !== seq) return;
    main().innerHTML = html;
    vInit(main());
    rInit(main());
    bsInit(main());
    const page = main().querySelector('[data-title]');
    if (page) document.title = page.getAttribute('data-title');
    window.scrollTo(0, 0);
  }
  document.addEventListener('click', (e) => {
    const t = e.target instanceof Element ? e.target : null;
    if (t && (bsClick(t) || rClick(t))) return;
    if (t && vClick(t)) {
      updateCounter();
      return;
    }
    const box = t && t.closest('[role="checkbox"]');
    if (box) {
      box.setAttribute('aria-checked', box.getAttribute('aria-checked') === 'true' ? 'false' : 'true');
      updateCounter();
      return;
    }
    if (t && t.matches('input[data-select-all]')) {
      const table = t.closest('table');
      for (const box of table ? table.querySelectorAll('tbody input[type="checkbox"]') : []) box.checked = t.checked;
      updateCounter();
      return;
    }
    if (t && t.matches('input[type="checkbox"]')) {
      updateCounter();
      return;
    }
    const a = t && t.closest('a[data-nav]');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (a.origin !== location.origin) return;
    e.preventDefault();
    go(a.href, true);
  });
  document.addEventListener('keydown', (e) => {
    const t = e.target instanceof Element ? e.target : null;
    if (t && t.getAttribute('role') === 'checkbox' && (e.key === ' ' || e.key === 'Enter')) {
      e.preventDefault();
      t.click();
    }
  });
  document.addEventListener('scroll', vScroll, true);
  document.addEventListener('scroll', rScroll, true);
  document.addEventListener('scroll', bsScroll, true);
  document.addEventListener('mouseover', rHover);
  document.addEventListener('mouseover', bsHover);
  window.addEventListener('popstate', () => go(location.href, false));
  vInit(document);
  rInit(document);
  bsInit(document);
})();`;
