/**
 * Every page layout and every saved page, gathered from their families' files (layout.ts says what
 * each declares; a new family is a line in each table below). The content script reads the layouts'
 * tables only (COLUMN_TITLES, TITLE_PAIRS, PAGE_ENTITIES); ENTITY_FAMILIES and SAVED_PAGES are for
 * tests/collect/selectors.test.ts and are tree-shaken out of its bundle.
 */
import { BANK_FEED_ENTITIES, BANK_FEED_PAGES, BANK_FEED_TITLES } from './bank-feed';
import { EDGE_CASE_PAGES } from './edge-cases';
import type { ColumnTitle, EntitiesBySlug, SavedPage } from './layout';
import { LIST_ENTITIES, LIST_PAGES, SHARED_TITLES } from './lists';
import { REGISTER_PAGES, REGISTER_TITLES } from './registers';

export type {
  ColumnTitle,
  EntitiesBySlug,
  ExpectedRow,
  Field,
  MatchCounts,
  PagesOf,
  SavedPage,
  SelectorPages,
  TitlePair,
} from './layout';
/** Only registers write two titles in one header cell. */
export { REGISTER_TITLE_PAIRS as TITLE_PAIRS } from './registers';
/** The selectors matched on few pages, each with the saved pages it matches. */
export { SELECTOR_PAGES } from './selector-pages';

export const COLUMN_TITLES: readonly ColumnTitle[] = SHARED_TITLES.concat(REGISTER_TITLES, BANK_FEED_TITLES);
export const PAGE_ENTITIES: EntitiesBySlug = { ...LIST_ENTITIES, ...BANK_FEED_ENTITIES };

/** PAGE_ENTITIES' parts, so a test sees a slug declared twice (the spread above would hide it). */
export const ENTITY_FAMILIES: readonly EntitiesBySlug[] = [LIST_ENTITIES, BANK_FEED_ENTITIES];
/** Every saved page under tests/fixtures/pages, by family. */
export const SAVED_PAGES: { readonly [family: string]: readonly SavedPage[] } = {
  lists: LIST_PAGES,
  registers: REGISTER_PAGES,
  bankFeed: BANK_FEED_PAGES,
  edgeCases: EDGE_CASE_PAGES,
};
