/**
 * For pages the collector cannot read yet: when ticked checkboxes sit in rows where it finds no
 * transaction, a skeleton of those rows lets the markup be supported later ("Copy page structure").
 * The skeleton keeps only tag names, class names (every digit replaced by '#'), role values and
 * attribute NAMES: never text, attribute values, ids, hrefs or amounts. Bounded: at most
 * MAX_SKELETON_ROWS rows, MAX_DEPTH levels, MAX_CHILDREN children per element, MAX_SKELETON_CHARS.
 */
import { MAX_SKELETON_CHARS } from '../messaging/content-limits';
import { isChecked } from './checkbox';
import type { PageScan } from './rows';
import { ROW_LIKE_SELECTOR, SELECT_ALL_AREA_SELECTOR, TICKED_SELECTOR } from './selectors';

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

/** The skeleton of up to MAX_SKELETON_ROWS rows, one line each, at most MAX_SKELETON_CHARS. */
export function pageSkeleton(rows: Element[]): string {
  const lines: string[] = [];
  let left = MAX_SKELETON_CHARS;
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
    if (isOwn(box) || !isChecked(box) || isSelectAllLike(box) || inKnownRow(box, scan)) continue;
    const row = rowLikeOf(box);
    if (row === null) continue;
    tickedBoxes++;
    if (rows.length < MAX_SKELETON_ROWS && !rows.includes(row)) rows.push(row);
  }
  return tickedBoxes > 0 ? { tickedBoxes, skeleton: pageSkeleton(rows) } : undefined;
}
