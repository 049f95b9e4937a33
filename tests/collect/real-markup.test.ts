// @vitest-environment happy-dom
/**
 * The collector against hand-written pages in the web app's real markup (tests/fixtures/pages/
 * real-markup/): an account register's `.dgrid-row` rows, the bank feed's virtualized `idsTable` grid
 * with `aria-rowindex`, and list pages whose links use the web app's own URL slugs. Unlike the `sim-*`
 * pages, which the simulator renders from the same slug map the collector reads (so a wrong slug
 * passes both), these pages and the slug table below are written by hand: a wrong or missing slug in
 * lib/domain/web-app.ts fails here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { txnLinkParser } from '../../lib/collect/link';
import { type IgnoredReason, scanRows } from '../../lib/collect/rows';
import { SLUG_TO_ENTITY } from '../../lib/domain/web-app';
import { keysOf, ownBoxes, startHarness } from './harness';
import { loadPage, mountPage } from './load-page';

/**
 * The web app's transaction slugs and the API entity each opens, written by hand from the web app
 * (its router's transaction routes, the links its pages and reports write; shared/spec/service-facts.md).
 * NOT derived from SLUG_TO_ENTITY.
 */
const REAL_SLUGS: Record<string, string> = {
  invoice: 'Invoice',
  salesreceipt: 'SalesReceipt',
  recvpayment: 'Payment',
  creditmemo: 'CreditMemo',
  refundreceipt: 'RefundReceipt',
  estimate: 'Estimate',
  journal: 'JournalEntry',
  deposit: 'Deposit',
  transfer: 'Transfer',
  bill: 'Bill',
  billpayment: 'BillPayment',
  billpaymentcc: 'BillPayment', // Bill Payment (Credit Card): its own route in the web app
  vendorcredit: 'VendorCredit',
  expense: 'Purchase',
  check: 'Purchase',
  creditcardcredit: 'Purchase',
  purchaseorder: 'PurchaseOrder',
};

/**
 * Slugs in the map that no hand-written page shows yet, so nothing here proves them; each needs a
 * page of real markup before it can leave this list.
 * - cctransfer: from service-facts.md only; no public link or route of the web app seen with it.
 * - timeactivity: the web app opens a time activity as /app/timeactivity?id=<Id>, not ?txnId=.
 */
const UNVERIFIED = ['cctransfer', 'timeactivity'];

/**
 * Slugs real pages use that the map lacks (findings, not fixed here): their rows are refused as
 * `unknown-slug`, so the person cannot select them. The KNOWN GAP tests below turn red once the map
 * learns them: then remove them from this list.
 */
const KNOWN_GAPS: string[] = [];

/** Slugs real pages use for records that are not transactions Safe Delete knows: always refused. */
const NOT_TRANSACTIONS = ['global_tax_pmt', 'nonpostingcharge'];

interface Row {
  slug: string;
  id: string;
  selected?: boolean;
}

interface RealPage {
  file: string;
  url: string;
  /** Every transaction row of the page, in page order, as the page links it. */
  rows: Row[];
  /** Refusals besides the known gaps' and the non-transactions' links (counted from `rows`' hrefs below). */
  ignored: Partial<Record<IgnoredReason, number>>;
  /** Rows without a checkbox of their own (registers: they get ours). */
  withoutCheckbox: number;
}

const APP = 'https://app.qbo.intuit.com';
const r = (slug: string, id: string, selected = false): Row => ({ slug, id, selected });

const PAGES: RealPage[] = [
  {
    file: 'register-checking.html',
    url: `${APP}/app/register?accountId=35`,
    rows: [
      r('deposit', '1201'),
      r('check', '1202'),
      r('billpayment', '1203'),
      r('expense', '1204'),
      r('transfer', '1205'),
      r('journal', '1206'),
      r('recvpayment', '1207'),
      r('salesreceipt', '1208'),
      r('refundreceipt', '1209'),
      r('global_tax_pmt', '1210'),
    ],
    ignored: {},
    withoutCheckbox: 9,
  },
  {
    file: 'register-credit-card.html',
    url: `${APP}/app/register?accountId=41`,
    rows: [r('expense', '1301'), r('creditcardcredit', '1302'), r('billpaymentcc', '1303'), r('journal', '1304')],
    ignored: {},
    withoutCheckbox: 4,
  },
  {
    file: 'expenses-list.html',
    url: `${APP}/app/expenses`,
    rows: [
      r('expense', '4001'),
      r('check', '4002'),
      r('bill', '4003', true),
      r('billpayment', '4004'),
      r('billpaymentcc', '4005'),
      r('creditcardcredit', '4006'),
      r('vendorcredit', '4007'),
      r('purchaseorder', '4008'),
    ],
    ignored: {},
    withoutCheckbox: 0,
  },
];

/**
 * Links the web app opens a transaction with, written by hand (its router's transaction routes;
 * service-facts "Everywhere": `/app/invoice|bill|expense|billpayment|recvpayment|journal|salesreceipt?txnId=`).
 * Public code shows no list or bank-feed row linking its own record, so the slugs of the records those
 * pages list are proved here, as links, not as rows of a page.
 */
const DEEP_LINKS: Row[] = [
  r('invoice', '3001'),
  r('recvpayment', '3103'),
  r('salesreceipt', '5003'),
  r('creditmemo', '5004'),
  r('refundreceipt', '5005'),
  r('estimate', '5006'),
  r('nonpostingcharge', '5007'),
];

const key = (row: Row) => `${REAL_SLUGS[row.slug] ?? `?${row.slug}`}:${row.id}`;
const readable = (row: Row) => !KNOWN_GAPS.includes(row.slug) && !NOT_TRANSACTIONS.includes(row.slug);
/** How many `txnId` links of the page point at refused slugs (each link of a refused row counts). */
function refusedLinks(page: RealPage): number {
  const doc = loadPage(`real-markup/${page.file}`);
  return [...doc.querySelectorAll('a[href*="txnId"]')].filter((a) => {
    const slug = /^\/app\/([^?]+)\?/.exec(a.getAttribute('href') ?? '')?.[1] ?? '';
    return KNOWN_GAPS.includes(slug) || NOT_TRANSACTIONS.includes(slug);
  }).length;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the collector on hand-written pages of real markup', () => {
  it.each(PAGES)('$file: exactly the right entity and Id for each row', (page) => {
    const scan = scanRows(loadPage(`real-markup/${page.file}`), page.url);
    expect(scan.rows.map((row) => row.key)).toEqual(page.rows.filter(readable).map(key));
    expect(scan.rows.map((row) => [row.entity, row.id])).toEqual(
      page.rows.filter(readable).map((row) => [REAL_SLUGS[row.slug], row.id]),
    );
    expect(scan.rows.filter((row) => row.selected).map((row) => row.key)).toEqual(
      page.rows.filter((row) => readable(row) && row.selected).map(key),
    );
    expect(scan.rows.flatMap((row) => row.cells).filter((c) => !c.checkbox)).toHaveLength(page.withoutCheckbox);
    const refused = refusedLinks(page);
    expect(scan.ignored).toEqual({ ...page.ignored, ...(refused > 0 ? { 'unknown-slug': refused } : {}) });
  });

  it('the bank feed: no row links its own transaction, so the link pass finds none', () => {
    const doc = loadPage('real-markup/bank-feed-categorized.html');
    expect(doc.querySelector('.idsTable[role="grid"]')?.getAttribute('aria-rowcount')).toBe('301');
    expect(scanRows(doc, `${APP}/app/banking`).rows).toEqual([]);
  });
});

describe('the slug map against the hand-written slugs', () => {
  it('each deep link opens the entity the web app opens with it, or is refused when it is no transaction', () => {
    const parse = txnLinkParser(new URL(`${APP}/app/sales`));
    for (const link of DEEP_LINKS) {
      const parsed = parse(`/app/${link.slug}?txnId=${link.id}`);
      if (readable(link))
        expect(parsed, link.slug).toEqual({ ok: true, entity: REAL_SLUGS[link.slug], id: link.id, key: key(link) });
      else expect(parsed, link.slug).toEqual({ ok: false, reason: 'unknown-slug' });
    }
  });

  it('every slug in the map opens the entity the web app opens with it', () => {
    const wrong = Object.entries(SLUG_TO_ENTITY).filter(
      ([slug, entity]) => !UNVERIFIED.includes(slug) && REAL_SLUGS[slug] !== entity,
    );
    expect(wrong).toEqual([]);
  });

  it('every slug in the map is shown on a hand-written page, or listed as unverified', () => {
    const shown = new Set([...PAGES.flatMap((page) => page.rows), ...DEEP_LINKS].map((row) => row.slug));
    const unproven = Object.keys(SLUG_TO_ENTITY).filter((slug) => !shown.has(slug));
    expect(unproven.sort()).toEqual([...UNVERIFIED].sort());
  });

  it('every transaction slug the pages use is in the map, except the known gaps (findings)', () => {
    const used = new Set([...PAGES.flatMap((page) => page.rows), ...DEEP_LINKS].map((row) => row.slug));
    const missing = [...used].filter(
      (slug) => !NOT_TRANSACTIONS.includes(slug) && !Object.hasOwn(SLUG_TO_ENTITY, slug),
    );
    expect(missing.sort()).toEqual([...KNOWN_GAPS].sort());
    for (const slug of NOT_TRANSACTIONS) expect(Object.hasOwn(SLUG_TO_ENTITY, slug)).toBe(false);
  });
});

describe('the collector, live, on real markup', () => {
  it('a register row ticked with our checkbox is reported as exactly its transaction', async () => {
    mountPage('real-markup/register-checking.html');
    const { person, sent, tick } = startHarness(`${APP}/app/register?accountId=35`);
    await tick();
    const boxes = ownBoxes();
    expect(boxes).toHaveLength(9);
    // The 7th transaction row: the payment (recvpayment 1207), whose link is in the Type cell.
    person.click(boxes[6]);
    await tick();
    expect(keysOf(sent().flatMap((report) => report.added))).toEqual(['Payment:1207']);
  });

  it('a bank feed row ticked with the page’s own checkbox is sent as what it shows, the row its aria-rowindex names', async () => {
    mountPage('real-markup/bank-feed-categorized.html');
    const { person, sent, tick } = startHarness(`${APP}/app/banking`);
    await tick();
    person.click(document.querySelector('[role="row"][aria-rowindex="46"] input[type="checkbox"]'));
    await tick();
    expect(sent().flatMap((report) => report.added)).toEqual([]);
    // Rows ticked before the page was read (43, 45) are the page's, not the person's: not sent. The
    // "BANK DESCRIPTION" title is this page's guess, read as no field.
    expect(
      sent()
        .flatMap((report) => report.addedRows ?? [])
        .map((row) => row.shown),
    ).toEqual([{ date: '11/22/2026', name: 'PG&E', amount: '-$114.09' }]);
  });

  it('a paid invoice’s status links its payment: the ticked invoice is sent as what it shows, never as the payment', async () => {
    mountPage('real-markup/invoices-list.html');
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    const row = [...document.querySelectorAll('tr.idsTable__row')][2] as Element;
    expect(row.querySelector('a[href*="txnId"]')?.getAttribute('href')).toBe('/app/recvpayment?txnId=3103');
    person.click(row.querySelector('input[type="checkbox"]'));
    await tick();
    expect(sent().flatMap((report) => report.added)).toEqual([]);
    expect(sent().flatMap((report) => report.addedRows ?? [])).toMatchObject([
      { shown: { date: '11/18/2026', number: '1035', name: 'Mark Cho', amount: '$314.28' }, entities: ['Invoice'] },
    ]);
  });

  it('on All sales, whose list holds payments, the paid invoice ticked is the invoice it shows, not its payment', async () => {
    mountPage('real-markup/sales-list.html');
    const { person, sent, tick } = startHarness(`${APP}/app/sales`);
    await tick();
    person.click(document.querySelector('tr.idsTable__row input[type="checkbox"]'));
    await tick();
    expect(sent().flatMap((report) => [...report.added, ...report.pageTicked])).toEqual([]);
    expect(
      sent()
        .flatMap((report) => report.addedRows ?? [])
        .map((row) => row.shown),
    ).toEqual([{ date: '11/24/2026', type: 'Invoice', number: '1038', name: 'Dylan Sollfrank', amount: '$160.00' }]);
  });
});
