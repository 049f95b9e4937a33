/**
 * Account registers (dojo dgrid, no checkboxes of their own: they get ours): the money columns and
 * the titles written two to a header cell, and the saved registers with their selector counts.
 */
import type { Shown } from '../../domain/shown';
import type { ColumnTitle, MatchCounts, SavedPage, TitlePair } from './layout';

/** Registers show a Type column: no types are sent with their rows. Their money columns: */
export const REGISTER_TITLES: readonly ColumnTitle[] = [
  [/^payment$/i, 'amount', 'payment'],
  [/^deposit$/i, 'amount', 'deposit'],
  [/^charge$/i, 'amount', 'charge'],
];

/** A header cell's two titles on one line where the line break is lost ("REF NO. TYPE"). */
export const REGISTER_TITLE_PAIRS: readonly TitlePair[] = [
  [/^ref no\.?\s*\/?\s*type$/i, 'number', 'type'],
  [/^payee\s*\/?\s*account$/i, 'name', 'account'],
];

/** What a markup of the simulator's Checking register changes in its counts. */
interface RegisterMarkup {
  readonly selectAllAreas: number;
  readonly grid: MatchCounts['grid'];
  readonly cells: MatchCounts['cells'];
  /** The inline Add row's open editors. */
  readonly editors: number;
}

/**
 * The simulator's Checking register (22 rows, no row links, no boxes of its own) as a markup saves
 * it: the same rows in every markup, so the same row counts and the same first row read (the
 * Transfer of 12/29/2025); the markup's counts, the boxes ticked and the second row read are the parameters.
 * Marked free of side effects so that the bundler drops its calls from the content script, as it
 * drops the plain literals (layout.ts).
 */
/* @__NO_SIDE_EFFECTS__ */
function simChecking(file: string, markup: RegisterMarkup, tick: readonly number[], second: Shown): SavedPage {
  const { selectAllAreas, grid, cells, editors } = markup;
  return {
    file,
    url: 'https://app.qbo.intuit.com/app/register?accountId=35',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 46, DGRID_ROW: 22, ROW: 46, ROW_LIKE: 56 },
      boxes: { CHECKBOX: 0, NATIVE_CHECKBOX: 0, TICK_CONTROL: 0, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: selectAllAreas },
      grid,
      cells,
      state: { COUNTER: 0, LIST_PART: 46, HIDDEN: 0, EDITOR: editors, BANK_TAB: 0 },
    },
    reads: {
      tick,
      rows: [
        {
          shown: {
            date: '12/29/2025',
            type: 'Transfer',
            account: 'Savings',
            memo: 'Repair work',
            amount: '$4,661.22',
            amountColumn: 'payment',
          },
        },
        { shown: second },
      ],
    },
  };
}

export const REGISTER_PAGES: readonly SavedPage[] = [
  {
    file: 'sim-register-dgrid.html',
    url: 'https://app.qbo.intuit.com/app/register?accountId=35',
    counts: {
      rows: { LINK: 40, ROW_ELEMENT: 82, DGRID_ROW: 40, ROW: 82, ROW_LIKE: 91 },
      boxes: { CHECKBOX: 0, NATIVE_CHECKBOX: 0, TICK_CONTROL: 0, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 1 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 6, DATA_CELL: 240 },
      cells: { COLUMN_TITLE: 6, CELL: 246, FIRST_CELL: 246 },
      state: { COUNTER: 0, LIST_PART: 122, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'real-markup/register-checking.html',
    url: 'https://app.qbo.intuit.com/app/register?accountId=35',
    counts: {
      rows: { LINK: 11, ROW_ELEMENT: 24, DGRID_ROW: 11, ROW: 24, ROW_LIKE: 24 },
      boxes: { CHECKBOX: 0, NATIVE_CHECKBOX: 0, TICK_CONTROL: 0, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 88 },
      cells: { COLUMN_TITLE: 8, CELL: 96, FIRST_CELL: 96 },
      state: { COUNTER: 0, LIST_PART: 35, HIDDEN: 0, EDITOR: 2, BANK_TAB: 0 },
    },
  },
  {
    file: 'real-markup/register-credit-card.html',
    url: 'https://app.qbo.intuit.com/app/register?accountId=41',
    counts: {
      rows: { LINK: 4, ROW_ELEMENT: 10, DGRID_ROW: 4, ROW: 10, ROW_LIKE: 10 },
      boxes: { CHECKBOX: 0, NATIVE_CHECKBOX: 0, TICK_CONTROL: 0, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 8 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 6, DATA_CELL: 24 },
      cells: { COLUMN_TITLE: 6, CELL: 30, FIRST_CELL: 30 },
      state: { COUNTER: 0, LIST_PART: 14, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'real-markup/register-noids.html',
    url: 'https://app.qbo.intuit.com/app/register?accountId=35',
    counts: {
      rows: { LINK: 0, ROW_ELEMENT: 20, DGRID_ROW: 9, ROW: 20, ROW_LIKE: 20 },
      boxes: { CHECKBOX: 0, NATIVE_CHECKBOX: 0, TICK_CONTROL: 0, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 10 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 72 },
      cells: { COLUMN_TITLE: 8, CELL: 80, FIRST_CELL: 80 },
      state: { COUNTER: 0, LIST_PART: 20, HIDDEN: 0, EDITOR: 2, BANK_TAB: 0 },
    },
    reads: {
      tick: [1, 5],
      rows: [
        {
          shown: {
            date: '11/20/2026',
            number: '1045',
            type: 'Check',
            name: 'Hicks Hardware',
            account: 'Job Expenses:Job Materials',
            amount: '$228.75',
            amountColumn: 'payment',
          },
        },
        {
          shown: {
            date: '11/15/2026',
            number: '4526',
            type: 'Payment',
            name: "Amy's Bird Sanctuary",
            account: 'Accounts Receivable (A/R)',
            amount: '$105.00',
            amountColumn: 'deposit',
          },
        },
      ],
    },
  },
  // The 2026 register: Date · Ref No. · Payee · Memo · Class · Payment · Deposit · Tax · Balance ·
  // Type · Account · Location, row ids a counter, the inline Add row's editors open.
  simChecking(
    'sim-register-real.html',
    {
      selectAllAreas: 13,
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 12, DATA_CELL: 264 },
      cells: { COLUMN_TITLE: 12, CELL: 276, FIRST_CELL: 276 },
      editors: 2,
    },
    [0, 5],
    {
      date: '08/12/2025',
      type: 'Deposit',
      account: 'Undeposited Funds',
      memo: 'Repair work',
      amount: '$1,413.73',
      amountColumn: 'deposit',
    },
  ),
  // The older register: REF NO. over TYPE, PAYEE over ACCOUNT; row ids the transaction Id (never
  // taken as one); the inline Add row closed, showing "Add" (no box for it).
  simChecking(
    'sim-register-stacked.html',
    {
      selectAllAreas: 9,
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 8, DATA_CELL: 176 },
      cells: { COLUMN_TITLE: 8, CELL: 184, FIRST_CELL: 184 },
      editors: 0,
    },
    [0, 4],
    {
      date: '10/26/2025',
      type: 'Expense',
      name: 'Bob’s Burger Joint',
      amount: '$1,488.48',
      amountColumn: 'payment',
    },
  ),
];
