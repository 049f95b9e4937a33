/**
 * Rows with no transaction Id in their markup (registers, the Invoices list, the bank feed): a row of
 * a grid (GRID_SELECTOR) with no transaction link but with a checkbox, the page's or ours, is known by
 * what it shows (row-keys.ts). Cheap on a 10,000-row page: the page's own boxes are found through the
 * ticked ones only (TICKED_SELECTOR), plus the rows seen ticked by the last scan (so an untick is
 * seen); register rows get our box in one pass (not the inline "Add" row, which shows no digit);
 * shown fields are read only for ticked rows and their lists. A row that shows no date or no amount cannot be resolved: it is counted as unreadable
 * ("Copy page structure"), by what it lacks. On the bank feed only the Categorized / Posted tab holds
 * transactions: on For review / Pending / Excluded the rows are bank lines, and where the tab cannot
 * be told (bank-tab.ts) they may be: ticked ones are counted, never collected.
 */
import type { Shown } from '../domain/shown';
import { type BankTabKind, bankTabOf } from './bank-tab';
import { findRowCheckbox, isChecked } from './checkbox';
import type { OwnCheckboxes } from './own-checkboxes';
import type { KnownRow, RowKeyer } from './row-keys';
import { type PageScan, rowOf, type ShownRow } from './rows';
import {
  DATA_CELL_SELECTOR,
  DGRID_ROW_SELECTOR,
  EDITOR_SELECTOR,
  GRID_SELECTOR,
  HEADER_GROUP_SELECTOR,
  LINK_SELECTOR,
  TICKED_SELECTOR,
} from './selectors';

export interface ShownScan {
  rows: ShownRow[];
  /** Ticked id-less rows that show no date or no amount, and the own-box ones among them. */
  unreadable: number;
  unreadableOwn: Element[];
  /** Of `unreadable`: the rows that show no date, and those that show a date but no amount. */
  noDate: number;
  noAmount: number;
  /** Ticked rows of the bank feed not collected: bank lines, or rows of a tab not told. */
  bankLines: number;
  /** True where nothing ticked is collected: a tab of bank lines, or a bank-feed tab not told. */
  bankLinesTab: boolean;
  /** The bank-feed tab shown ('none' off the bank feed). */
  bankTab: BankTabKind;
}

export interface ShownScanInput {
  doc: Document;
  /** The page's address: the bank feed's tab is told by it too. */
  url: string;
  scan: PageScan;
  own: OwnCheckboxes;
  keyer: RowKeyer;
  /** Page entities sent with each row (the list's types), if known. */
  entities: ShownRow['entities'];
}

/**
 * A register row's id is dgrid's `<grid id>-row-<the store's identity>`: the transaction's Id or a row
 * counter, unknown which (service-facts "Account registers"). Its digits go with the row as a hint
 * the resolver keeps only when the record of that Id agrees with the row (lib/resolve/row-ids.ts).
 */
const DGRID_ROW_ID = /-row-([1-9][0-9]{0,19})$/;

function idHintOf(row: Element): string | undefined {
  return row.matches(DGRID_ROW_SELECTOR) ? DGRID_ROW_ID.exec(row.id)?.[1] : undefined;
}

export const readable = (shown: Shown) => /\d/.test(shown.date ?? '') && /\d/.test(shown.amount ?? '');

/**
 * A grid's data row (not its header), with no editor open in it and no transaction link of its own:
 * a row whose link was refused (a sales tax payment, a hostile href) is not guessed from its text; a
 * row whose links all name related records (an invoice's payment: `scan.related`) is.
 */
function isDataRow(row: Element, scan: PageScan, inGrid: (row: Element) => boolean): boolean {
  return (
    inGrid(row) &&
    (scan.related?.has(row) === true || row.querySelector(LINK_SELECTOR) === null) &&
    row.querySelector(DATA_CELL_SELECTOR) !== null &&
    row.querySelector(EDITOR_SELECTOR) === null
  );
}

/**
 * Whether a row sits in a grid and outside its header, asked once per list (the rows' parent) in a
 * scan: 300 ticked rows of one table walk their ancestors once, not 300 times.
 */
function gridMembership(): (row: Element) => boolean {
  const byParent = new Map<Element | null, boolean>();
  return (row) => {
    const parent = row.parentElement;
    let known = byParent.get(parent);
    if (known === undefined) {
      known = row.closest(GRID_SELECTOR) !== null && parent?.closest(HEADER_GROUP_SELECTOR) == null;
      byParent.set(parent, known);
    }
    // The row itself may be its grid's header (dgrid's `.dgrid-header` row).
    return known && !row.matches(HEADER_GROUP_SELECTOR);
  };
}

export function createShownRows() {
  /** Row elements the last scan saw ticked: an untick is a removal. */
  let lastTicked = new Set<Element>();

  return function scanShownRows({ doc, url, scan, own, keyer, entities }: ShownScanInput): ShownScan {
    const out: ShownScan = {
      rows: [],
      unreadable: 0,
      unreadableOwn: [],
      noDate: 0,
      noAmount: 0,
      bankLines: 0,
      bankLinesTab: false,
      bankTab: 'none',
    };
    const linked = (el: Element) => scan.byElement.has(el);
    const inGrid = gridMembership();
    const candidates = new Map<Element, { box: Element; selected: boolean }>();

    // Registers: every id-less dgrid row gets our box; its state is our record, keyed by what it shows.
    const keyed = own.hasRowTicks();
    for (const row of doc.querySelectorAll(DGRID_ROW_SELECTOR)) {
      if (linked(row) || !isDataRow(row, scan, inGrid)) continue;
      let box = findRowCheckbox(row);
      if (box === null) {
        // A row that shows no digit has no date and no amount: the inline "Add" row, not a transaction.
        if (!/\d/.test(row.textContent ?? '')) continue;
        box = own.inject(row, undefined);
      }
      if (!own.isOwn(box)) continue;
      const key = keyed ? keyer.keyOf(row)?.key : undefined;
      candidates.set(row, { box, selected: own.sync(box, key) });
    }
    // The page's own boxes: ticked ones now, and the rows ticked at the last scan.
    for (const box of doc.querySelectorAll(TICKED_SELECTOR)) {
      if (own.isOwn(box) || !isChecked(box)) continue;
      const row = rowOf(box);
      if (row === null || linked(row) || candidates.has(row) || !isDataRow(row, scan, inGrid)) continue;
      candidates.set(row, { box, selected: true });
    }
    for (const row of lastTicked) {
      if (!row.isConnected || linked(row) || candidates.has(row)) continue;
      const box = findRowCheckbox(row);
      if (box !== null) candidates.set(row, { box, selected: isChecked(box) });
    }

    out.bankTab = bankTabOf(doc, url);
    out.bankLinesTab = out.bankTab === 'bankLines' || out.bankTab === 'unknown';
    const ticked = new Set<Element>();
    const byKey = new Map<string, ShownRow>();
    for (const [row, { box, selected }] of candidates) {
      if (!selected && !lastTicked.has(row)) continue;
      if (out.bankLinesTab) {
        if (selected) out.bankLines++;
        continue;
      }
      const known: KnownRow | undefined = keyer.keyOf(row);
      if (known === undefined || !readable(known.shown)) {
        if (selected) {
          out.unreadable++;
          // Read, but short of a date or an amount (a row not read at all is neither).
          if (known !== undefined) {
            if (!/\d/.test(known.shown.date ?? '')) out.noDate++;
            else out.noAmount++;
          }
          if (own.isOwn(box)) out.unreadableOwn.push(row);
        }
        continue;
      }
      if (selected) ticked.add(row);
      const cell = { element: row, checkbox: box, selected };
      // The same key in two lists of one page (two tables): one row, as a transaction linked twice.
      const same = byKey.get(known.key);
      if (same) {
        same.cells.push(cell);
        same.selected ||= selected;
        scan.byElement.set(row, same);
        continue;
      }
      const shownRow: ShownRow = { key: known.key, shown: known.shown, selected, cells: [cell] };
      if (entities) shownRow.entities = entities;
      if (known.alike > 1) shownRow.alike = known.alike;
      const idHint = idHintOf(row);
      if (idHint !== undefined) shownRow.idHint = idHint;
      byKey.set(known.key, shownRow);
      out.rows.push(shownRow);
      scan.byElement.set(row, shownRow);
    }
    lastTicked = ticked;
    scan.shownRows = out.rows;
    return out;
  };
}
