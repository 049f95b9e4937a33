/**
 * The real-markup pages' wiring (`?markup=real`, or the simulator's `pageMarkup: 'real'`): which list
 * page renders how (REAL_LISTS: registers, Invoices, Sales, Expenses; the other list pages keep the
 * linked markup, which no public source backs), the bank feed, and `/app/<list>/view?row=N`, where a
 * list's View/Edit button goes: the server finds the row's record from the same listing and
 * redirects to it, so the list's DOM never holds the row's Id.
 */
import type { Context, Hono } from 'hono';
import { esc } from './html';
import type { ListPage, PagesDeps } from './index';
import type { PagerOptions } from './markup';
import { positiveInt } from './paging';
import { BANK_VIEW_ROWS, type BankTab, renderRealBankFeed } from './real-bank-feed';
import { tabOfWord, variantOf } from './real-bank-rows';
import { renderRealInvoices } from './real-invoices';
import { type RealList, renderRealList } from './real-lists';
import { registerModes, renderRealRegister, sortRecords } from './real-register';
import { accountIdsOf, type PageRecord, slugFor } from './view-rows';

interface RealListInput {
  records: PageRecord[];
  all: PageRecord[];
  param: string | undefined;
  pager: Omit<PagerOptions, 'total'>;
  /** The page's address: its modes (`?columns=`, …) and cluster prefix. */
  url: URL;
}

const prefixOf = (url: URL) => /^(\/c[1-9][0-9]{0,2})\/app\//.exec(url.pathname)?.[1] ?? '';

/** A list page: its rows sorted as the web app sorts them, sliced to the page, and its pager. */
const listPage =
  (render: (rows: PageRecord[], prefix: string) => string) =>
  ({ records, pager, url }: RealListInput): string => {
    const from = (pager.page - 1) * pager.pageSize;
    const rows = sortRecords(records).slice(from, from + pager.pageSize);
    const pages = Math.max(1, Math.ceil(records.length / pager.pageSize));
    const prev =
      pager.page > 1 ? `<a data-nav rel="prev" href="${esc(pager.hrefFor(pager.page - 1))}">Previous</a> ` : '';
    const next =
      pager.page < pages ? ` <a data-nav rel="next" href="${esc(pager.hrefFor(pager.page + 1))}">Next</a>` : '';
    const range = `${records.length === 0 ? 0 : from + 1}-${Math.min(records.length, from + pager.pageSize)} of ${records.length}`;
    return `${render(rows, prefixOf(url))}<nav class="pager" aria-label="Pages">${prev}<span class="pager-range">${range}</span>${next}</nav>`;
  };

export const REAL_LISTS: Record<string, (input: RealListInput) => string> = {
  '/app/register': ({ records, all, param, pager, url }) =>
    renderRealRegister({ records, all, accountId: param ?? '', pager, modes: registerModes(url.searchParams) }),
  '/app/invoices': listPage(renderRealInvoices),
  '/app/sales': listPage((rows, prefix) => renderRealList('sales', rows, prefix)),
  '/app/expenses': listPage((rows, prefix) => renderRealList('expenses', rows, prefix)),
};

/** The lists whose View/Edit goes through `/app/<list>/view?row=N`. */
const VIEW_LISTS: ('invoices' | RealList)[] = ['invoices', 'sales', 'expenses'];

/**
 * The bank feed of `?accountId=` (default 35, the seeded Checking account), in the variant `?feed=`
 * names (real-bank-rows.ts), tab from `?tab=` (pending, posted, excluded, or review, categorized),
 * `?inView=N` rows in view (10; the bench draws a whole page of 300 at once); in the split variants
 * `?view=accountant|business` and `?actions=phantom|combolink` pick the match and action markup.
 */
export function renderBankFeedPage(all: PageRecord[], realmId: string, url: URL): string {
  const accountId = url.searchParams.get('accountId') ?? '35';
  const tab: BankTab = tabOfWord(url.searchParams.get('tab')) ?? 'pending';
  const variant = variantOf(
    url.searchParams.get('feed'),
    url.searchParams.get('view'),
    url.searchParams.get('actions'),
  );
  const posted = all.filter((r) => accountIdsOf(r.json).has(accountId));
  const newest = all.map((r) => String(r.json.TxnDate ?? '')).reduce((a, b) => (b > a ? b : a), '2025-12-31');
  const inView = positiveInt(url.searchParams.get('inView'), BANK_VIEW_ROWS, 300);
  return renderRealBankFeed({ realmId, posted, accountId, tab, newest, variant, inView });
}

interface MountOptions {
  cluster: string;
  pages: ListPage[];
  respond(c: Context, deps: PagesDeps, title: string, body: string, status?: 200 | 404): Response;
}

export function mountRealPages(app: Hono, deps: PagesDeps, { cluster, pages, respond }: MountOptions): void {
  for (const list of VIEW_LISTS) {
    const page = pages.find((p) => p.path === `/app/${list}`);
    app.on('GET', [`/app/${list}/view`, `${cluster}/app/${list}/view`], (c) => {
      const url = new URL(c.req.url);
      const q = url.searchParams;
      const realmId = deps.pageRealmId();
      const raw = q.get('row');
      const row = raw !== null && /^[0-9]{1,5}$/.test(raw) ? Number(raw) : -1;
      const missing = () => respond(c, deps, 'Not found', '<p class="empty">This record is not available.</p>', 404);
      if (!page || realmId === undefined || row < 0) return missing();
      const pageSize = positiveInt(q.get('rows'), page.pageSize ?? 50, 10_000);
      const pageNo = positiveInt(q.get('page'), 1);
      const listed = sortRecords(page.select(deps.records(realmId), undefined));
      const record = listed[(pageNo - 1) * pageSize + row];
      if (!record || row >= pageSize) return missing();
      const target = new URLSearchParams({ txnId: String(record.json.Id) });
      const jobId = q.get('jobId');
      if (jobId !== null) target.set('jobId', jobId);
      return c.redirect(`${prefixOf(url)}/app/${slugFor(record)}?${target}`, 302);
    });
  }
}
