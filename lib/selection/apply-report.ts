/**
 * One report's changes applied to a company's lists (pure; lib/selection/store.ts runs it inside its
 * write queue): ticked rows in, unticked rows out, tombstones honoured, the caps kept. Rows known by
 * what they show are applied by ./rows.ts in the same step; those a page ticked join the page-ticked
 * list under their row key (never resolved, never deleted) until the person ticks or adds them.
 */
import type { Entity } from '../domain/entities';
import {
  MAX_PAGE_TICKED,
  MAX_SELECTION,
  type PageTickedItem,
  removedAtOf,
  SELECTION_TTL_MS,
  type SelectedItem,
  selectionKey,
} from './items';
import { type AddedRowChange, applyRowChanges, type Rows } from './rows';

export type { PageTickedItem } from './items';

export interface ReportChanges {
  /** Rows the person ticked (tickedAt = the gesture's time). */
  added: readonly SelectedItem[];
  /** Rows ticked with no gesture of the person. */
  pageTicked?: readonly SelectedItem[];
  /** Rows unticked on the page. */
  removed: readonly { entity: Entity; id: string }[];
  /** Rows with no Id in their markup, ticked by the person (known by what they show). */
  addedRows?: readonly AddedRowChange[];
  /** Such rows unticked on the page. */
  removedRows?: readonly string[];
  /** Such rows ticked with no gesture of the person. */
  pageTickedRows?: readonly AddedRowChange[];
}

export interface ReportOutcome {
  selection: Record<string, SelectedItem>;
  /** Added keys refused: removed in Safe Delete after that tick, or the tick is older than the TTL. */
  refused: string[];
  /** Keys that entered the selection with this report (they need a fresh preflight). */
  entered: string[];
  /** Rows known by what they show that entered with this report (they need resolving). */
  enteredRows: string[];
  /** New keys left out because the selection (or the page-ticked list) is full. */
  overCap: number;
}

export interface Lists {
  selection: Record<string, SelectedItem>;
  pageTicked: Record<string, PageTickedItem>;
  tombstones: Record<string, number>;
  rows: Rows;
}

interface Timed {
  shownAt: number;
  tickedAt?: number;
  addedAt?: number;
}

export const expired = (item: Timed, now: number) =>
  (item.addedAt ?? item.tickedAt ?? item.shownAt) < now - SELECTION_TTL_MS;

export function fresh<T extends Timed>(items: Record<string, T>, now: number): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(items)) if (!expired(v, now)) out[k] = v;
  return out;
}

/** Pure: applies one report to the three lists. */
export function applyReport(lists: Lists, changes: ReportChanges, now: number): Lists & ReportOutcome {
  const selection = { ...lists.selection };
  const pageTicked = { ...lists.pageTicked };
  const tombstones = { ...lists.tombstones };
  const refused: string[] = [];
  const entered: string[] = [];
  let overCap = 0;
  for (const r of changes.removed) {
    const key = selectionKey(r.entity, r.id);
    delete selection[key];
    delete pageTicked[key];
  }
  for (const rowKey of changes.removedRows ?? []) delete pageTicked[rowKey];
  let size = Object.keys(selection).length;
  for (const a of changes.added) {
    const key = selectionKey(a.entity, a.id);
    const tickedAt = Math.min(a.tickedAt ?? now, now);
    const shownAt = Math.min(a.shownAt, now);
    const removedAt = removedAtOf(tombstones, key);
    if ((removedAt !== undefined && tickedAt <= removedAt) || tickedAt < now - SELECTION_TTL_MS) {
      refused.push(key);
      continue;
    }
    const prev = selection[key];
    if (prev) {
      selection[key] = { ...prev, shownAt: Math.min(prev.shownAt, shownAt), shown: a.shown ?? prev.shown };
      continue;
    }
    if (size >= MAX_SELECTION) {
      overCap += 1;
      continue;
    }
    selection[key] = {
      entity: a.entity,
      id: a.id,
      shownAt,
      tickedAt,
      addedAt: now,
      ...(a.shown ? { shown: a.shown } : {}),
    };
    size += 1;
    delete tombstones[key];
    delete pageTicked[key];
    entered.push(key);
  }
  let pageSize = Object.keys(pageTicked).length;
  for (const a of changes.pageTicked ?? []) {
    const key = selectionKey(a.entity, a.id);
    if (selection[key] || pageTicked[key]) continue;
    const tickedAt = Math.min(a.tickedAt ?? now, now);
    const removedAt = removedAtOf(tombstones, key);
    if (removedAt !== undefined && tickedAt <= removedAt) continue;
    if (pageSize >= MAX_PAGE_TICKED) {
      overCap += 1;
      continue;
    }
    pageTicked[key] = {
      entity: a.entity,
      id: a.id,
      shownAt: Math.min(a.shownAt, now),
      tickedAt,
      addedAt: now,
      ...(a.shown ? { shown: a.shown } : {}),
    };
    pageSize += 1;
  }
  const withRows = applyRowChanges(
    { selection, rows: lists.rows, tombstones },
    changes.addedRows ?? [],
    changes.removedRows ?? [],
    {
      now,
      removedAt: (key) => removedAtOf(tombstones, key),
      room: MAX_SELECTION - Object.keys(selection).length - Object.keys(lists.rows).length,
      ttlMs: SELECTION_TTL_MS,
    },
  );
  // A row the person ticked is theirs now (to resolve, or resolved): out of the page-ticked list.
  const resolvedRows = new Set(
    Object.values(withRows.selection).flatMap((item) => (item.fromRow === undefined ? [] : [item.fromRow])),
  );
  const theirs = (key: string) => withRows.rows[key] !== undefined || resolvedRows.has(key);
  for (const a of changes.addedRows ?? []) if (theirs(a.rowKey)) delete pageTicked[a.rowKey];
  pageSize = Object.keys(pageTicked).length;
  for (const a of changes.pageTickedRows ?? []) {
    const key = a.rowKey;
    if (theirs(key) || pageTicked[key]) continue;
    const tickedAt = Math.min(a.tickedAt, now);
    const removedAt = removedAtOf(withRows.tombstones, key);
    if (removedAt !== undefined && tickedAt <= removedAt) continue;
    if (pageSize >= MAX_PAGE_TICKED) {
      overCap += 1;
      continue;
    }
    pageTicked[key] = {
      rowKey: key,
      shown: a.shown,
      ...(a.entities ? { entities: [...a.entities] } : {}),
      ...(a.alike !== undefined && a.alike > 1 ? { alike: a.alike } : {}),
      ...(a.idHint !== undefined ? { idHint: a.idHint } : {}),
      shownAt: Math.min(a.shownAt, now),
      tickedAt,
      addedAt: now,
    };
    pageSize += 1;
  }
  return {
    selection: withRows.selection,
    pageTicked,
    tombstones: withRows.tombstones,
    rows: withRows.rows,
    refused: [...refused, ...withRows.refused],
    entered,
    enteredRows: withRows.entered,
    overCap: overCap + withRows.overCap,
  };
}

/**
 * Records the person added in Safe Delete's own page (a search's results, an imported list, likely
 * duplicates): their act now, so a removal before now does not hold them back. `shownAt` is when
 * Safe Delete read what it showed them (the changed-since-viewed check compares with it).
 */
export function addFound(
  lists: Lists,
  records: readonly { entity: Entity; id: string }[],
  shownAt: number,
  now: number,
): Lists & { entered: string[]; overCap: number } {
  const selection = { ...lists.selection };
  const pageTicked = { ...lists.pageTicked };
  const tombstones = { ...lists.tombstones };
  const entered: string[] = [];
  let overCap = 0;
  let size = Object.keys(selection).length + Object.keys(lists.rows).length;
  for (const r of records) {
    const key = selectionKey(r.entity, r.id);
    if (selection[key]) continue;
    if (size >= MAX_SELECTION) {
      overCap += 1;
      continue;
    }
    selection[key] = { entity: r.entity, id: r.id, shownAt: Math.min(shownAt, now), tickedAt: now, addedAt: now };
    delete pageTicked[key];
    delete tombstones[key];
    entered.push(key);
    size += 1;
  }
  return { selection, pageTicked, tombstones, rows: lists.rows, entered, overCap };
}
