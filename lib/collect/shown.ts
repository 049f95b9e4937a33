/**
 * What the list shows for a row: the raw text of its Amount, No. and Date cells, found by the column
 * headers of the row's grid (COLUMN_TITLE_SELECTOR in selectors.ts) and read from the row's cells by
 * column index. The preflight compares it with the service's record ("Doesn't match the page"). Read
 * only for rows being reported, never for every row of a 10,000-row page; headers are mapped once per
 * grid per scan.
 */
import { MAX_SHOWN_TEXT } from '../domain/limits';
import type { Shown } from '../domain/shown';
import type { PageRow } from './rows';
import { CELL_SELECTOR, COLUMN_TITLE_SELECTOR, GRID_SELECTOR } from './selectors';

type Field = Exclude<keyof Shown, 'amountColumn'>;

/** Registers show Payment and Deposit columns: whichever is not empty is the amount. */
const HEADERS: [Field, RegExp][] = [
  ['amount', /^(amount|total|total amount|payment|deposit|charge)$/i],
  ['number', /^(no\.?|num|number|ref no\.?)$/i],
  ['date', /^date$/i],
];

export function shownText(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SHOWN_TEXT);
}

function fieldsOf(grid: Element): (Field | undefined)[] {
  const headers = grid.querySelectorAll(COLUMN_TITLE_SELECTOR);
  const fields: (Field | undefined)[] = [];
  for (let i = 0; i < headers.length; i++) {
    const text = shownText(headers[i]?.textContent ?? '');
    fields.push(HEADERS.find(([, re]) => re.test(text))?.[0]);
  }
  return fields;
}

function cellsOf(row: Element): ArrayLike<Element> {
  return row.tagName === 'TR' ? (row as HTMLTableRowElement).cells : row.querySelectorAll(CELL_SELECTOR);
}

/** A reader for one scan: `read(row)` gives the row's shown values, or undefined without headers. */
export function createShownReader(): (row: PageRow) => Shown | undefined {
  const byGrid = new Map<Element, (Field | undefined)[]>();
  return (row) => {
    const element = row.cells[0]?.element;
    const grid = element?.closest(GRID_SELECTOR);
    if (!element || !grid) return undefined;
    let fields = byGrid.get(grid);
    if (fields === undefined) {
      fields = fieldsOf(grid);
      byGrid.set(grid, fields);
    }
    if (!fields.some((f) => f !== undefined)) return undefined;
    const cells = cellsOf(element);
    const shown: Shown = {};
    for (let i = 0; i < fields.length && i < cells.length; i++) {
      const field = fields[i];
      if (field === undefined || shown[field] !== undefined) continue;
      const text = shownText(cells[i]?.textContent ?? '');
      if (text !== '') shown[field] = text;
    }
    return Object.keys(shown).length > 0 ? shown : undefined;
  };
}
