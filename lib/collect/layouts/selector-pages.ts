/**
 * The saved pages each of these selectors matches, and how many times (the others of selectors.ts are
 * counted page by page, layout.ts MatchCounts): a page not named here matches none of them.
 * tests/collect/selectors.test.ts checks both. Plain literals: tree-shaken out of the content script.
 */
import type { SelectorPages } from './layout';

export const SELECTOR_PAGES: SelectorPages = {
  TOOLTIP: {
    'sim-bankfeed-evidence-amount.html': 13,
    'sim-bankfeed-evidence-business-categorized.html': 13,
    'sim-bankfeed-evidence-business-review.html': 13,
    'sim-bankfeed-evidence-categorized.html': 13,
    'sim-bankfeed-evidence-posted.html': 13,
    'sim-bankfeed-evidence-review.html': 13,
  },
  // Payee and category pickers on the evidence feeds; elsewhere paging and action buttons, whose
  // aria-label is read only where a column's cell is nothing but the button.
  LABELLED_CONTROL: {
    'sim-bankfeed-evidence-amount.html': 28,
    'sim-bankfeed-evidence-business-categorized.html': 41,
    'sim-bankfeed-evidence-business-review.html': 40,
    'sim-bankfeed-evidence-categorized.html': 28,
    'sim-bankfeed-evidence-posted.html': 15,
    'sim-bankfeed-evidence-review.html': 28,
    'sim-bankfeed-pending.html': 2,
    'sim-bankfeed-posted.html': 2,
    'real-markup/bank-feed-pending.html': 2,
    'real-markup/bank-feed-posted.html': 2,
    'real-markup/expenses-list.html': 8,
    'real-markup/invoices-noids.html': 6,
    'real-markup/sales-list.html': 7,
  },
  DATA_PROPS: { 'sim-bankfeed-evidence-posted.html': 13 },
};
