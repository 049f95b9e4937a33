/**
 * Finds the transaction rows of a web-app page in one pass: every link that may point at a
 * transaction (LINK_SELECTOR), parsed, then mapped to its row (ROW_SELECTOR). No layout reads, so a
 * 10,000-row page stays cheap. What is not a usable row is counted by reason in `ignored`. Given an
 * agreement (row-agreement.ts), a link is its row's Id only when it agrees with what the row shows:
 * one naming a related record (an invoice's payment) is `related-record`, and a row with no link of
 * its own and no refused link is left in `related`, to be known by what it shows (shown-rows.ts).
 * Saved pages and how many rows each must give: tests/collect/selectors.test.ts.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import { findRowCheckbox, isChecked } from './checkbox';
import { type LinkRefusal, txnLinkParser } from './link';
import type { LinkAgreement } from './row-agreement';
import { DGRID_ROW_SELECTOR, LINK_SELECTOR, ROW_SELECTOR } from './selectors';

export type IgnoredReason = LinkRefusal | 'outside-row' | 'extra-link-in-row' | 'duplicate-row' | 'related-record';

/** One row element of the page and its checkbox. */
export interface RowCell {
  element: Element;
  checkbox: Element | null;
  selected: boolean;
}

/** What every row of a scan has: its key, whether it is ticked, its elements. */
export interface RowBase {
  key: string;
  /** True when any of its rows is ticked. */
  selected: boolean;
  cells: RowCell[];
}

/** One transaction on the page; `cells` has more than one entry when the page lists it twice. */
export interface PageRow extends RowBase {
  entity: Entity;
  id: string;
}

/** A row with no transaction Id in its markup, known by what it shows (shown-rows.ts); key `row:…`. */
export interface ShownRow extends RowBase {
  shown: Shown;
  /** The types the page lists, when it lists known ones. */
  entities?: Entity[];
  /** Two or more: the rows of its list that show exactly this, itself included (row-keys.ts). */
  alike?: number;
  /** A register row's own id's digits (`dgrid_0-row-<digits>`): maybe its Id, maybe a counter (shown-rows.ts). */
  idHint?: string;
}

export type AnyRow = PageRow | ShownRow;

export const isShownRow = (row: AnyRow): row is ShownRow => !('entity' in row);

export interface PageScan {
  rows: PageRow[];
  /** Rows known by what they show (filled by the collector after the link pass: shown-rows.ts). */
  shownRows: ShownRow[];
  ignored: Partial<Record<IgnoredReason, number>>;
  /** Each transaction row element of the page → its row (built anyway; lets a gesture find its row). */
  byElement: Map<Element, AnyRow>;
  /** Row elements whose every link names a related record, none refused: known by what they show. */
  related?: Set<Element>;
}

/**
 * The row a link belongs to: the nearest `.dgrid-row` ancestor first (its inner `tr` is
 * presentation), else the nearest `tr`/`[role=row]` ancestor — i.e.
 * `closest('.dgrid-row') ?? closest('tr, [role="row"]')` over the link's ancestors (the link itself
 * is not its own row). Native `closest` (cheap in Chromium, where the content script runs): the
 * nearest ROW_SELECTOR ancestor is the answer unless a `.dgrid-row` sits further up.
 */
export function rowOf(link: Element): Element | null {
  const nearest = link.parentElement?.closest(ROW_SELECTOR) ?? null;
  if (nearest === null || nearest.matches(DGRID_ROW_SELECTOR)) return nearest;
  return nearest.parentElement?.closest(DGRID_ROW_SELECTOR) ?? nearest;
}

export function scanRows(root: ParentNode, location: URL | string, agrees?: LinkAgreement): PageScan {
  const page = typeof location === 'string' ? new URL(location) : location;
  const ignored: Partial<Record<IgnoredReason, number>> = {};
  const count = (reason: IgnoredReason) => {
    ignored[reason] = (ignored[reason] ?? 0) + 1;
  };
  const rowByElement = new Map<Element, AnyRow>();
  const rowByKey = new Map<string, PageRow>();
  // Bound once per scan: the page's origin is read once, and common links skip the URL parse.
  const parse = txnLinkParser(page);

  const related = new Set<Element>();
  const refused = new Set<Element>();

  const links = root.querySelectorAll(LINK_SELECTOR);
  for (let i = 0; i < links.length; i++) {
    const link = links[i] as Element;
    const parsed = parse(link.getAttribute('href') ?? '');
    if (!parsed.ok) {
      count(parsed.reason);
      // A row with a refused link is never guessed from its text (a hostile href, a sales tax payment).
      if (agrees) {
        const row = rowOf(link);
        if (row) refused.add(row);
      }
      continue;
    }
    const element = rowOf(link);
    if (!element) {
      count('outside-row');
      continue;
    }
    const owner = rowByElement.get(element) as PageRow | undefined;
    if (owner) {
      // A second link in a row already taken (e.g. "View" next to the number) is fine when it is
      // the same transaction; a different one is ambiguous: the first link decides.
      if (owner.key !== parsed.key) count('extra-link-in-row');
      continue;
    }
    const checkbox = findRowCheckbox(element);
    const cell: RowCell = { element, checkbox, selected: isChecked(checkbox) };
    if (agrees && !agrees(element, parsed.entity, cell.selected)) {
      count('related-record');
      related.add(element);
      continue;
    }
    const existing = rowByKey.get(parsed.key);
    if (existing) {
      count('duplicate-row');
      existing.cells.push(cell);
      existing.selected ||= cell.selected;
      rowByElement.set(element, existing);
      continue;
    }
    const row: PageRow = {
      entity: parsed.entity,
      id: parsed.id,
      key: parsed.key,
      selected: cell.selected,
      cells: [cell],
    };
    rowByKey.set(parsed.key, row);
    rowByElement.set(element, row);
  }
  const scan: PageScan = { rows: [...rowByKey.values()], shownRows: [], ignored, byElement: rowByElement };
  if (agrees) {
    for (const el of related) if (rowByElement.has(el) || refused.has(el)) related.delete(el);
    scan.related = related;
  }
  return scan;
}
