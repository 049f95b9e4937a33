/**
 * Every CSS selector the collector uses (refined-github's selectors.ts); no other file of lib/collect
 * may hold a selector literal (tests/collect/one-selector-table.test.ts). How many times each matches
 * every saved page is declared with the page layouts, page by page (layouts/layout.ts MatchCounts):
 * tests/collect/selectors.test.ts loads each page and checks every number. A new selector: its line
 * here, its group in MatchCounts, its count on every saved page. The content script imports only the
 * selectors; the counts are tree-shaken out of its bundle.
 */

// --- Rows and links ---

/**
 * A link that may open a transaction: anything mentioning txnId; the link parser (link.ts) decides.
 * More links than rows where a row links twice or a link is refused (the hostile page: 35 for 20 rows).
 */
export const LINK_SELECTOR = 'a[href*="txnId"]';

/** A table or ARIA row (a dgrid row's inner `tr` too: rowOf prefers the `.dgrid-row` around it). */
export const ROW_ELEMENT_SELECTOR = 'tr, [role="row"]';

/** An account register's row (dojo dgrid), which wraps a presentation table of one `tr`. */
export const DGRID_ROW_SELECTOR = '.dgrid-row';

/** The row a transaction link belongs to (rows.ts rowOf): list rows and register rows. */
export const ROW_SELECTOR = `${ROW_ELEMENT_SELECTOR}, ${DGRID_ROW_SELECTOR}`;

/** A ticked box's row on a page the collector cannot read yet (page-structure.ts); `li` for card lists. */
export const ROW_LIKE_SELECTOR = `${ROW_ELEMENT_SELECTOR}, li`;

// --- Checkboxes ---

/** A row's checkbox: native, or custom with aria-checked (checkbox.ts; none in registers, which get ours). */
export const CHECKBOX_SELECTOR = 'input[type="checkbox"], [role="checkbox"]';

/** Native checkboxes only: our own boxes are among them (own-checkboxes.ts inDocument). */
export const NATIVE_CHECKBOX_SELECTOR = 'input[type="checkbox"]';

/** What a click or key can tick a row through: a checkbox or a label (collector.ts, provenance.ts). */
export const TICK_CONTROL_SELECTOR = `${CHECKBOX_SELECTOR}, label`;

/** A label whose click the browser forwards to its control (gestures.ts). */
export const LABEL_SELECTOR = 'label';

/** A ticked checkbox, native or custom (page-structure.ts: ticked rows the scan could not read). */
export const TICKED_SELECTOR = 'input[type="checkbox"]:checked, [role="checkbox"][aria-checked="true"]';

/** Where a checkbox is a select-all rather than a row's tick (page-structure.ts). Wider than
 * HEADER_GROUP_SELECTOR on purpose: any header-like class, since the page is one we cannot read yet. */
export const SELECT_ALL_AREA_SELECTOR = 'thead, [role="columnheader"], .dgrid-header, [class*="header" i]';

// --- Grids, headers and cells ---

/** A row's grid: the table or grid that holds it and its header (not a presentation table). */
export const GRID_SELECTOR =
  'table:not([role="presentation"]), [role="grid"], [role="table"], [role="treegrid"], .dgrid';

/** The rows of a grid's header: a table's `thead`, dgrid's header (its inner `tr` is presentation). */
export const HEADER_GROUP_SELECTOR = 'thead, .dgrid-header';

/** A row outside any header group is a header row when it has column headers (this)
 * and no data cell (DATA_CELL_SELECTOR): where a select-all sits (provenance.ts). */
export const COLUMN_HEADER_SELECTOR =
  '[role="columnheader"], th:not([role]):not([scope="row"]):not([scope="rowgroup"])';

/** A data cell: a row that has one is not a header row (provenance.ts). */
export const DATA_CELL_SELECTOR =
  'td:not([role="columnheader"]), [role="cell"], [role="gridcell"], [role="rowheader"], th[scope="row"]';

/** The column titles whose text names a row's shown fields (shown.ts), in column order. */
export const COLUMN_TITLE_SELECTOR = 'thead th, [role="columnheader"], .dgrid-header th';

/** A row's cells by column index, where the row is not a `tr` (shown.ts). */
export const CELL_SELECTOR = '[role="gridcell"], [role="cell"], td, .dgrid-cell';

/** Where our checkbox goes in a row that has none: its first cell, so the columns stay aligned. */
export const FIRST_CELL_SELECTOR = 'td, th, [role="gridcell"], [role="cell"]';

// --- Page state ---

/** The page's own "N selected" counter: live regions and counter-like classes (page-counter.ts). */
export const COUNTER_SELECTOR =
  '[role="status"], [aria-live], [class*="selected-count"], [class*="selectedCount"], [class*="selection-count"]';

/** A counter candidate holding any of these wraps the list itself, not a count (page-counter.ts). */
export const LIST_PART_SELECTOR = `${ROW_SELECTOR}, ${LINK_SELECTOR}`;

/** Hidden from the person: a counter or select-all inside is not read (page-counter.ts, provenance.ts).
 * No saved page hides anything yet: its behaviour is pinned by the provenance and counter tests. */
export const HIDDEN_SELECTOR = '[hidden], [aria-hidden="true"]';

// --- The company's name the page shows (company-name.ts): a guess, no public markup evidence ---

/**
 * Where the page may name its company, in order (the first that holds a name wins). Not a counted
 * `_SELECTOR`: no saved page of the real web app shows this markup (the simulator's is a guess), so
 * there is no page whose count it could be pinned to; tests/collect/company-name.test.ts reads it.
 */
export const COMPANY_NAME_PLACES = [
  '[data-testid="company-name"]',
  '[data-automation-id="company-name"]',
  '[data-qa="company-name"]',
  '.company-name',
  '.companyName',
].join(', ');

// --- Rows known by what they show (shown-rows.ts) ---

/** An editor open in a row (the register's "add" row, a row being edited inline): not a shown row. */
export const EDITOR_SELECTOR = 'input:not([type="checkbox"]), select, textarea';

/**
 * The bank feed's tabs: segmented buttons (`segmentedBTN-…`) or the older tab list. Which one is
 * shown is told by its text ("Pending (25)", "For review" hold bank lines; "Posted", "Categorized"
 * recorded transactions) and the address: public code shows no pressed state on them (bank-tab.ts).
 */
export const BANK_TAB_SELECTOR = '[data-testid^="segmentedBTN"], [role="tab"]';

// --- Values nested in a cell (cell-value.ts). Matched on fewer pages than the selectors above, so
// each names the saved pages it matches (layouts/selector-pages.ts); every other page matches none.

/** A cell's tooltip child holding its full text (the bank feed's `.description-tooltip`). */
export const TOOLTIP_SELECTOR = '.description-tooltip, [role="tooltip"]';

/** A control in a cell whose aria-label is the value (the bank feed's payee and category buttons). */
export const LABELLED_CONTROL_SELECTOR =
  'button[aria-label]:not([aria-hidden="true"]), [role="button"][aria-label], [role="combobox"][aria-label]';

/** A cell's picker whose JSON `data-props` names the value (the bank feed's category Quickfill). */
export const DATA_PROPS_SELECTOR = '[data-props]';
