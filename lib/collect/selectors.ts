/**
 * Every CSS selector the collector uses, each beside the saved pages it must match and how many times
 * (refined-github's selectors.ts). `X_SELECTOR_` counts X's matches (`querySelectorAll`) on each saved
 * page of SAVED_PAGES, every page named, 0 included: tests/collect/selectors.test.ts loads each page and
 * checks every number, and no other file of lib/collect may hold a selector literal
 * (tests/collect/one-selector-table.test.ts). A new page layout: its saved page under
 * tests/fixtures/pages, its name in SAVED_PAGES, its counts below. The content script imports only the
 * selectors; the counts are tree-shaken out of its bundle.
 */

export { type MatchCounts, SAVED_PAGES } from './saved-pages';

import type { MatchCounts } from './saved-pages';

// --- Rows and links ---

/**
 * A link that may open a transaction: anything mentioning txnId; the link parser (link.ts) decides.
 * More links than rows where a row links twice or a link is refused (the hostile page: 35 for 20 rows).
 */
export const LINK_SELECTOR = 'a[href*="txnId"]';
export const LINK_SELECTOR_ = {
  sim: { sales: 20, expenses: 8, invoices: 4, creditMemos: 4, register: 40, hostile: 35 },
  hand: { nested: 6, twoLinks: 7, outsideRow: 3, params: 5, sandbox: 5 },
  real: { bankFeed: 10, expenses: 19, invoices: 13, checking: 11, creditCard: 4, sales: 14 },
  noIds: { register: 0, invoices: 0, bankPending: 0, bankPosted: 0 },
  simReal: { register: 0, invoices: 0, bankPending: 0, bankPosted: 0 },
} satisfies MatchCounts;

/** A table or ARIA row (a dgrid row's inner `tr` too: rowOf prefers the `.dgrid-row` around it). */
export const ROW_ELEMENT_SELECTOR = 'tr, [role="row"]';
export const ROW_ELEMENT_SELECTOR_ = {
  sim: { sales: 21, expenses: 9, invoices: 5, creditMemos: 5, register: 82, hostile: 36 },
  hand: { nested: 8, twoLinks: 4, outsideRow: 4, params: 6, sandbox: 5 },
  real: { bankFeed: 11, expenses: 9, invoices: 7, checking: 24, creditCard: 10, sales: 8 },
  noIds: { register: 20, invoices: 7, bankPending: 9, bankPosted: 8 },
  simReal: { register: 46, invoices: 23, bankPending: 16, bankPosted: 16 },
} satisfies MatchCounts;

/** An account register's row (dojo dgrid), which wraps a presentation table of one `tr`. */
export const DGRID_ROW_SELECTOR = '.dgrid-row';
export const DGRID_ROW_SELECTOR_ = {
  sim: { sales: 0, expenses: 0, invoices: 0, creditMemos: 0, register: 40, hostile: 0 },
  hand: { nested: 1, twoLinks: 0, outsideRow: 0, params: 0, sandbox: 0 },
  real: { bankFeed: 0, expenses: 0, invoices: 0, checking: 11, creditCard: 4, sales: 0 },
  noIds: { register: 9, invoices: 0, bankPending: 0, bankPosted: 0 },
  simReal: { register: 22, invoices: 0, bankPending: 0, bankPosted: 0 },
} satisfies MatchCounts;

/** The row a transaction link belongs to (rows.ts rowOf): list rows and register rows. */
export const ROW_SELECTOR = `${ROW_ELEMENT_SELECTOR}, ${DGRID_ROW_SELECTOR}`;
export const ROW_SELECTOR_ = {
  sim: { sales: 21, expenses: 9, invoices: 5, creditMemos: 5, register: 82, hostile: 36 },
  hand: { nested: 8, twoLinks: 4, outsideRow: 4, params: 6, sandbox: 5 },
  real: { bankFeed: 11, expenses: 9, invoices: 7, checking: 24, creditCard: 10, sales: 8 },
  noIds: { register: 20, invoices: 7, bankPending: 9, bankPosted: 8 },
  simReal: { register: 46, invoices: 23, bankPending: 16, bankPosted: 16 },
} satisfies MatchCounts;

/** A ticked box's row on a page the collector cannot read yet (page-structure.ts); `li` for card lists. */
export const ROW_LIKE_SELECTOR = `${ROW_ELEMENT_SELECTOR}, li`;
export const ROW_LIKE_SELECTOR_ = {
  sim: { sales: 30, expenses: 18, invoices: 14, creditMemos: 14, register: 91, hostile: 45 },
  hand: { nested: 8, twoLinks: 4, outsideRow: 4, params: 6, sandbox: 5 },
  real: { bankFeed: 11, expenses: 9, invoices: 7, checking: 24, creditCard: 10, sales: 8 },
  noIds: { register: 20, invoices: 7, bankPending: 9, bankPosted: 8 },
  simReal: { register: 56, invoices: 33, bankPending: 26, bankPosted: 26 },
} satisfies MatchCounts;

// --- Checkboxes ---

/** A row's checkbox: native, or custom with aria-checked (checkbox.ts; none in registers, which get ours). */
export const CHECKBOX_SELECTOR = 'input[type="checkbox"], [role="checkbox"]';
export const CHECKBOX_SELECTOR_ = {
  sim: { sales: 21, expenses: 9, invoices: 4, creditMemos: 5, register: 0, hostile: 36 },
  hand: { nested: 4, twoLinks: 4, outsideRow: 3, params: 6, sandbox: 5 },
  real: { bankFeed: 11, expenses: 9, invoices: 7, checking: 0, creditCard: 0, sales: 8 },
  noIds: { register: 0, invoices: 7, bankPending: 7, bankPosted: 6 },
  simReal: { register: 0, invoices: 23, bankPending: 14, bankPosted: 14 },
} satisfies MatchCounts;

/** Native checkboxes only: our own boxes are among them (own-checkboxes.ts inDocument). */
export const NATIVE_CHECKBOX_SELECTOR = 'input[type="checkbox"]';
export const NATIVE_CHECKBOX_SELECTOR_ = {
  sim: { sales: 21, expenses: 9, invoices: 0, creditMemos: 5, register: 0, hostile: 36 },
  hand: { nested: 2, twoLinks: 4, outsideRow: 2, params: 6, sandbox: 0 },
  real: { bankFeed: 11, expenses: 9, invoices: 7, checking: 0, creditCard: 0, sales: 8 },
  noIds: { register: 0, invoices: 7, bankPending: 7, bankPosted: 6 },
  simReal: { register: 0, invoices: 23, bankPending: 14, bankPosted: 14 },
} satisfies MatchCounts;

/** What a click or key can tick a row through: a checkbox or a label (collector.ts, provenance.ts). */
export const TICK_CONTROL_SELECTOR = `${CHECKBOX_SELECTOR}, label`;
export const TICK_CONTROL_SELECTOR_ = {
  sim: { sales: 21, expenses: 9, invoices: 4, creditMemos: 5, register: 0, hostile: 36 },
  hand: { nested: 4, twoLinks: 4, outsideRow: 4, params: 6, sandbox: 5 },
  real: { bankFeed: 22, expenses: 18, invoices: 14, checking: 0, creditCard: 0, sales: 16 },
  noIds: { register: 0, invoices: 14, bankPending: 14, bankPosted: 12 },
  simReal: { register: 0, invoices: 46, bankPending: 28, bankPosted: 28 },
} satisfies MatchCounts;

/** A label whose click the browser forwards to its control (gestures.ts). */
export const LABEL_SELECTOR = 'label';
export const LABEL_SELECTOR_ = {
  sim: { sales: 0, expenses: 0, invoices: 0, creditMemos: 0, register: 0, hostile: 0 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 1, params: 0, sandbox: 0 },
  real: { bankFeed: 11, expenses: 9, invoices: 7, checking: 0, creditCard: 0, sales: 8 },
  noIds: { register: 0, invoices: 7, bankPending: 7, bankPosted: 6 },
  simReal: { register: 0, invoices: 23, bankPending: 14, bankPosted: 14 },
} satisfies MatchCounts;

/** A ticked checkbox, native or custom (page-structure.ts: ticked rows the scan could not read). */
export const TICKED_SELECTOR = 'input[type="checkbox"]:checked, [role="checkbox"][aria-checked="true"]';
export const TICKED_SELECTOR_ = {
  sim: { sales: 0, expenses: 0, invoices: 0, creditMemos: 0, register: 0, hostile: 0 },
  hand: { nested: 2, twoLinks: 1, outsideRow: 3, params: 1, sandbox: 3 },
  real: { bankFeed: 2, expenses: 1, invoices: 2, checking: 0, creditCard: 0, sales: 1 },
  noIds: { register: 0, invoices: 1, bankPending: 2, bankPosted: 0 },
  simReal: { register: 0, invoices: 0, bankPending: 0, bankPosted: 0 },
} satisfies MatchCounts;

/** Where a checkbox is a select-all rather than a row's tick (page-structure.ts). Wider than
 * HEADER_GROUP_SELECTOR on purpose: any header-like class, since the page is one we cannot read yet. */
export const SELECT_ALL_AREA_SELECTOR = 'thead, [role="columnheader"], .dgrid-header, [class*="header" i]';
export const SELECT_ALL_AREA_SELECTOR_ = {
  sim: { sales: 1, expenses: 1, invoices: 8, creditMemos: 1, register: 1, hostile: 1 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 1, params: 0, sandbox: 0 },
  real: { bankFeed: 8, expenses: 10, invoices: 10, checking: 10, creditCard: 8, sales: 9 },
  noIds: { register: 10, invoices: 10, bankPending: 10, bankPosted: 10 },
  simReal: { register: 9, invoices: 10, bankPending: 10, bankPosted: 10 },
} satisfies MatchCounts;

// --- Grids, headers and cells ---

/** A row's grid: the table or grid that holds it and its header (not a presentation table). */
export const GRID_SELECTOR =
  'table:not([role="presentation"]), [role="grid"], [role="table"], [role="treegrid"], .dgrid';
export const GRID_SELECTOR_ = {
  sim: { sales: 1, expenses: 1, invoices: 1, creditMemos: 1, register: 1, hostile: 1 },
  hand: { nested: 4, twoLinks: 1, outsideRow: 1, params: 1, sandbox: 1 },
  real: { bankFeed: 1, expenses: 1, invoices: 1, checking: 1, creditCard: 1, sales: 1 },
  noIds: { register: 1, invoices: 1, bankPending: 1, bankPosted: 1 },
  simReal: { register: 1, invoices: 1, bankPending: 1, bankPosted: 1 },
} satisfies MatchCounts;

/** The rows of a grid's header: a table's `thead`, dgrid's header (its inner `tr` is presentation). */
export const HEADER_GROUP_SELECTOR = 'thead, .dgrid-header';
export const HEADER_GROUP_SELECTOR_ = {
  sim: { sales: 1, expenses: 1, invoices: 0, creditMemos: 1, register: 1, hostile: 1 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 1, params: 0, sandbox: 0 },
  real: { bankFeed: 0, expenses: 1, invoices: 1, checking: 1, creditCard: 1, sales: 1 },
  noIds: { register: 1, invoices: 1, bankPending: 1, bankPosted: 1 },
  simReal: { register: 1, invoices: 1, bankPending: 1, bankPosted: 1 },
} satisfies MatchCounts;

/** A row outside any header group is a header row when it has column headers (this)
 * and no data cell (DATA_CELL_SELECTOR): where a select-all sits (provenance.ts). */
export const COLUMN_HEADER_SELECTOR =
  '[role="columnheader"], th:not([role]):not([scope="row"]):not([scope="rowgroup"])';
export const COLUMN_HEADER_SELECTOR_ = {
  sim: { sales: 6, expenses: 6, invoices: 7, creditMemos: 6, register: 6, hostile: 6 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 2, params: 0, sandbox: 0 },
  real: { bankFeed: 7, expenses: 8, invoices: 8, checking: 8, creditCard: 6, sales: 7 },
  noIds: { register: 8, invoices: 8, bankPending: 8, bankPosted: 8 },
  simReal: { register: 8, invoices: 8, bankPending: 8, bankPosted: 8 },
} satisfies MatchCounts;

/** A data cell: a row that has one is not a header row (provenance.ts). */
export const DATA_CELL_SELECTOR =
  'td:not([role="columnheader"]), [role="cell"], [role="gridcell"], [role="rowheader"], th[scope="row"]';
export const DATA_CELL_SELECTOR_ = {
  sim: { sales: 120, expenses: 48, invoices: 28, creditMemos: 24, register: 240, hostile: 210 },
  hand: { nested: 12, twoLinks: 12, outsideRow: 5, params: 12, sandbox: 0 },
  real: { bankFeed: 70, expenses: 64, invoices: 48, checking: 88, creditCard: 24, sales: 49 },
  noIds: { register: 72, invoices: 48, bankPending: 48, bankPosted: 40 },
  simReal: { register: 176, invoices: 176, bankPending: 104, bankPosted: 104 },
} satisfies MatchCounts;

/** The column titles whose text names a row's shown fields (shown.ts), in column order. */
export const COLUMN_TITLE_SELECTOR = 'thead th, [role="columnheader"], .dgrid-header th';
export const COLUMN_TITLE_SELECTOR_ = {
  sim: { sales: 6, expenses: 6, invoices: 7, creditMemos: 6, register: 6, hostile: 6 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 2, params: 0, sandbox: 0 },
  real: { bankFeed: 7, expenses: 8, invoices: 8, checking: 8, creditCard: 6, sales: 7 },
  noIds: { register: 8, invoices: 8, bankPending: 8, bankPosted: 8 },
  simReal: { register: 8, invoices: 8, bankPending: 8, bankPosted: 8 },
} satisfies MatchCounts;

/** A row's cells by column index, where the row is not a `tr` (shown.ts). */
export const CELL_SELECTOR = '[role="gridcell"], [role="cell"], td, .dgrid-cell';
export const CELL_SELECTOR_ = {
  sim: { sales: 120, expenses: 48, invoices: 28, creditMemos: 24, register: 246, hostile: 210 },
  hand: { nested: 12, twoLinks: 12, outsideRow: 5, params: 12, sandbox: 0 },
  real: { bankFeed: 70, expenses: 64, invoices: 48, checking: 96, creditCard: 30, sales: 49 },
  noIds: { register: 80, invoices: 48, bankPending: 48, bankPosted: 40 },
  simReal: { register: 184, invoices: 176, bankPending: 104, bankPosted: 104 },
} satisfies MatchCounts;

/** Where our checkbox goes in a row that has none: its first cell, so the columns stay aligned. */
export const FIRST_CELL_SELECTOR = 'td, th, [role="gridcell"], [role="cell"]';
export const FIRST_CELL_SELECTOR_ = {
  sim: { sales: 126, expenses: 54, invoices: 28, creditMemos: 30, register: 246, hostile: 216 },
  hand: { nested: 12, twoLinks: 12, outsideRow: 7, params: 12, sandbox: 0 },
  real: { bankFeed: 70, expenses: 72, invoices: 56, checking: 96, creditCard: 30, sales: 56 },
  noIds: { register: 80, invoices: 56, bankPending: 56, bankPosted: 48 },
  simReal: { register: 184, invoices: 184, bankPending: 112, bankPosted: 112 },
} satisfies MatchCounts;

// --- Page state ---

/** The page's own "N selected" counter: live regions and counter-like classes (page-counter.ts). */
export const COUNTER_SELECTOR =
  '[role="status"], [aria-live], [class*="selected-count"], [class*="selectedCount"], [class*="selection-count"]';
export const COUNTER_SELECTOR_ = {
  sim: { sales: 0, expenses: 0, invoices: 0, creditMemos: 0, register: 0, hostile: 0 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 0, params: 0, sandbox: 0 },
  real: { bankFeed: 1, expenses: 0, invoices: 0, checking: 0, creditCard: 0, sales: 0 },
  noIds: { register: 0, invoices: 0, bankPending: 0, bankPosted: 0 },
  simReal: { register: 0, invoices: 0, bankPending: 1, bankPosted: 1 },
} satisfies MatchCounts;

/** A counter candidate holding any of these wraps the list itself, not a count (page-counter.ts). */
export const LIST_PART_SELECTOR = `${ROW_SELECTOR}, ${LINK_SELECTOR}`;
export const LIST_PART_SELECTOR_ = {
  sim: { sales: 41, expenses: 17, invoices: 9, creditMemos: 9, register: 122, hostile: 71 },
  hand: { nested: 14, twoLinks: 11, outsideRow: 7, params: 11, sandbox: 10 },
  real: { bankFeed: 21, expenses: 28, invoices: 20, checking: 35, creditCard: 14, sales: 22 },
  noIds: { register: 20, invoices: 7, bankPending: 9, bankPosted: 8 },
  simReal: { register: 46, invoices: 23, bankPending: 16, bankPosted: 16 },
} satisfies MatchCounts;

/** Hidden from the person: a counter or select-all inside is not read (page-counter.ts, provenance.ts).
 * No saved page hides anything yet: its behaviour is pinned by the provenance and counter tests. */
export const HIDDEN_SELECTOR = '[hidden], [aria-hidden="true"]';
export const HIDDEN_SELECTOR_ = {
  sim: { sales: 0, expenses: 0, invoices: 0, creditMemos: 0, register: 0, hostile: 0 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 0, params: 0, sandbox: 0 },
  real: { bankFeed: 0, expenses: 0, invoices: 0, checking: 0, creditCard: 0, sales: 0 },
  noIds: { register: 0, invoices: 0, bankPending: 9, bankPosted: 8 },
  simReal: { register: 0, invoices: 0, bankPending: 16, bankPosted: 16 },
} satisfies MatchCounts;

// --- Rows known by what they show (shown-rows.ts) ---

/** An editor open in a row (the register's "add" row, a row being edited inline): not a shown row. */
export const EDITOR_SELECTOR = 'input:not([type="checkbox"]), select, textarea';
export const EDITOR_SELECTOR_ = {
  sim: { sales: 0, expenses: 0, invoices: 0, creditMemos: 0, register: 0, hostile: 0 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 0, params: 0, sandbox: 0 },
  real: { bankFeed: 0, expenses: 0, invoices: 0, checking: 2, creditCard: 0, sales: 0 },
  noIds: { register: 2, invoices: 0, bankPending: 0, bankPosted: 0 },
  simReal: { register: 2, invoices: 0, bankPending: 0, bankPosted: 0 },
} satisfies MatchCounts;

/**
 * The bank feed's pressed tab: segmented buttons (`segmentedBTN-…`, aria-pressed or aria-selected),
 * or the older tab list. Its text tells bank lines ("Pending (25)", "For review") from recorded
 * transactions ("Posted", "Categorized").
 */
export const BANK_TAB_SELECTOR =
  '[data-testid^="segmentedBTN"][aria-pressed="true"], [data-testid^="segmentedBTN"][aria-selected="true"], [role="tab"][aria-selected="true"]';
export const BANK_TAB_SELECTOR_ = {
  sim: { sales: 0, expenses: 0, invoices: 0, creditMemos: 0, register: 0, hostile: 0 },
  hand: { nested: 0, twoLinks: 0, outsideRow: 0, params: 0, sandbox: 0 },
  real: { bankFeed: 1, expenses: 0, invoices: 0, checking: 0, creditCard: 0, sales: 0 },
  noIds: { register: 0, invoices: 0, bankPending: 1, bankPosted: 1 },
  simReal: { register: 0, invoices: 0, bankPending: 1, bankPosted: 1 },
} satisfies MatchCounts;
