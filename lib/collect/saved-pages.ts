/**
 * The saved pages every selector of selectors.ts is counted against (tests/collect/selectors.test.ts),
 * by family, and the shape of a selector's count table. Kept apart from the selectors so the table
 * stays one screen per selector; the content script imports none of it.
 */

/** The saved pages (tests/fixtures/pages/<file>): `sim` saved from the simulator's look-alike pages
 * (tools/simulator/pages), `hand` hand-made edge cases, `real` hand-written in the web app's markup. */
export const SAVED_PAGES = {
  sim: {
    sales: 'sim-sales-table.html',
    expenses: 'sim-expenses-table.html',
    invoices: 'sim-invoices-aria.html',
    creditMemos: 'sim-creditmemos-ampersand.html',
    register: 'sim-register-dgrid.html',
    hostile: 'sim-sales-hostile.html',
  },
  hand: {
    nested: 'hand-nested-markup.html',
    twoLinks: 'hand-two-links.html',
    outsideRow: 'hand-checkbox-outside-row.html',
    params: 'hand-ampersand-and-params.html',
    sandbox: 'hand-sandbox-host.html',
  },
  real: {
    bankFeed: 'real-markup/bank-feed-categorized.html',
    expenses: 'real-markup/expenses-list.html',
    invoices: 'real-markup/invoices-list.html',
    checking: 'real-markup/register-checking.html',
    creditCard: 'real-markup/register-credit-card.html',
    sales: 'real-markup/sales-list.html',
  },
  /** Hand-written in the web app's markup with no transaction Id anywhere (rows known by what they show). */
  noIds: {
    register: 'real-markup/register-noids.html',
    invoices: 'real-markup/invoices-noids.html',
    bankPending: 'real-markup/bank-feed-pending.html',
    bankPosted: 'real-markup/bank-feed-posted.html',
  },
  /** Saved from the simulator's real-markup pages (tools/simulator/save-real-pages.ts). */
  simReal: {
    register: 'sim-register-real.html',
    invoices: 'sim-invoices-real.html',
    bankPending: 'sim-bankfeed-pending.html',
    bankPosted: 'sim-bankfeed-posted.html',
  },
} as const;

type Pages = typeof SAVED_PAGES;
/** How many times a selector matches each saved page. */
export type MatchCounts = { readonly [F in keyof Pages]: { readonly [P in keyof Pages[F]]: number } };
