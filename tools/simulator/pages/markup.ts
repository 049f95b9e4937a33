/**
 * The look-alike list pages that have no evidence-shaped variant of their own (Bills, Sales receipts,
 * Estimates, Purchase orders, Credit memos, a customer's and a vendor's page). Like every page the
 * simulator serves, NO row links its own record: no public source shows a `txnId` link on a list or
 * register row (service-facts "The web app's pages"), so a reader must know each row by what it
 * shows. The links a row does hold are the ones the evidence shows: the customer's name links their
 * page (`/app/customerdetail?nameId=`, a deep link that exists) and an invoice's status links its
 * payment (a RELATED record, real-invoices.ts), which a reader must never take for the row's Id.
 * Two row shapes, so the collector is tested against each:
 * - `table`: `<table><tr>` with native `<input type=checkbox>` (and a select-all in the header);
 * - `aria`: `role="row"` divs with `role="checkbox" aria-checked` custom checkboxes.
 * Columns: Date · Type · No. · Customer / Payee / Name · Memo · Amount · Status, the titles the
 * evidence lists; dates, money and type names as the evidence-shaped pages show them (real-fields.ts).
 * List pages show the app's own "N selected" counter (SELECTED_COUNTER), which the client script
 * keeps up to date; hidden while nothing is ticked (no evidence either way).
 * Every interpolated value is escaped with `esc`.
 */
import { esc } from './html';
import { amountOf, memoOf, nameOf, numberOf, showDate, showMoney, typeName } from './real-fields';
import { invoiceStatus } from './real-invoices';
import type { PageRecord, PageRow } from './view-rows';

export type Variant = 'table' | 'aria';

/** Whose name the list shows: its column's title. */
export type NameTitle = 'Customer' | 'Payee' | 'Name';

export interface RowOptions {
  /** The page's cluster prefix (`/c28`, or ''): a page served under `/c28/app/…` links under it (a guess). */
  prefix?: string;
  /** The name column's title (default Name). */
  nameTitle?: NameTitle;
}

/** A deep link to a record's own page (the transaction page, the redirect of a list's View/Edit). */
export function txnHref(row: Pick<PageRow, 'slug' | 'id'>, options: { prefix?: string } = {}): string {
  return `${options.prefix ?? ''}/app/${encodeURIComponent(row.slug)}?txnId=${encodeURIComponent(row.id)}`;
}

/** The name cell: a customer's name links their page (a deep link that exists); any other name is text. */
function nameCell({ json }: PageRecord, prefix: string): string {
  const name = nameOf(json);
  const customer = json.CustomerRef as { value?: unknown } | undefined;
  if (name === '' || typeof customer?.value !== 'string') return esc(name);
  return `<a class="name-link" href="${esc(`${prefix}/app/customerdetail?nameId=${encodeURIComponent(customer.value)}`)}">${esc(name)}</a>`;
}

/** An invoice's status (and its payment's link) as the Invoices list shows it; other types none. */
function statusCell(record: PageRecord, prefix: string): string {
  return record.entity === 'Invoice' ? invoiceStatus(record.json, prefix) : '';
}

function cellsOf(record: PageRecord, prefix: string): string[] {
  const { json } = record;
  return [
    esc(showDate(json.TxnDate)),
    esc(typeName(record)),
    esc(numberOf(json)),
    nameCell(record, prefix),
    esc(memoOf(json)),
    esc(showMoney(amountOf(json))),
    statusCell(record, prefix),
  ];
}

const label = (record: PageRecord) => `Select row ${numberOf(record.json) || showDate(record.json.TxnDate)}`;

function tableRow(record: PageRecord, prefix: string): string {
  const cells = cellsOf(record, prefix).map((c, i) => `<td${i === 5 ? ' class="amount"' : ''}>${c}</td>`);
  return `<tr class="txn-row" data-testid="txn-row"><td><input type="checkbox" aria-label="${esc(label(record))}"></td>${cells.join('')}</tr>`;
}

function ariaRow(record: PageRecord, prefix: string): string {
  const cells = cellsOf(record, prefix).map(
    (c, i) => `<span role="gridcell"${i === 5 ? ' class="amount"' : ''}>${c}</span>`,
  );
  return `<div role="row" class="grid-row"><span role="gridcell"><span role="checkbox" aria-checked="false" tabindex="0" aria-label="${esc(label(record))}"></span></span>${cells.join('')}</div>`;
}

/** The bulk-action bar's counter ("3 selected"), empty and hidden while nothing is ticked. */
export const SELECTED_COUNTER =
  '<div class="bulk-actions" role="status" aria-live="polite"><span class="selected-count" hidden></span></div>';

const titles = (nameTitle: NameTitle) => ['Date', 'Type', 'No.', nameTitle, 'Memo', 'Amount', 'Status'];

/** The page's rows (already sorted and sliced) in the list's shape. */
export function renderRows(variant: Variant, rows: PageRecord[], options: RowOptions = {}): string {
  const prefix = options.prefix ?? '';
  const heads = titles(options.nameTitle ?? 'Name');
  switch (variant) {
    case 'table':
      return `${SELECTED_COUNTER}<table class="txn-table" aria-label="Transactions"><thead><tr><th><input type="checkbox" data-select-all aria-label="Select all rows"></th>${heads.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => tableRow(r, prefix)).join('')}</tbody></table>`;
    case 'aria':
      return `${SELECTED_COUNTER}<div role="grid" class="grid" aria-label="Transactions"><div role="rowgroup"><div role="row" class="grid-header"><span role="columnheader"></span>${heads.map((h) => `<span role="columnheader">${h}</span>`).join('')}</div></div><div role="rowgroup">${rows.map((r) => ariaRow(r, prefix)).join('')}</div></div>`;
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
