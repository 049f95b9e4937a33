/**
 * Who ticked a row: the person, or the page. A newly ticked row is the person's when
 * - a trusted gesture of the last GESTURE_WINDOW_MS had its target inside that row (the row's own
 *   checkbox, a label, or a custom checkbox whose keydown handler calls `click()`), or
 * - its grid has a select-all control (a checkbox or label outside every transaction row) that a
 *   trusted gesture turned on (seen on at the first scan after the gesture) and that is still on: the web app's select-all ticks every row by script
 *   right after one real click, and a virtualized grid ticks rows it renders later while scrolling.
 * Anything else (a script's `click()`, rows ticked when the page loaded) is the page's.
 */
import { CHECKBOX_SELECTOR, isChecked } from './checkbox';
import type { Gesture, GestureLog } from './gestures';
import type { PageRow, PageScan } from './rows';

/** A row's grid: the table or grid element that holds it and its header (not a presentation table). */
export const GRID_SELECTOR =
  'table:not([role="presentation"]), [role="grid"], [role="table"], [role="treegrid"], .dgrid';
const CONTROL_SELECTOR = 'input[type="checkbox"], [role="checkbox"], label';

export interface PersonTick {
  at: number;
  /** `row`: a gesture in the row itself; `selectAll`: the grid's select-all. */
  via: 'row' | 'selectAll';
}

export interface ProvenanceJudge {
  /** Once per scan, before `personTick`. */
  begin(scan: PageScan, now: number): void;
  /** The person's tick behind this row's ticked state, if any. */
  personTick(row: PageRow): PersonTick | undefined;
}

function controlOf(target: Element): Element | null {
  const el = target.closest(CONTROL_SELECTOR);
  if (el === null) return null;
  if (el.tagName === 'LABEL') return (el as HTMLLabelElement).control ?? el.querySelector(CHECKBOX_SELECTOR);
  return el.matches(CHECKBOX_SELECTOR) ? el : null;
}

function rowAround(target: Element, scan: PageScan): PageRow | undefined {
  for (let el: Element | null = target; el; el = el.parentElement) {
    const row = scan.byElement.get(el);
    if (row) return row;
  }
  return undefined;
}

export function createProvenanceJudge(gestures: GestureLog): ProvenanceJudge {
  /** Select-all controls turned on by the person: control → its grid and the gesture's time. */
  const selectAll = new Map<Element, { grid: Element; at: number }>();
  // A gesture's effect on a select-all is judged once, at the first scan after it (its own task):
  // otherwise the click that turned "all" off, still in the window, would adopt a script turning it
  // back on.
  const judged = new WeakSet<Gesture>();
  let byRow = new Map<PageRow, number>();

  const selectAllTick = (row: PageRow): number | undefined => {
    if (selectAll.size === 0) return undefined;
    for (const cell of row.cells) {
      const grid = cell.element.closest(GRID_SELECTOR);
      for (const entry of selectAll.values()) if (entry.grid === grid) return entry.at;
    }
    return undefined;
  };

  return {
    begin(scan, now) {
      byRow = new Map();
      for (const [control] of selectAll) {
        if (!control.isConnected || !isChecked(control)) selectAll.delete(control);
      }
      for (const gesture of gestures.recent(now)) {
        const { target, at } = gesture;
        const row = rowAround(target, scan);
        if (row) {
          byRow.set(row, Math.max(at, byRow.get(row) ?? 0));
          continue;
        }
        if (judged.has(gesture)) continue;
        judged.add(gesture);
        const control = controlOf(target);
        const grid = control?.closest(GRID_SELECTOR);
        if (control && grid && !selectAll.has(control) && isChecked(control)) selectAll.set(control, { grid, at });
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
