/**
 * List pages (Sales, Invoices, Expenses, Credit memos): the column titles every grid shares, each
 * list's types, and the saved list pages with their selector counts (layout.ts says what each means).
 */
import type { ColumnTitle, EntitiesBySlug, SavedPage } from './layout';

/** The columns every grid shares (lists, registers, the bank feed). */
export const SHARED_TITLES: readonly ColumnTitle[] = [
  [/^(amount|total|total amount)$/i, 'amount'],
  [/^(no\.?|num|number|ref no\.?)$/i, 'number'],
  [/^date$/i, 'date'],
  [/^(type|transaction type)$/i, 'type'],
  [/^(customer|vendor|payee|name|employee)$/i, 'name'],
  [/^(account|category)$/i, 'account'],
  [/^(memo|description|memo\/description)$/i, 'memo'],
];

/** Invoices, Expenses, Sales: their types. (Credit memos and the rest send none: every type is queried.) */
export const LIST_ENTITIES: EntitiesBySlug = {
  invoices: ['Invoice'],
  expenses: ['Purchase', 'Bill', 'BillPayment', 'VendorCredit', 'PurchaseOrder'],
  sales: ['Invoice', 'Payment', 'SalesReceipt', 'CreditMemo', 'RefundReceipt', 'Estimate'],
};

export const LIST_PAGES: readonly SavedPage[] = [
  {
    file: 'sim-sales-table.html',
    url: 'https://app.qbo.intuit.com/app/sales',
    counts: {
      rows: { LINK: 20, ROW_ELEMENT: 21, DGRID_ROW: 0, ROW: 21, ROW_LIKE: 30 },
      boxes: { CHECKBOX: 21, NATIVE_CHECKBOX: 21, TICK_CONTROL: 21, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 1 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 6, DATA_CELL: 120 },
      cells: { COLUMN_TITLE: 6, CELL: 120, FIRST_CELL: 126 },
      state: { COUNTER: 0, LIST_PART: 41, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'sim-expenses-table.html',
    url: 'https://app.qbo.intuit.com/app/expenses',
    counts: {
      rows: { LINK: 8, ROW_ELEMENT: 9, DGRID_ROW: 0, ROW: 9, ROW_LIKE: 18 },
      boxes: { CHECKBOX: 9, NATIVE_CHECKBOX: 9, TICK_CONTROL: 9, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 1 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 6, DATA_CELL: 48 },
      cells: { COLUMN_TITLE: 6, CELL: 48, FIRST_CELL: 54 },
      state: { COUNTER: 0, LIST_PART: 17, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'sim-invoices-aria.html',
    url: 'https://app.qbo.intuit.com/app/invoices',
    counts: {
      rows: { LINK: 4, ROW_ELEMENT: 5, DGRID_ROW: 0, ROW: 5, ROW_LIKE: 14 },
      boxes: { CHECKBOX: 4, NATIVE_CHECKBOX: 0, TICK_CONTROL: 4, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 8 },
      grid: { GRID: 1, HEADER_GROUP: 0, COLUMN_HEADER: 7, DATA_CELL: 28 },
      cells: { COLUMN_TITLE: 7, CELL: 28, FIRST_CELL: 28 },
      state: { COUNTER: 0, LIST_PART: 9, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'sim-creditmemos-ampersand.html',
    url: 'https://app.qbo.intuit.com/app/creditmemos',
    counts: {
      rows: { LINK: 4, ROW_ELEMENT: 5, DGRID_ROW: 0, ROW: 5, ROW_LIKE: 14 },
      boxes: { CHECKBOX: 5, NATIVE_CHECKBOX: 5, TICK_CONTROL: 5, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 1 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 6, DATA_CELL: 24 },
      cells: { COLUMN_TITLE: 6, CELL: 24, FIRST_CELL: 30 },
      state: { COUNTER: 0, LIST_PART: 9, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'real-markup/expenses-list.html',
    url: 'https://app.qbo.intuit.com/app/expenses',
    counts: {
      rows: { LINK: 19, ROW_ELEMENT: 9, DGRID_ROW: 0, ROW: 9, ROW_LIKE: 9 },
      boxes: { CHECKBOX: 9, NATIVE_CHECKBOX: 9, TICK_CONTROL: 18, LABEL: 9, TICKED: 1, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 64 },
      cells: { COLUMN_TITLE: 8, CELL: 64, FIRST_CELL: 72 },
      state: { COUNTER: 0, LIST_PART: 28, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'real-markup/invoices-list.html',
    url: 'https://app.qbo.intuit.com/app/invoices',
    counts: {
      rows: { LINK: 1, ROW_ELEMENT: 7, DGRID_ROW: 0, ROW: 7, ROW_LIKE: 7 },
      boxes: { CHECKBOX: 7, NATIVE_CHECKBOX: 7, TICK_CONTROL: 14, LABEL: 7, TICKED: 2, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 48 },
      cells: { COLUMN_TITLE: 8, CELL: 48, FIRST_CELL: 56 },
      state: { COUNTER: 0, LIST_PART: 8, HIDDEN: 6, EDITOR: 0, BANK_TAB: 0 },
    },
    // No row links its invoice; the 3rd (paid) links its payment in its status, a related record.
    reads: {
      tick: [0, 2],
      rows: [
        {
          shown: { date: '11/20/2026', number: '1037', name: 'Sonnenschein Family Store', amount: '$362.07' },
          entities: ['Invoice'],
        },
        {
          shown: { date: '11/18/2026', number: '1035', name: 'Mark Cho', amount: '$314.28' },
          entities: ['Invoice'],
        },
      ],
    },
  },
  {
    file: 'real-markup/sales-list.html',
    url: 'https://app.qbo.intuit.com/app/sales',
    counts: {
      rows: { LINK: 1, ROW_ELEMENT: 8, DGRID_ROW: 0, ROW: 8, ROW_LIKE: 8 },
      boxes: { CHECKBOX: 8, NATIVE_CHECKBOX: 8, TICK_CONTROL: 16, LABEL: 8, TICKED: 1, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 56 },
      cells: { COLUMN_TITLE: 8, CELL: 56, FIRST_CELL: 64 },
      state: { COUNTER: 0, LIST_PART: 9, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
    // No row links its own record; the paid invoice (1st) links its payment in its status.
    reads: {
      tick: [0, 1],
      rows: [
        {
          shown: { date: '11/24/2026', type: 'Invoice', number: '1038', name: 'Dylan Sollfrank', amount: '$160.00' },
          entities: ['Invoice', 'Payment', 'SalesReceipt', 'CreditMemo', 'RefundReceipt', 'Estimate'],
        },
        {
          shown: { date: '11/24/2026', type: 'Payment', number: '2064', name: 'Cool Cars', amount: '-$694.00' },
          entities: ['Invoice', 'Payment', 'SalesReceipt', 'CreditMemo', 'RefundReceipt', 'Estimate'],
        },
      ],
    },
  },
  {
    file: 'real-markup/invoices-noids.html',
    url: 'https://app.qbo.intuit.com/app/invoices',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 7, DGRID_ROW: 0, ROW: 7, ROW_LIKE: 7 },
      boxes: { CHECKBOX: 7, NATIVE_CHECKBOX: 7, TICK_CONTROL: 14, LABEL: 7, TICKED: 1, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 48 },
      cells: { COLUMN_TITLE: 8, CELL: 48, FIRST_CELL: 56 },
      state: { COUNTER: 0, LIST_PART: 7, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
    // The 4th and 5th rows are alike in every column; the 2nd, ticked at load, is not the person's.
    reads: {
      tick: [0, 3, 4],
      rows: [
        {
          shown: { date: '11/20/2026', number: '1037', name: 'Sonnenschein Family Store', amount: '$362.07' },
          entities: ['Invoice'],
        },
        {
          shown: { date: '11/17/2026', number: '1034', name: 'Rondonuwu Fruit and Vegi', amount: '$78.60' },
          entities: ['Invoice'],
        },
        {
          shown: { date: '11/17/2026', number: '1034', name: 'Rondonuwu Fruit and Vegi', amount: '$78.60' },
          entities: ['Invoice'],
        },
      ],
    },
  },
  {
    // The evidence's Invoices rows: checkbox | empty | date | number | customer | amount | status |
    // action; a paid invoice's status links its payment, a related record: the row is still known by
    // what it shows, never as the payment (the 1st and 2nd rows).
    file: 'sim-invoices-real.html',
    url: 'https://app.qbo.intuit.com/app/invoices',
    counts: {
      rows: { LINK: 2, ROW_ELEMENT: 25, DGRID_ROW: 0, ROW: 25, ROW_LIKE: 35 },
      boxes: { CHECKBOX: 25, NATIVE_CHECKBOX: 25, TICK_CONTROL: 50, LABEL: 25, TICKED: 0, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 192 },
      cells: { COLUMN_TITLE: 8, CELL: 192, FIRST_CELL: 200 },
      state: { COUNTER: 0, LIST_PART: 27, HIDDEN: 24, EDITOR: 0, BANK_TAB: 0 },
    },
    reads: {
      tick: [0, 1, 4],
      rows: [
        {
          shown: { date: '12/22/2025', number: '8887', name: 'Cool Cars', amount: '$300.00' },
          entities: ['Invoice'],
        },
        {
          shown: { date: '12/22/2025', number: '8888', name: 'Cool Cars', amount: '$500.00' },
          entities: ['Invoice'],
        },
        {
          shown: { date: '11/23/2025', number: '1060', name: 'Kookies by Kathy', amount: '$4,263.27' },
          entities: ['Invoice'],
        },
      ],
    },
  },
  {
    // Sales in the evidence's columns, no row links; the paid invoice (4th row) links its payment.
    file: 'sim-sales-real.html',
    url: 'https://app.qbo.intuit.com/app/sales',
    counts: {
      rows: { LINK: 2, ROW_ELEMENT: 21, DGRID_ROW: 0, ROW: 21, ROW_LIKE: 31 },
      boxes: { CHECKBOX: 21, NATIVE_CHECKBOX: 21, TICK_CONTROL: 42, LABEL: 21, TICKED: 0, SELECT_ALL_AREA: 11 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 9, DATA_CELL: 180 },
      cells: { COLUMN_TITLE: 9, CELL: 180, FIRST_CELL: 189 },
      state: { COUNTER: 0, LIST_PART: 23, HIDDEN: 20, EDITOR: 0, BANK_TAB: 0 },
    },
    reads: {
      tick: [3, 6],
      rows: [
        {
          shown: { date: '12/22/2025', type: 'Invoice', number: '8888', name: 'Cool Cars', amount: '$500.00' },
          entities: ['Invoice', 'Payment', 'SalesReceipt', 'CreditMemo', 'RefundReceipt', 'Estimate'],
        },
        {
          shown: {
            date: '12/08/2025',
            type: 'Payment',
            name: 'Dukes Basketball Camp',
            memo: 'Spring order',
            amount: '$2,689.23',
          },
          entities: ['Invoice', 'Payment', 'SalesReceipt', 'CreditMemo', 'RefundReceipt', 'Estimate'],
        },
      ],
    },
  },
  {
    // Expenses in the evidence's columns (a vendor list's Category), no row links.
    file: 'sim-expenses-real.html',
    url: 'https://app.qbo.intuit.com/app/expenses',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 13, DGRID_ROW: 0, ROW: 13, ROW_LIKE: 23 },
      boxes: { CHECKBOX: 13, NATIVE_CHECKBOX: 13, TICK_CONTROL: 26, LABEL: 13, TICKED: 0, SELECT_ALL_AREA: 11 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 9, DATA_CELL: 108 },
      cells: { COLUMN_TITLE: 9, CELL: 108, FIRST_CELL: 117 },
      state: { COUNTER: 0, LIST_PART: 13, HIDDEN: 12, EDITOR: 0, BANK_TAB: 0 },
    },
    reads: {
      tick: [6],
      rows: [
        {
          shown: {
            date: '09/14/2025',
            type: 'Bill Payment (Credit Card)',
            number: '1080',
            name: 'Computers by Jenni',
            account: 'Accounts Payable (A/P)',
            memo: 'Thanks for your business',
            amount: '$4,031.47',
          },
          entities: ['Purchase', 'Bill', 'BillPayment', 'VendorCredit', 'PurchaseOrder'],
        },
      ],
    },
  },
];
