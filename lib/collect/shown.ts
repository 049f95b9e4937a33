/**
 * What the list shows for a row: the raw text of its cells, found by the column headers of the row's
 * grid (COLUMN_TITLE_SELECTOR in selectors.ts), or of the header-only table beside it where the grid
 * is split in two (grid-headers.ts), and read from the row's cells by column index: a cell's value
 * is its text, its tooltip child's or its control's aria-label, never a placeholder (cell-value.ts);
 * a one-cell row (a month heading) shows nothing. Date,
 * number (No. / Ref No.), type, name (Customer / Vendor / Payee / Name / Employee), account
 * (Account / Category), memo (Memo / Description) and the amount: one Amount column on lists, or the
 * first non-empty of two money columns (a register's Payment / Deposit, a card's Charge, the bank
 * feed's Spent / Received), which `amountColumn` names. A register's header cell may hold two titles
 * on two lines (REF NO. over TYPE, PAYEE over ACCOUNT): its cells then hold the two values on two
 * lines, read in order. The titles are declared with the page layouts (layouts/). The preflight
 * compares the fields with the service's record; a row with no Id in its markup is known by them
 * (row-keys.ts). Read only for rows being reported, never for every row of a 10,000-row page;
 * headers are mapped once per grid per scan.
 */
import type { AmountColumn, Shown } from '../domain/shown';
import { cellValue, shownText } from './cell-value';
import { columnTitlesOf } from './grid-headers';
import { COLUMN_TITLES, type Field, TITLE_PAIRS } from './layouts';
import { CELL_SELECTOR, GRID_SELECTOR } from './selectors';

export { shownText };

/** One column's meaning: the field(s) its cell holds, in line order, and where money came from. */
interface Column {
  fields: Field[];
  money?: AmountColumn;
}

/** The title of `titles` that `text` is (titles are anchored: at most one matches). */
const titleIn = <T extends readonly [RegExp, ...unknown[]]>(titles: readonly T[], text: string) =>
  titles.find(([re]) => re.test(text));

/** Elements that start a line of their own inside a cell. */
const BLOCK_TAGS = new Set(['DIV', 'P', 'LI', 'SECTION', 'HEADER', 'FOOTER']);

/**
 * The lines a cell shows, in order: a `<br>` ends a line, a block child (div, p) is a line of its
 * own (empty ones too: a register's empty Ref No. above its type). A lone wrapper is looked through.
 */
export function linesOf(cell: Element): string[] {
  let el = cell;
  for (let only = el.firstElementChild; el.childElementCount === 1 && only && only.tagName !== 'BR'; ) {
    if (shownText(el.textContent) !== shownText(only.textContent)) break;
    el = only;
    only = el.firstElementChild;
  }
  const lines: string[] = [];
  let current = '';
  for (let node = el.firstChild; node; node = node.nextSibling) {
    const tag = node.nodeType === 1 ? (node as Element).tagName : '';
    if (tag === 'BR' || BLOCK_TAGS.has(tag)) {
      if (tag === 'BR' || current.trim() !== '') lines.push(shownText(current));
      current = '';
      if (tag !== 'BR') lines.push(shownText(node.textContent));
      continue;
    }
    current += node.textContent ?? '';
  }
  if (current.trim() !== '' || lines.length === 0) lines.push(shownText(current));
  return lines;
}

function columnOf(title: Element): Column | undefined {
  const lines = linesOf(title).filter((line) => line !== '');
  if (lines.length > 1) {
    const parts = lines.map((line) => titleIn(COLUMN_TITLES, line));
    if (parts.every((p) => p !== undefined)) return { fields: parts.map((p) => p[1]) };
  }
  const text = lines.join(' ');
  const one = titleIn(COLUMN_TITLES, text);
  if (one) return { fields: [one[1]], money: one[2] };
  const pair = titleIn(TITLE_PAIRS, text);
  return pair ? { fields: [pair[1], pair[2]] } : undefined;
}

function columnsOf(grid: Element): (Column | undefined)[] {
  return columnTitlesOf(grid).map((title) => columnOf(title));
}

function cellsOf(row: Element): ArrayLike<Element> {
  return row.tagName === 'TR' ? (row as HTMLTableRowElement).cells : row.querySelectorAll(CELL_SELECTOR);
}

function readRow(columns: (Column | undefined)[], row: Element): Shown | undefined {
  const cells = cellsOf(row);
  // One cell across a grid of several columns: a heading ("June 2025 (12)") or a spacer, no row.
  if (cells.length === 1 && columns.length > 1) return undefined;
  const shown: Shown = {};
  for (let i = 0; i < columns.length && i < cells.length; i++) {
    const column = columns[i];
    const cell = cells[i] as Element;
    if (column === undefined) continue;
    const values = column.fields.length === 1 ? [cellValue(cell)] : linesOf(cell);
    column.fields.forEach((field, n) => {
      const text = values[n] ?? '';
      if (text === '' || shown[field] !== undefined) return;
      shown[field] = text;
      if (field === 'amount' && column.money) shown.amountColumn = column.money;
    });
  }
  return Object.keys(shown).length > 0 ? shown : undefined;
}

/** A reader for one scan: `read(element)` gives the row element's shown values, or undefined without headers. */
export function createShownReader(): (element: Element | undefined) => Shown | undefined {
  const byGrid = new Map<Element, (Column | undefined)[]>();
  return (element) => {
    const grid = element?.closest(GRID_SELECTOR);
    if (!element || !grid) return undefined;
    let columns = byGrid.get(grid);
    if (columns === undefined) {
      columns = columnsOf(grid);
      byGrid.set(grid, columns);
    }
    return columns.some((c) => c !== undefined) ? readRow(columns, element) : undefined;
  };
}
