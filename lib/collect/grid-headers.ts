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

const isHeaderOnly = (grid: Element) =>
  grid.querySelector(COLUMN_TITLE_SELECTOR) !== null && grid.querySelector(DATA_CELL_SELECTOR) === null;

/**
 * The header-only grid that holds `grid`'s titles, when `grid` has none of its own; null otherwise.
 * The nearest such grid before it: at each level up, in the elements before the one holding `grid`,
 * nearest first; never under `grid`'s own container (a page of 300 rows is not walked).
 */
export function headerGridOf(grid: Element): Element | null {
  return grid.querySelector(COLUMN_TITLE_SELECTOR) !== null ? null : headerGridBefore(grid);
}

function headerGridBefore(grid: Element): Element | null {
  let child: Element = grid;
  let up = grid.parentElement;
  for (let depth = 0; up !== null && depth < MAX_UP; depth++, child = up, up = up.parentElement) {
    for (let before = child.previousElementSibling; before !== null; before = before.previousElementSibling) {
      const inner = Array.from(before.querySelectorAll(GRID_SELECTOR));
      const grids = before.matches(GRID_SELECTOR) ? [before, ...inner] : inner;
      for (let i = grids.length - 1; i >= 0; i--) {
        const other = grids[i] as Element;
        if (isHeaderOnly(other)) return other;
      }
    }
  }
  return null;
}

/** `grid`'s column titles, in column order: its own, else its header-only sibling's. */
export function columnTitlesOf(grid: Element): Element[] {
  const own = grid.querySelectorAll(COLUMN_TITLE_SELECTOR);
  if (own.length > 0) return Array.from(own);
  const header = headerGridBefore(grid);
  return header === null ? [] : Array.from(header.querySelectorAll(COLUMN_TITLE_SELECTOR));
}
