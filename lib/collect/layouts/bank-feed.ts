/**
 * The bank feed (banking): Spent / Received (or Bank Detail), the types a bank line can post to, and
 * the saved feeds (For review / Pending: bank lines, never collected; Posted / Categorized: recorded
 * transactions), the split-grid ones as public code that automates the web app shows them.
 */
import type { Entity } from '../../domain/entities';
import type { ColumnTitle, EntitiesBySlug, SavedPage } from './layout';

/** Posted rows show no Type: the recorded transactions a bank line can post to. */
const POSTED_TYPES: Entity[] = [
  'Purchase',
  'Deposit',
  'Transfer',
  'BillPayment',
  'Payment',
  'SalesReceipt',
  'RefundReceipt',
  'JournalEntry',
  'CreditCardPayment',
];

export const BANK_FEED_ENTITIES: EntitiesBySlug = { banking: POSTED_TYPES };

export const BANK_FEED_TITLES: readonly ColumnTitle[] = [
  [/^spent$/i, 'amount', 'payment'],
  [/^received$/i, 'amount', 'deposit'],
  // The bank's own text, where the description column is titled so (public code: "Bank Detail").
  [/^bank detail$/i, 'memo'],
];

/**
 * The evidence's For review tab: bank lines, the 5th the bank's copy of a recorded transaction. Never
 * sent. Saved in the Accountant view and in the Business view, which count and read alike: one
 * declaration, the saved file the parameter. Marked free of side effects so that the bundler drops
 * its calls from the content script, as it drops the plain literals (layout.ts).
 */
/* @__NO_SIDE_EFFECTS__ */
function reviewTab(file: string): SavedPage {
  return {
    file,
    url: 'https://app.qbo.intuit.com/app/banking?tab=review',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 17, DGRID_ROW: 0, ROW: 17, ROW_LIKE: 27 },
      boxes: { CHECKBOX: 14, NATIVE_CHECKBOX: 14, TICK_CONTROL: 28, LABEL: 14, TICKED: 0, SELECT_ALL_AREA: 12 },
      grid: { GRID: 2, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 105 },
      cells: { COLUMN_TITLE: 8, CELL: 105, FIRST_CELL: 113 },
      state: { COUNTER: 1, LIST_PART: 17, HIDDEN: 16, EDITOR: 0, BANK_TAB: 3 },
    },
    reads: { tick: [0, 4], rows: [] },
  };
}

/** The evidence's Categorized tab, in either view (as reviewTab): its rows are recorded transactions. */
/* @__NO_SIDE_EFFECTS__ */
function categorizedTab(file: string): SavedPage {
  return {
    file,
    url: 'https://app.qbo.intuit.com/app/banking?tab=categorized',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 25, DGRID_ROW: 0, ROW: 25, ROW_LIKE: 35 },
      boxes: { CHECKBOX: 14, NATIVE_CHECKBOX: 14, TICK_CONTROL: 28, LABEL: 14, TICKED: 0, SELECT_ALL_AREA: 30 },
      grid: { GRID: 2, HEADER_GROUP: 1, COLUMN_HEADER: 10, DATA_CELL: 139 },
      cells: { COLUMN_TITLE: 10, CELL: 139, FIRST_CELL: 149 },
      state: { COUNTER: 1, LIST_PART: 25, HIDDEN: 16, EDITOR: 0, BANK_TAB: 3 },
    },
    reads: {
      tick: [0, 2],
      rows: [
        {
          shown: {
            date: '12/29/2025',
            memo: 'Repair work',
            amount: '$4,661.22',
            amountColumn: 'payment',
            account: 'Savings',
          },
          entities: POSTED_TYPES,
        },
        {
          shown: {
            date: '10/26/2025',
            memo: 'Expense',
            amount: '$1,488.48',
            amountColumn: 'payment',
            name: 'Bob’s Burger Joint',
          },
          entities: POSTED_TYPES,
        },
      ],
    },
  };
}

export const BANK_FEED_PAGES: readonly SavedPage[] = [
  {
    file: 'real-markup/bank-feed-categorized.html',
    url: 'https://app.qbo.intuit.com/app/banking',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 11, DGRID_ROW: 0, ROW: 11, ROW_LIKE: 11 },
      boxes: { CHECKBOX: 11, NATIVE_CHECKBOX: 11, TICK_CONTROL: 22, LABEL: 11, TICKED: 2, SELECT_ALL_AREA: 8 },
      grid: { GRID: 1, HEADER_GROUP: 0, COLUMN_HEADER: 7, DATA_CELL: 70 },
      cells: { COLUMN_TITLE: 7, CELL: 70, FIRST_CELL: 70 },
      state: { COUNTER: 1, LIST_PART: 11, HIDDEN: 0, EDITOR: 0, BANK_TAB: 3 },
    },
    // Categorized (its tab selected): no row links its transaction, each is known by what it shows.
    // Box 0 is the header row's select-all (a role=row of column headers, no thead).
    reads: {
      tick: [1, 6],
      rows: [
        { shown: { date: '11/24/2026', name: "Chin's Gas and Oil", amount: '-$52.14' }, entities: POSTED_TYPES },
        { shown: { date: '11/22/2026', name: 'PG&E', amount: '-$114.09' }, entities: POSTED_TYPES },
      ],
    },
  },
  {
    file: 'real-markup/bank-feed-pending.html',
    url: 'https://app.qbo.intuit.com/app/banking',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 9, DGRID_ROW: 0, ROW: 9, ROW_LIKE: 9 },
      boxes: { CHECKBOX: 7, NATIVE_CHECKBOX: 7, TICK_CONTROL: 14, LABEL: 7, TICKED: 2, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 48 },
      cells: { COLUMN_TITLE: 8, CELL: 48, FIRST_CELL: 56 },
      state: { COUNTER: 0, LIST_PART: 9, HIDDEN: 9, EDITOR: 0, BANK_TAB: 3 },
    },
    // Bank lines QuickBooks has not recorded: ticked, counted, never sent.
    reads: { tick: [0], rows: [] },
  },
  {
    file: 'real-markup/bank-feed-posted.html',
    url: 'https://app.qbo.intuit.com/app/banking',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 8, DGRID_ROW: 0, ROW: 8, ROW_LIKE: 8 },
      boxes: { CHECKBOX: 6, NATIVE_CHECKBOX: 6, TICK_CONTROL: 12, LABEL: 6, TICKED: 0, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 40 },
      cells: { COLUMN_TITLE: 8, CELL: 40, FIRST_CELL: 48 },
      state: { COUNTER: 0, LIST_PART: 8, HIDDEN: 8, EDITOR: 0, BANK_TAB: 3 },
    },
    reads: {
      tick: [0, 1, 2, 3],
      rows: [
        {
          shown: {
            date: '11/24/2026',
            memo: 'POS PURCHASE CHIN S GAS',
            name: "Chin's Gas and Oil",
            account: 'Automobile:Fuel',
            amount: '$52.14',
            amountColumn: 'payment',
          },
          entities: POSTED_TYPES,
        },
        {
          shown: {
            date: '11/23/2026',
            memo: 'Deposit',
            name: 'Travis Waldron',
            account: 'Uncategorized Income',
            amount: '$350.00',
            amountColumn: 'deposit',
          },
          entities: POSTED_TYPES,
        },
        {
          shown: {
            date: '11/22/2026',
            memo: 'Bank fee',
            account: 'Bank Charges',
            amount: '$15.00',
            amountColumn: 'payment',
          },
          entities: POSTED_TYPES,
        },
        {
          shown: {
            date: '11/22/2026',
            memo: 'Bank fee',
            account: 'Bank Charges',
            amount: '$15.00',
            amountColumn: 'payment',
          },
          entities: POSTED_TYPES,
        },
      ],
    },
  },
  {
    file: 'sim-bankfeed-pending.html',
    url: 'https://app.qbo.intuit.com/app/banking',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 16, DGRID_ROW: 0, ROW: 16, ROW_LIKE: 26 },
      boxes: { CHECKBOX: 14, NATIVE_CHECKBOX: 14, TICK_CONTROL: 28, LABEL: 14, TICKED: 0, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 104 },
      cells: { COLUMN_TITLE: 8, CELL: 104, FIRST_CELL: 112 },
      state: { COUNTER: 1, LIST_PART: 16, HIDDEN: 16, EDITOR: 0, BANK_TAB: 3 },
    },
  },
  {
    file: 'sim-bankfeed-posted.html',
    url: 'https://app.qbo.intuit.com/app/banking',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 16, DGRID_ROW: 0, ROW: 16, ROW_LIKE: 26 },
      boxes: { CHECKBOX: 14, NATIVE_CHECKBOX: 14, TICK_CONTROL: 28, LABEL: 14, TICKED: 0, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 104 },
      cells: { COLUMN_TITLE: 8, CELL: 104, FIRST_CELL: 112 },
      state: { COUNTER: 1, LIST_PART: 16, HIDDEN: 16, EDITOR: 0, BANK_TAB: 3 },
    },
  },
  // The evidence variants (tests/fixtures/pages/save-bank-feed-pages.ts): the grid split in a header table
  // and a rows table, nested values, month heading rows, tabs told by their text and the address.
  reviewTab('sim-bankfeed-evidence-review.html'),
  categorizedTab('sim-bankfeed-evidence-categorized.html'),
  {
    file: 'sim-bankfeed-evidence-posted.html',
    url: 'https://app.qbo.intuit.com/app/banking?tab=posted',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 25, DGRID_ROW: 0, ROW: 25, ROW_LIKE: 35 },
      boxes: { CHECKBOX: 14, NATIVE_CHECKBOX: 14, TICK_CONTROL: 28, LABEL: 14, TICKED: 0, SELECT_ALL_AREA: 30 },
      grid: { GRID: 2, HEADER_GROUP: 1, COLUMN_HEADER: 10, DATA_CELL: 139 },
      cells: { COLUMN_TITLE: 10, CELL: 139, FIRST_CELL: 149 },
      state: { COUNTER: 1, LIST_PART: 25, HIDDEN: 16, EDITOR: 0, BANK_TAB: 3 },
    },
    reads: {
      tick: [1],
      rows: [
        {
          shown: {
            date: '12/25/2025',
            memo: 'Thanks for your business',
            amount: '$756.41',
            amountColumn: 'payment',
            account: 'Mastercard',
          },
          entities: POSTED_TYPES,
        },
      ],
    },
  },
  {
    file: 'sim-bankfeed-evidence-amount.html',
    url: 'https://app.qbo.intuit.com/app/banking?tab=categorized',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 25, DGRID_ROW: 0, ROW: 25, ROW_LIKE: 35 },
      boxes: { CHECKBOX: 14, NATIVE_CHECKBOX: 14, TICK_CONTROL: 28, LABEL: 14, TICKED: 0, SELECT_ALL_AREA: 29 },
      grid: { GRID: 2, HEADER_GROUP: 1, COLUMN_HEADER: 9, DATA_CELL: 126 },
      cells: { COLUMN_TITLE: 9, CELL: 126, FIRST_CELL: 135 },
      state: { COUNTER: 1, LIST_PART: 25, HIDDEN: 16, EDITOR: 0, BANK_TAB: 3 },
    },
    reads: {
      tick: [3],
      rows: [
        {
          shown: { date: '08/12/2025', memo: 'Repair work', amount: '$1,413.73', account: 'Undeposited Funds' },
          entities: POSTED_TYPES,
        },
      ],
    },
  },
  // Business view (the matched record summed up, its own date and amount, in the Added or Matched
  // cell; "1 match found" on For review) and the ComboLink action buttons: counted and read as the
  // Accountant view, so declared by the same tabs.
  categorizedTab('sim-bankfeed-evidence-business-categorized.html'),
  reviewTab('sim-bankfeed-evidence-business-review.html'),
];
