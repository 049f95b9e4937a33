/**
 * What a page layout declares, and what its saved pages must show (refined-github's selector tables,
 * turned per page). A layout: the types its page's rows may be (by the page's slug) and the column
 * titles it brings. A saved page (tests/fixtures/pages/<file>): how many times every selector of
 * selectors.ts matches it, and, for rows with no Id, what ticking them reads. A new page
 * layout is its saved page and one block in its family's file (lists.ts, registers.ts, bank-feed.ts;
 * a new family is registered in index.ts). tests/collect/selectors.test.ts checks every count and
 * every read. Layouts and saved pages are separate exports: the content script imports the layouts
 * only, so counts and expected reads are tree-shaken out of its bundle: write them as plain literals
 * (a template literal or a property read is kept by the bundler, as it might have side effects).
 */
import type { Entity } from '../../domain/entities';
import type { AmountColumn, Shown } from '../../domain/shown';
import type * as Selectors from '../selectors';

export type Field = Exclude<keyof Shown, 'amountColumn'>;

/**
 * A column title (a whole title, or one line of a title written on two lines) and the field its cells
 * show; `money` where the amount came from. Titles are read on every page: a title means one thing
 * wherever it appears. Tuples, and plain tables rather than one object per layout: the content
 * script carries them, and must not grow for them.
 */
export type ColumnTitle = readonly [title: RegExp, field: Field, money?: AmountColumn];
/** Two titles on one line where the line break is lost ("REF NO. TYPE"): two fields, in line order. */
export type TitlePair = readonly [title: RegExp, first: Field, second: Field];

/**
 * The types a page's rows may be, by the page's slug (appSlugOf: `invoices` for /app/invoices): sent
 * with its rows known by what they show, so the resolver queries only those. A page with a Type
 * column (registers) needs none.
 */
export type EntitiesBySlug = { readonly [slug: string]: Entity[] };

/** `LINK` for LINK_SELECTOR: every selector of selectors.ts by its short name. */
export type SelectorKey = ShortName<keyof typeof Selectors>;
type ShortName<S> = S extends `${infer K}_SELECTOR` ? K : never;
type Counts<K extends SelectorKey> = { readonly [P in K]: number };

/** How many times each selector matches a saved page (`querySelectorAll`), 0 included, in five groups. */
export interface MatchCounts {
  readonly rows: Counts<'LINK' | 'ROW_ELEMENT' | 'DGRID_ROW' | 'ROW' | 'ROW_LIKE'>;
  readonly boxes: Counts<'CHECKBOX' | 'NATIVE_CHECKBOX' | 'TICK_CONTROL' | 'LABEL' | 'TICKED' | 'SELECT_ALL_AREA'>;
  readonly grid: Counts<'GRID' | 'HEADER_GROUP' | 'COLUMN_HEADER' | 'DATA_CELL'>;
  readonly cells: Counts<'COLUMN_TITLE' | 'CELL' | 'FIRST_CELL'>;
  readonly state: Counts<'COUNTER' | 'LIST_PART' | 'HIDDEN' | 'EDITOR' | 'BANK_TAB'>;
}

/**
 * Selectors that match few saved pages name those pages, with how many times each matches; every
 * other saved page must match none (selector-pages.ts). A selector is counted per page (MatchCounts)
 * or named here, never both.
 */
export type PagesOf = 'TOOLTIP' | 'LABELLED_CONTROL' | 'DATA_PROPS';
export type SelectorPages = { readonly [K in PagesOf]: { readonly [file: string]: number } };

type Counted = { [G in keyof MatchCounts]: keyof MatchCounts[G] }[keyof MatchCounts] | PagesOf;
type Assert<T extends true> = T;
/** Fails to compile while a selector of selectors.ts has no group above (so no saved page counts it). */
export type EverySelectorCounted = Assert<[Exclude<SelectorKey, Counted>] extends [never] ? true : false>;

/** What the collector sends for one ticked row with no Id. */
export interface ExpectedRow {
  readonly shown: Shown;
  /** The types sent with it: its layout's (none where the page shows a Type column). */
  readonly entities?: readonly Entity[];
}

export interface SavedPage {
  /** Under tests/fixtures/pages. */
  readonly file: string;
  /** Where the page is shown: its slug picks its layout, its links resolve against it. */
  readonly url: string;
  readonly counts: MatchCounts;
  /**
   * Rows with no Id: the person ticks these row boxes (indexes among the checkboxes outside the
   * grid's header, ours included, in page order) and the collector sends these rows, in order.
   */
  readonly reads?: { readonly tick: readonly number[]; readonly rows: readonly ExpectedRow[] };
}
