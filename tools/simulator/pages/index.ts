/**
 * Look-alike pages of the web app (`/app/*`), served by the simulator so the content script can be
 * tested against realistic markup. NO page links a row to its own record: no public source shows a
 * `txnId` link on a list, register or bank-feed row (service-facts "The web app's pages"), so the
 * product must know each ticked row by what it shows. Registers, the Invoices, Sales and Expenses
 * lists and the bank feed follow the public evidence (real-pages.ts, real-*.ts); the other lists
 * (Bills, Sales receipts, Estimates, Purchase orders, Credit memos, a customer's and a vendor's page)
 * have no evidence of their own and share one look-alike shape (markup.ts: table rows or role=row
 * divs, 50 rows a page). Also: a hostile test page (`/app/sales?hostile=1`), a big page
 * (`/app/sales?rows=10000`) and a transaction page (`/app/<slug>?txnId=`, a deep link that exists).
 * `?fragment=1` answers only the main content, for client-side navigation.
 * Every page is served under a cluster prefix too (`/c28/app/invoices`: one 2025 source shows
 * `https://qbo.intuit.com/c28/app/homepage`); such a page's links keep its prefix (a guess: no public
 * source shows a prefixed page's links), and paging keeps `?jobId=` (newer navigation adds it).
 * Every page sets the cookie `qbo.currentcompanyid` from `deps.pageRealmId()` and names that company at
 * the top of its left navigation (`deps.companyName`; html.ts `shell`: the markup is a guess).
 */
import type { Context, Hono } from 'hono';
import { type Entity, entityFromSlug, isValidId } from '../service-names';
import { CLIENT_SCRIPT } from './client-script';
import { renderHostileRows } from './hostile';
import { esc, fragment, shell } from './html';
import { type RowOptions, renderPager, renderRows, type Variant } from './markup';
import { positiveInt } from './paging';
import { mountRealPages, REAL_LISTS, renderBankFeedPage } from './real-pages';
import { sortRecords } from './real-register';
import { accountIdsOf, type PageRecord, partyOf, toPageRow } from './view-rows';

export interface PagesDeps {
  pageRealmId(): string | undefined;
  /** The company's name the pages' header shows (CompanyInfo.CompanyName); undefined for an unknown company. */
  companyName?(realmId: string): string | undefined;
  records(realmId: string): { entity: Entity; json: Record<string, unknown> }[];
}

export const LIST_PAGE_SIZE = 50;
export const REGISTER_PAGE_SIZE = 300;
export const MAX_ROWS = 10_000;

/** The cluster prefix as a route segment: `c` and 1 to 3 digits without a leading zero (c1 … c999). */
const CLUSTER = '/:cluster{c[1-9][0-9]{0,2}}';

/** The page's cluster prefix (`/c28`), or '' for a plain `/app/…` address. */
export function clusterPrefix(url: URL): string {
  return /^(\/c[1-9][0-9]{0,2})\/app\//.exec(url.pathname)?.[1] ?? '';
}

export interface ListPage {
  path: string;
  title: string;
  /** The look-alike's row shape (markup.ts); none where an evidence-shaped page renders it (REAL_LISTS). */
  variant?: Variant;
  /** Query parameter the page needs (nameId, accountId); kept in paging links. */
  param?: string;
  /** The records this page lists, before sorting and paging. */
  select(all: PageRecord[], param: string | undefined): PageRecord[];
  options?: RowOptions;
  pageSize?: number;
}

const of =
  (...entities: Entity[]) =>
  (all: PageRecord[]) =>
    all.filter((r) => entities.includes(r.entity));
const where = (test: (r: PageRecord, param: string | undefined) => boolean) => (all: PageRecord[], param?: string) =>
  all.filter((r) => test(r, param));
const SALES = of('Invoice', 'SalesReceipt', 'Payment', 'CreditMemo', 'RefundReceipt', 'Estimate');
const EXPENSES = of('Purchase', 'Bill', 'BillPayment', 'VendorCredit', 'PurchaseOrder');

const CUSTOMER: RowOptions = { nameTitle: 'Customer' };
const PAYEE: RowOptions = { nameTitle: 'Payee' };

const party = (r: PageRecord, keys: string[], id: string | undefined) =>
  id !== undefined && keys.some((k) => k in r.json) && partyOf(r.json)?.value === id;

export const LIST_PAGES: ListPage[] = [
  { path: '/app/sales', title: 'Sales transactions', select: SALES },
  { path: '/app/invoices', title: 'Invoices', select: of('Invoice') },
  { path: '/app/expenses', title: 'Expense transactions', select: EXPENSES },
  { path: '/app/bills', title: 'Bills', variant: 'aria', select: of('Bill'), options: PAYEE },
  {
    path: '/app/salesreceipts',
    title: 'Sales receipts',
    variant: 'table',
    select: of('SalesReceipt'),
    options: CUSTOMER,
  },
  { path: '/app/estimates', title: 'Estimates', variant: 'aria', select: of('Estimate'), options: CUSTOMER },
  {
    path: '/app/purchaseorders',
    title: 'Purchase orders',
    variant: 'table',
    select: of('PurchaseOrder'),
    options: PAYEE,
  },
  { path: '/app/creditmemos', title: 'Credit memos', variant: 'table', select: of('CreditMemo'), options: CUSTOMER },
  {
    path: '/app/customerdetail',
    title: 'Customer',
    variant: 'aria',
    param: 'nameId',
    select: where((r, id) => party(r, ['CustomerRef'], id) || (r.entity === 'Purchase' && party(r, ['EntityRef'], id))),
  },
  {
    path: '/app/vendordetail',
    title: 'Vendor',
    variant: 'table',
    param: 'nameId',
    select: where((r, id) => party(r, ['VendorRef', 'EntityRef'], id)),
    options: PAYEE,
  },
  {
    path: '/app/register',
    title: 'Account register',
    param: 'accountId',
    pageSize: REGISTER_PAGE_SIZE,
    // A record belongs to a register when any of its ...AccountRef values is the account. If the
    // company's records carry no account references at all, every register shows every record.
    select: (all, id) => {
      const accounts = all.map((r) => accountIdsOf(r.json));
      if (!accounts.some((set) => set.size > 0)) return id === undefined ? [] : all;
      return all.filter((_, i) => id !== undefined && accounts[i]?.has(id));
    },
  },
];

function respond(c: Context, deps: PagesDeps, title: string, body: string, status: 200 | 404 = 200) {
  const realmId = deps.pageRealmId();
  if (realmId !== undefined) {
    c.header('Set-Cookie', `qbo.currentcompanyid=${encodeURIComponent(realmId)}; Path=/; SameSite=Lax`);
  }
  c.header('Cache-Control', 'no-store');
  const content = fragment(title, body);
  const isFragment = new URL(c.req.url).searchParams.get('fragment') === '1';
  const companyName = realmId === undefined ? undefined : deps.companyName?.(realmId);
  return c.html(isFragment ? content : shell({ title, main: content, script: CLIENT_SCRIPT, companyName }), status);
}

function renderList(page: ListPage, deps: PagesDeps, url: URL): string {
  const q = url.searchParams;
  const realmId = deps.pageRealmId();
  if (realmId === undefined) return '<p class="empty">No company is open.</p>';
  const param = page.param ? (q.get(page.param) ?? undefined) : undefined;
  if (page.param && param === undefined) return `<p class="empty">Missing ${esc(page.param)}.</p>`;
  const all = deps.records(realmId);
  const selected = page.select(all, param);
  const prefix = clusterPrefix(url);
  const pageSize = positiveInt(q.get('rows'), page.pageSize ?? LIST_PAGE_SIZE, MAX_ROWS);
  const pageNo = positiveInt(q.get('page'), 1);
  const hrefFor = (n: number) => {
    const next = new URLSearchParams();
    for (const key of [page.param, 'rows', 'hostile', 'jobId', 'columns', 'rowIds', 'addRow']) {
      const v = key ? q.get(key) : null;
      if (key && v !== null) next.set(key, v);
    }
    next.set('page', String(n));
    return `${prefix}${page.path}?${next}`;
  };
  const hostile = q.get('hostile') === '1';
  const real = hostile ? undefined : REAL_LISTS[page.path];
  if (real) return real({ records: selected, all, param, pager: { page: pageNo, pageSize, hrefFor }, url });
  const rows = sortRecords(selected);
  const slice = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  const table = hostile
    ? renderHostileRows(slice)
    : renderRows(page.variant ?? 'table', slice, { ...page.options, prefix });
  const pager = renderPager({ page: pageNo, pageSize, total: rows.length, hrefFor });
  return `${table}${pager}`;
}

function renderTransaction(deps: PagesDeps, slug: string, url: URL): string | undefined {
  const entity = entityFromSlug(slug);
  const id = url.searchParams.get('txnId');
  const realmId = deps.pageRealmId();
  if (!entity || !isValidId(id) || realmId === undefined) return undefined;
  const record = deps.records(realmId).find((r) => r.entity === entity && r.json.Id === id);
  if (!record) return undefined;
  const row = toPageRow(record);
  const fields: [string, string][] = [
    ['Type', row.type],
    ['Id', row.id],
    ['Date', row.date],
    ['No.', row.no],
    ['Customer/Payee', row.party],
    ['Amount', row.amount],
    ['Memo', row.memo],
  ];
  const dl = fields.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('');
  return `<dl class="txn-detail">${dl}</dl><p><a data-nav href="${clusterPrefix(url)}/app/sales">Back to sales</a></p>`;
}

export function mountPages(app: Hono, deps: PagesDeps): void {
  for (const page of LIST_PAGES) {
    for (const path of [page.path, `${CLUSTER}${page.path}`]) {
      app.get(path, (c) => respond(c, deps, page.title, renderList(page, deps, new URL(c.req.url))));
    }
  }
  mountRealPages(app, deps, { cluster: CLUSTER, pages: LIST_PAGES, respond });
  app.on('GET', ['/app/banking', `${CLUSTER}/app/banking`], (c) => {
    const realmId = deps.pageRealmId();
    const url = new URL(c.req.url);
    const body =
      realmId === undefined
        ? '<p class="empty">No company is open.</p>'
        : renderBankFeedPage(deps.records(realmId), realmId, url);
    return respond(c, deps, 'Banking', body);
  });
  app.on('GET', ['/app/:slug', `${CLUSTER}/app/:slug`], (c) => {
    const body = renderTransaction(deps, c.req.param('slug'), new URL(c.req.url));
    return body === undefined
      ? respond(c, deps, 'Not found', '<p class="empty">This transaction is not available.</p>', 404)
      : respond(c, deps, 'Transaction', body);
  });
}
