/**
 * Where a grid's column titles are. Usually in the grid itself (a table's `thead`, ARIA column
 * headers). The web app's bank feed splits its grid in two tables (public code that automates it:
 * two `table.idsTable__columnGroup`, the first holding the headers, the second the rows, inside
 * `#table-body-main`): a grid with no titles of its own takes those of the nearest grid BEFORE it,
 * in a container they share a few levels up, that holds titles and no data cell (a header-only table).
 */
import { COLUMN_TITLE_SELECTOR, DATA_CELL_SELECTOR, GRID_SELECTOR } from './selectors';

/** How far up from the rows' grid a shared container is looked for. */
const MAX_UP = 5;
/** Node.DOCUMENT_POSITION_FOLLOWING: the other node comes after. */
const FOLLOWING = 4;

const isHeaderOnly = (grid: Element) =>
  grid.querySelector(COLUMN_TITLE_SELECTOR) !== null && grid.querySelector(DATA_CELL_SELECTOR) === null;

/** The header-only grid that holds `grid`'s titles, when `grid` has none of its own; null otherwise. */
export function headerGridOf(grid: Element): Element | null {
  if (grid.querySelector(COLUMN_TITLE_SELECTOR) !== null) return null;
  let up = grid.parentElement;
  for (let depth = 0; up !== null && depth < MAX_UP; depth++, up = up.parentElement) {
    let nearest: Element | null = null;
    for (const other of up.querySelectorAll(GRID_SELECTOR)) {
      if (other === grid || other.contains(grid) || grid.contains(other)) continue;
      if ((other.compareDocumentPosition(grid) & FOLLOWING) === 0) break;
      if (isHeaderOnly(other)) nearest = other;
    }
    if (nearest !== null) return nearest;
  }
  return null;
}

/** `grid`'s column titles, in column order: its own, else its header-only sibling's. */
export function columnTitlesOf(grid: Element): Element[] {
  const own = grid.querySelectorAll(COLUMN_TITLE_SELECTOR);
  if (own.length > 0) return Array.from(own);
  const header = headerGridOf(grid);
  return header === null ? [] : Array.from(header.querySelectorAll(COLUMN_TITLE_SELECTOR));
}
