/**
 * For pages the collector cannot read yet: when ticked checkboxes sit in rows where it finds no
 * transaction, a skeleton of those rows lets the markup be supported later ("Copy page structure").
 * The skeleton keeps only tag names, class names (every digit replaced by '#'), role values and
 * attribute NAMES: never text, attribute values, ids, hrefs or amounts. Bounded: at most
 * MAX_SKELETON_ROWS rows, MAX_DEPTH levels, MAX_CHILDREN children per element, MAX_SKELETON_CHARS.
 * Where the rows' grid holds no column titles of its own (the bank feed's grid split in a header
 * table and a rows table), the skeleton also shows the elements from the container they share down
 * to the first row, and the header table, so both tables of the split grid reach us.
 */
import { MAX_SKELETON_CHARS } from '../messaging/content-limits';
import type { PageInfo } from '../messaging/content-protocol';
import { isChecked } from './checkbox';
import { headerGridOf } from './grid-headers';
import type { PageScan } from './rows';
import {
  BANK_TAB_SELECTOR,
  COLUMN_TITLE_SELECTOR,
  GRID_SELECTOR,
  ROW_LIKE_SELECTOR,
  SELECT_ALL_AREA_SELECTOR,
  TICKED_SELECTOR,
} from './selectors';
import type { ShownScan } from './shown-rows';

export const MAX_SKELETON_ROWS = 3;
const MAX_DEPTH = 8;
const MAX_CHILDREN = 24;
const MAX_CLASSES = 12;
const MAX_NAME = 40;
const SELECT_ALL_LABEL = /\bselect all\b|\ball rows\b/i;

/** Lowercase, digits masked, anything but [a-z#_:.-] shown as '?', cut. */
function maskName(name: string): string {
  return name
    .toLowerCase()
    .slice(0, MAX_NAME)
    .replace(/[0-9]/g, '#')
    .replace(/[^a-z#_:.-]/g, '?');
}

function maskClass(token: string): string {
  return token
    .slice(0, MAX_NAME)
    .replace(/[0-9]/g, '#')
    .replace(/[^A-Za-z#_-]/g, '?');
}

function openTag(el: Element): string {
  let out = maskName(el.tagName);
  const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_CLASSES);
  if (classes.length > 0) out += ` class="${classes.map(maskClass).join(' ')}"`;
  const roles = (el.getAttribute('role') ?? '').split(/\s+/).filter((r) => /^[a-z]{1,20}$/.test(r));
  if (roles.length > 0) out += ` role="${roles.join(' ')}"`;
  for (const attr of el.attributes) {
    if (attr.name !== 'class' && attr.name !== 'role') out += ` ${maskName(attr.name)}`;
  }
  return out;
}

function skeletonOf(el: Element, depth: number, budget: { left: number }): string {
  const tag = maskName(el.tagName);
  let out = `<${openTag(el)}>`;
  if (depth < MAX_DEPTH) {
    let n = 0;
    for (let child = el.firstElementChild; child && budget.left > out.length; child = child.nextElementSibling) {
      if (++n > MAX_CHILDREN) {
        out += '…';
        break;
      }
      out += skeletonOf(child, depth + 1, { left: budget.left - out.length });
    }
  } else if (el.firstElementChild) {
    out += '…';
  }
  return `${out}</${tag}>`;
}

/**
 * For a row whose grid has no titles of its own and shares a container with another grid (a grid
 * split in a header table and a rows table): the open tags from that container down to the row's
 * parent, and the other table's skeleton (the header table, when it is found as one).
 */
function gridContext(row: Element): string[] {
  const grid = row.parentElement?.closest(GRID_SELECTOR);
  if (!grid || grid.querySelector(COLUMN_TITLE_SELECTOR) !== null) return [];
  let shared: Element | null = grid.parentElement;
  for (let depth = 0; shared && depth < MAX_DEPTH; depth++, shared = shared.parentElement) {
    if (shared.tagName === 'BODY') return [];
    if (shared.querySelectorAll(GRID_SELECTOR).length > 1) break;
  }
  if (!shared) return [];
  const other = headerGridOf(grid) ?? [...shared.querySelectorAll(GRID_SELECTOR)].find((g) => !g.contains(row));
  const chain: string[] = [];
  for (let el = row.parentElement; el && chain.length < MAX_DEPTH; el = el.parentElement) {
    chain.unshift(`<${openTag(el)}>`);
    if (el === shared) break;
  }
  const lines = [`rows in: ${chain.join(' ')}`];
  if (other) lines.push(`other table: ${skeletonOf(other, 0, { left: MAX_SKELETON_CHARS / 2 })}`);
  return lines;
}

/** The skeleton of up to MAX_SKELETON_ROWS rows, one line each, at most MAX_SKELETON_CHARS. */
export function pageSkeleton(rows: Element[]): string {
  const lines: string[] = [];
  let left = MAX_SKELETON_CHARS;
  for (const line of rows[0] ? gridContext(rows[0]) : []) {
    const cut = line.slice(0, Math.max(0, left));
    lines.push(cut);
    left -= cut.length + 1;
  }
  for (const row of rows.slice(0, MAX_SKELETON_ROWS)) {
    if (left <= 0) break;
    const line = skeletonOf(row, 0, { left }).slice(0, left);
    lines.push(line);
    left -= line.length + 1;
  }
  return lines.join('\n').slice(0, MAX_SKELETON_CHARS);
}

/** The nearest row-like ancestor: tr, [role=row], li, else a div with a class (preferring one with cells). */
export function rowLikeOf(box: Element): Element | null {
  const row = box.parentElement?.closest(ROW_LIKE_SELECTOR);
  if (row) return row;
  let nearest: Element | null = null;
  let el = box.parentElement;
  for (let depth = 0; el && depth < MAX_DEPTH && el.tagName !== 'BODY'; depth++, el = el.parentElement) {
    if (el.tagName !== 'DIV' || !el.getAttribute('class')) continue;
    if (el.childElementCount >= 3) return el;
    nearest ??= el;
  }
  return nearest;
}

function inKnownRow(box: Element, scan: PageScan): boolean {
  for (let el: Element | null = box; el; el = el.parentElement) if (scan.byElement.has(el)) return true;
  return false;
}

/** Header boxes (select-all) are not rows' ticks. */
function isSelectAllLike(box: Element): boolean {
  return box.closest(SELECT_ALL_AREA_SELECTOR) !== null || SELECT_ALL_LABEL.test(box.getAttribute('aria-label') ?? '');
}

/**
 * The page's ticked row checkboxes that sit in no row of `scan` (no transaction link, and not a row
 * known by what it shows): how many, and the skeleton of their rows. `ownRows`: rows ticked with our
 * own box that show no date or no amount (they count too). Costs one selector pass; call it only when
 * the scan saw no ticked row or found unreadable ones.
 */
export function findUnreadable(
  root: ParentNode,
  scan: PageScan,
  isOwn: (node: unknown) => boolean,
  ownRows: Element[] = [],
): { tickedBoxes: number; skeleton: string } | undefined {
  const rows: Element[] = ownRows.slice(0, MAX_SKELETON_ROWS);
  let tickedBoxes = ownRows.length;
  for (const box of root.querySelectorAll(TICKED_SELECTOR)) {
    // The cheap tests first: on a page of 300 ticked rows read, each box is in a known row.
    if (isOwn(box) || !isChecked(box) || inKnownRow(box, scan) || isSelectAllLike(box)) continue;
    const row = rowLikeOf(box);
    if (row === null) continue;
    tickedBoxes++;
    if (rows.length < MAX_SKELETON_ROWS && !rows.includes(row)) rows.push(row);
  }
  return tickedBoxes > 0 ? { tickedBoxes, skeleton: pageSkeleton(rows) } : undefined;
}

/**
 * What the page could not read, as the page report carries it: every ticked box no row was read
 * from, even beside rows that were (rows read but short of a date or an amount counted apart). On a
 * bank feed whose tab cannot be told every ticked box counts, rows read or not, and the skeleton
 * starts with the tabs' structure; on a tab of bank lines nothing is unreadable (they are counted
 * as bank lines).
 */
export function unreadableOf(
  doc: Document,
  scan: PageScan,
  isOwn: (node: unknown) => boolean,
  shown: ShownScan,
): PageInfo['unreadable'] {
  if (shown.bankTab === 'bankLines') return undefined;
  if (shown.bankTab === 'unknown') {
    const found = findUnreadable(doc, { ...scan, byElement: new Map() }, isOwn);
    if (!found) return undefined;
    const tabs = doc.querySelector(BANK_TAB_SELECTOR)?.parentElement;
    const tabLine = tabs ? `tabs: ${skeletonOf(tabs, 0, { left: MAX_SKELETON_CHARS / 4 })}\n` : '';
    const skeleton = `${tabLine}${found.skeleton}`.slice(0, MAX_SKELETON_CHARS);
    return { ...found, skeleton, bankTabUnknown: true };
  }
  const found = findUnreadable(doc, scan, isOwn, shown.unreadableOwn);
  if (!found) return undefined;
  return {
    ...found,
    ...(shown.noDate > 0 ? { noDate: shown.noDate } : {}),
    ...(shown.noAmount > 0 ? { noAmount: shown.noAmount } : {}),
  };
}
