/**
 * The `linked` look-alike markup (the simulator's default `pageMarkup`), NOT evidence-backed: every row
 * here links its record, `/app/<slug>?txnId=<Id>`, and no public source shows such a link on a list or
 * register row (service-facts "The web app's pages"). It is kept for the tests of the link path (a
 * link, where a page has one, must be read exactly); the evidence-shaped pages are real-*.ts. Three
 * row shapes, so the collector is tested against each:
 * - `table`: `<table><tr>` with native `<input type=checkbox>` (and a select-all in the header);
 * - `aria`: `role="row"` divs with `role="checkbox" aria-checked` custom checkboxes;
 * - `dgrid`: the account register's older grid, `.dgrid-row` divs wrapping a presentation table,
 *   WITHOUT checkboxes.
 * List pages with checkboxes show the app's own "N selected" counter (SELECTED_COUNTER), which the
 * client script keeps up to date; hidden while nothing is ticked.
 * Every interpolated value is escaped with `esc`.
 */
import { esc } from './html';
import type { PageRow } from './view-rows';

export type Variant = 'table' | 'aria' | 'dgrid';

export interface RowOptions {
  /** Writes `/app/<slug>?&txnId=<Id>` (one real page does). */
  ampersandQuirk?: boolean;
  /** The page's cluster prefix (`/c28`, or ''): a page served under `/c28/app/…` links under it (a guess). */
  prefix?: string;
}

export function txnHref(row: Pick<PageRow, 'slug' | 'id'>, options: RowOptions = {}): string {
  return `${options.prefix ?? ''}/app/${encodeURIComponent(row.slug)}?${options.ampersandQuirk ? '&' : ''}txnId=${encodeURIComponent(row.id)}`;
}

function tableRow(row: PageRow, href: string): string {
  return `<tr class="txn-row" data-testid="txn-row"><td><input type="checkbox" aria-label="Select row ${esc(row.no || row.id)}"></td><td>${esc(row.date)}</td><td>${esc(row.type)}</td><td><a href="${esc(href)}">${esc(row.no || row.id)}</a></td><td>${esc(row.party)}</td><td class="amount">${esc(row.amount)}</td></tr>`;
}

function ariaRow(row: PageRow, href: string): string {
  return `<div role="row" class="grid-row"><span role="gridcell"><span role="checkbox" aria-checked="false" tabindex="0" aria-label="Select row ${esc(row.no || row.id)}"></span></span><span role="gridcell">${esc(row.date)}</span><span role="gridcell">${esc(row.type)}</span><span role="gridcell">${esc(row.no)}</span><span role="gridcell">${esc(row.party)}</span><span role="gridcell" class="amount">${esc(row.amount)}</span><span role="gridcell"><a href="${esc(href)}">View</a></span></div>`;
}

function dgridRow(row: PageRow, href: string, index: number): string {
  const parity = index % 2 === 0 ? 'dgrid-row-even' : 'dgrid-row-odd';
  return `<div role="row" class="dgrid-row ${parity} ui-state-default"><table class="dgrid-row-table" role="presentation"><tr><td class="dgrid-cell field-date">${esc(row.date)}</td><td class="dgrid-cell field-refno"><a href="${esc(href)}">${esc(row.no || row.id)}</a></td><td class="dgrid-cell field-type">${esc(row.type)}</td><td class="dgrid-cell field-payee">${esc(row.party)}</td><td class="dgrid-cell field-memo">${esc(row.memo)}</td><td class="dgrid-cell field-amount">${esc(row.amount)}</td></tr></table></div>`;
}

/** The bulk-action bar's counter ("3 selected"), empty and hidden while nothing is ticked. */
export const SELECTED_COUNTER =
  '<div class="bulk-actions" role="status" aria-live="polite"><span class="selected-count" hidden></span></div>';

export function renderRows(variant: Variant, rows: PageRow[], options: RowOptions = {}): string {
  const hrefs = rows.map((r) => txnHref(r, options));
  switch (variant) {
    case 'table':
      return `${SELECTED_COUNTER}<table class="txn-table" aria-label="Transactions"><thead><tr><th><input type="checkbox" data-select-all aria-label="Select all rows"></th><th>Date</th><th>Type</th><th>No.</th><th>Customer/Payee</th><th>Amount</th></tr></thead><tbody>${rows.map((r, i) => tableRow(r, hrefs[i] ?? '')).join('')}</tbody></table>`;
    case 'aria':
      return `${SELECTED_COUNTER}<div role="grid" class="grid" aria-label="Transactions"><div role="rowgroup"><div role="row" class="grid-header"><span role="columnheader"></span><span role="columnheader">Date</span><span role="columnheader">Type</span><span role="columnheader">No.</span><span role="columnheader">Customer/Payee</span><span role="columnheader">Amount</span><span role="columnheader">Action</span></div></div><div role="rowgroup">${rows.map((r, i) => ariaRow(r, hrefs[i] ?? '')).join('')}</div></div>`;
    case 'dgrid':
      return `<div class="dgrid dgrid-grid ui-widget" role="grid" aria-label="Register"><div class="dgrid-header dgrid-header-row" role="row"><table class="dgrid-row-table" role="presentation"><tr><th class="dgrid-cell">Date</th><th class="dgrid-cell">Ref No.</th><th class="dgrid-cell">Type</th><th class="dgrid-cell">Payee</th><th class="dgrid-cell">Memo</th><th class="dgrid-cell">Amount</th></tr></table></div><div class="dgrid-scroller"><div class="dgrid-content">${rows.map((r, i) => dgridRow(r, hrefs[i] ?? '', i)).join('')}</div></div></div>`;
  }
}

export interface PagerOptions {
  page: number;
  pageSize: number;
  total: number;
  /** Builds the link of another page. */
  hrefFor(page: number): string;
}

/** "51-100 of 230" with previous/next links (client-side navigation links). */
export function renderPager({ page, pageSize, total, hrefFor }: PagerOptions): string {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const prev = page > 1 ? `<a data-nav rel="prev" href="${esc(hrefFor(page - 1))}">Previous</a>` : '';
  const next = page < pages ? `<a data-nav rel="next" href="${esc(hrefFor(page + 1))}">Next</a>` : '';
  return `<nav class="pager" aria-label="Pages">${prev} <span class="pager-range">${first}-${last} of ${total}</span> ${next}</nav>`;
}
