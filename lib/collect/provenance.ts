/**
 * Who ticked a row: the person, or the page. A newly ticked row is the person's when
 * - a trusted gesture of the last GESTURE_WINDOW_MS pointed inside that row (the row's own checkbox,
 *   a label, or a custom checkbox whose keydown handler calls `click()`), or
 * - a trusted gesture turned on its grid's select-all and the row was seen ticked within
 *   SELECT_ALL_WINDOW_MS of that gesture: the web app's select-all ticks every row by script right
 *   after one real click. That authorization ends with the window, when the control is unticked or
 *   leaves the page, and when the page's URL changes. Rows ticked later (a virtualized grid rendering
 *   rows as the person scrolls; a scroll does not extend the window) are the page's: the popup lists
 *   them under "Ticked by the page, not by you", where the person can adopt them.
 * A select-all is a checkbox in the header row of its grid, rendered; when the person clicked a label,
 * the label too must be rendered and in that header row (a label elsewhere, or a hidden box behind a
 * column title, would let a click meant for something else authorize the page's ticks).
 * Anything else (a script's `click()`, rows ticked when the page loaded) is the page's.
 */
import { isChecked } from './checkbox';
import { type Gesture, type GestureLog, SELECT_ALL_WINDOW_MS } from './gestures';
import { headerGridOf } from './grid-headers';
import type { AnyRow, PageScan } from './rows';
import {
  CHECKBOX_SELECTOR,
  COLUMN_HEADER_SELECTOR,
  DATA_CELL_SELECTOR,
  GRID_SELECTOR,
  HEADER_GROUP_SELECTOR,
  HIDDEN_SELECTOR,
  ROW_ELEMENT_SELECTOR,
  TICK_CONTROL_SELECTOR,
} from './selectors';

export interface PersonTick {
  at: number;
  /** `row`: a gesture in the row itself; `selectAll`: the grid's select-all. */
  via: 'row' | 'selectAll';
}

export interface ProvenanceJudge {
  /** Once per scan, before `personTick`; `url` is the page's, read for this scan. */
  begin(scan: PageScan, now: number, url: string): void;
  /** The person's tick behind this row's ticked state, if any. */
  personTick(row: AnyRow): PersonTick | undefined;
  /** A new page (client-side navigation): every select-all ends, and no earlier gesture opens one. */
  newPage(now: number): void;
}

function controlOf(el: Element): Element | null {
  if (el.tagName === 'LABEL') return (el as HTMLLabelElement).control ?? el.querySelector(CHECKBOX_SELECTOR);
  return el.matches(CHECKBOX_SELECTOR) ? el : null;
}

function rowAround(target: Element, scan: PageScan): AnyRow | undefined {
  for (let el: Element | null = target; el; el = el.parentElement) {
    const row = scan.byElement.get(el);
    if (row) return row;
  }
  return undefined;
}

/** Whether `el` sits in a header row of `grid` (not in a data row, not outside the grid). */
function inHeaderRow(el: Element, grid: Element): boolean {
  if (el.closest(GRID_SELECTOR) !== grid) return false;
  const row = el.closest(ROW_ELEMENT_SELECTOR);
  if (row === null || !grid.contains(row)) return false;
  const group = row.closest(HEADER_GROUP_SELECTOR);
  if (group !== null && grid.contains(group)) return true;
  return row.querySelector(COLUMN_HEADER_SELECTOR) !== null && row.querySelector(DATA_CELL_SELECTOR) === null;
}

/**
 * Whether the person can see `el`: not under `hidden` or `aria-hidden="true"`, no `display: none` on
 * it or an ancestor, not `visibility: hidden`, and not of zero width or height. A DOM with no layout
 * engine (the tests' happy-dom) measures every box 0×0: there the size comes from the styles alone.
 */
function isRendered(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!el.isConnected || view === null || el.closest(HIDDEN_SELECTOR) !== null) return false;
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (view.getComputedStyle(node).display === 'none') return false;
  }
  const style = view.getComputedStyle(el);
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
  // The computed size of a box (a checkbox) is its used size; an inline label's is `auto` (NaN here).
  if (Number.parseFloat(style.width) === 0 || Number.parseFloat(style.height) === 0) return false;
  const box = el.getBoundingClientRect();
  const hasLayout = el.ownerDocument.documentElement.getBoundingClientRect().width > 0;
  return !hasLayout || (box.width > 0 && box.height > 0);
}

/** The select-all a gesture at `where` reached, with its grid, if it is one. */
function selectAllAt(where: Element): { control: Element; grid: Element } | undefined {
  const reached = where.closest(TICK_CONTROL_SELECTOR);
  const control = reached && controlOf(reached);
  const grid = control?.closest(GRID_SELECTOR);
  if (!reached || !control || !grid) return undefined;
  for (const part of new Set([reached, control])) {
    if (!inHeaderRow(part, grid) || !isRendered(part)) return undefined;
  }
  return { control, grid };
}

export function createProvenanceJudge(gestures: GestureLog): ProvenanceJudge {
  /** Select-all controls the person turned on, within their window: control → its grid and the gesture's time. */
  const selectAll = new Map<Element, { grid: Element; at: number }>();
  // A gesture's effect on a select-all is judged once, at the first scan after it (its own task):
  // otherwise the click that turned "all" off, still in the window, would adopt a script turning it
  // back on.
  const judged = new WeakSet<Gesture>();
  let byRow = new Map<AnyRow, number>();
  let url: string | undefined;

  const newPage = (now: number) => {
    selectAll.clear();
    // A select-all clicked on the page before cannot authorize ticks on this one.
    for (const gesture of gestures.recent(now)) judged.add(gesture);
  };

  /** A rows grid's header-only table, where its grid is split in two (grid-headers.ts), per scan. */
  let headerOf = new Map<Element, Element | null>();
  const headerGrid = (grid: Element) => {
    let header = headerOf.get(grid);
    if (header === undefined) {
      header = headerGridOf(grid);
      headerOf.set(grid, header);
    }
    return header;
  };

  const selectAllTick = (row: AnyRow): number | undefined => {
    if (selectAll.size === 0) return undefined;
    for (const cell of row.cells) {
      const grid = cell.element.closest(GRID_SELECTOR);
      for (const entry of selectAll.values()) {
        // The select-all of a split grid sits in the header table, its rows in the other one.
        if (entry.grid === grid || (grid !== null && headerGrid(grid) === entry.grid)) return entry.at;
      }
    }
    return undefined;
  };

  return {
    newPage,
    begin(scan, now, pageUrl) {
      byRow = new Map();
      headerOf = new Map();
      if (url !== undefined && pageUrl !== url) newPage(now);
      url = pageUrl;
      for (const [control, { at }] of selectAll) {
        if (now - at > SELECT_ALL_WINDOW_MS || !control.isConnected || !isChecked(control)) selectAll.delete(control);
      }
      for (const gesture of gestures.recent(now)) {
        const { at } = gesture;
        const where = gesture.viaLabel ?? gesture.target;
        const row = rowAround(where, scan);
        if (row) {
          byRow.set(row, Math.max(at, byRow.get(row) ?? 0));
          continue;
        }
        if (judged.has(gesture)) continue;
        judged.add(gesture);
        const found = now - at <= SELECT_ALL_WINDOW_MS ? selectAllAt(where) : undefined;
        if (found && !selectAll.has(found.control) && isChecked(found.control)) {
          selectAll.set(found.control, { grid: found.grid, at });
        }
      }
    },
    personTick(row) {
      const at = byRow.get(row);
      if (at !== undefined) return { at, via: 'row' };
      const all = selectAllTick(row);
      return all === undefined ? undefined : { at: all, via: 'selectAll' };
    },
  };
}
