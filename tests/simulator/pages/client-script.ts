/**
 * The inline script of the look-alike pages: single-page-app behaviour like the real web app.
 * Clicks on `a[data-nav]` fetch `?fragment=1`, swap `#app-main` and `history.pushState` (no reload).
 * The URL changes first and the content arrives later, as in the real app, so a collector must
 * follow DOM changes, not only location changes. Custom checkboxes flip `aria-checked`; the header's
 * select-all sets `.checked` on every row box (no attribute change, no change event: like the real app).
 */
export const CLIENT_SCRIPT = `(() => {
  const main = () => document.getElementById('app-main');
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
    const page = main().querySelector('[data-title]');
    if (page) document.title = page.getAttribute('data-title');
    window.scrollTo(0, 0);
  }
  document.addEventListener('click', (e) => {
    const t = e.target instanceof Element ? e.target : null;
    const box = t && t.closest('[role="checkbox"]');
    if (box) {
      box.setAttribute('aria-checked', box.getAttribute('aria-checked') === 'true' ? 'false' : 'true');
      return;
    }
    if (t && t.matches('input[data-select-all]')) {
      const table = t.closest('table');
      for (const box of table ? table.querySelectorAll('tbody input[type="checkbox"]') : []) box.checked = t.checked;
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
  window.addEventListener('popstate', () => go(location.href, false));
})();`;
