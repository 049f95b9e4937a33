/**
 * HTML helpers for the look-alike pages: every value that reaches markup goes through `esc`.
 * No templating dependency: plain template strings, escaped at each interpolation.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text and attribute values (attributes are always double-quoted here). */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

export interface ShellOptions {
  title: string;
  /** Already-escaped main content (a fragment: what `?fragment=1` returns). */
  main: string;
  script: string;
  /**
   * The open company's name (CompanyInfo.CompanyName): shown at the top of the left navigation, as
   * the web app names it there and on its header's company menu. The markup is a guess (no public
   * source shows it): a `company-name` class and test id.
   */
  companyName?: string;
}

const NAV: [string, string][] = [
  ['/app/sales', 'Sales'],
  ['/app/invoices', 'Invoices'],
  ['/app/salesreceipts', 'Sales receipts'],
  ['/app/estimates', 'Estimates'],
  ['/app/creditmemos', 'Credit memos'],
  ['/app/expenses', 'Expenses'],
  ['/app/bills', 'Bills'],
  ['/app/purchaseorders', 'Purchase orders'],
  ['/app/register?accountId=35', 'Checking register'],
  ['/app/banking', 'Banking'],
];

/** The whole document: a static left nav (the company's name on top) plus `#app-main`, which client navigation swaps. */
export function shell({ title, main, script, companyName }: ShellOptions): string {
  const nav = NAV.map(([href, label]) => `<li><a data-nav href="${esc(href)}">${esc(label)}</a></li>`).join('');
  const company =
    companyName === undefined ? '' : `<div class="company-name" data-testid="company-name">${esc(companyName)}</div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;display:flex;margin:0}nav{width:12rem;padding:1rem;background:#f4f5f8}
main{flex:1;padding:1rem}.company-name{font-weight:bold;margin-bottom:.5rem}table,.grid{border-collapse:collapse;width:100%}td,th,[role=cell],[role=columnheader]{padding:.25rem .5rem;border-bottom:1px solid #ddd}
[role=row]{display:flex}[role=row]>*{flex:1}[role=checkbox]{display:inline-block;width:1em;height:1em;border:1px solid #333;cursor:pointer}
[role=checkbox][aria-checked=true]{background:#2ca01c}.dgrid-row-table{width:100%}</style></head>
<body><nav aria-label="Main">${company}<ul>${nav}</ul></nav>
<main id="app-main">${main}</main>
<script>${script}</script></body></html>`;
}

/** Wraps a page's content so client navigation can also update the document title. */
export function fragment(title: string, body: string): string {
  return `<div class="page" data-title="${esc(title)}"><h1>${esc(title)}</h1>${body}</div>`;
}
