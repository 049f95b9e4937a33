/**
 * Turns successive page scans into selection changes. Kept in the content script:
 * - `shownAt`: when each transaction was first seen on a page (first-seen per key, never updated);
 * - `reported`: keys the background was told are ticked, and by whom (the person with the gesture's
 *   time, or the page). A row reported as the person's stays the person's when the page re-renders
 *   it ticked; a row reported as the page's becomes the person's only through a select-all the
 *   person turned on after it was seen;
 * - `refused`: keys the background refused (removed in Safe Delete after that tick). While the row
 *   stays ticked on the page it is not reported again; a new gesture of the person, newer than the
 *   refusal, reports it afresh.
 * A removal is sent only when a row element we saw ticked is now unticked (whoever unticked it): a
 * page re-rendered with fresh, unticked rows (navigation, paging back) does not undo what was
 * selected before.
 * Rows known by what they show (no Id in their markup, key `row:…`) follow the same rules: the
 * person's ticks go in `addedRows`, the page's in `pageTickedRows` (shown apart in the popup, never
 * resolved nor deleted unless the person adds them), unticks of either in `removedRows`.
 */
import type { Shown } from '../domain/shown';
import type { AddedItem, AddedRow, RemovedItem } from '../messaging/content-protocol';
import type { PersonTick } from './provenance';
import { type AnyRow, isShownRow, type PageRow, type ShownRow } from './rows';

export interface SelectionChanges {
  /** Ticked by the person. */
  added: AddedItem[];
  /** Ticked with no gesture of the person (page script, or already ticked when seen). */
  pageTicked: AddedItem[];
  removed: RemovedItem[];
  /** Rows known by what they show, ticked by the person. */
  addedRows: AddedRow[];
  removedRows: string[];
  /** Rows known by what they show, ticked with no gesture of the person. */
  pageTickedRows: AddedRow[];
}

export interface ScanJudgement {
  /** The person's tick behind this ticked row, if any. */
  personTick(row: AnyRow): PersonTick | { at: number; via: 'own' } | undefined;
  /** When the person last ticked our own box on this row (undefined: not ours, or not ticked). */
  ownTick(row: AnyRow): number | undefined;
  /** What the list shows for the row (only called for rows being reported). */
  shown(row: PageRow): Shown | undefined;
}

export interface SelectionTracker {
  /** `snapshot`: list every ticked row of the page, even if reported before. */
  update(rows: AnyRow[], snapshot: boolean, judge: ScanJudgement): SelectionChanges;
  /** The background refused `key` as reported with `sentTickedAt`: forget it, unless ticked again since. */
  refuse(key: string, sentTickedAt: number): boolean;
  shownAt(key: string): number | undefined;
}

interface Reported {
  by: 'person' | 'page';
  tickedAt: number;
}

export function createSelectionTracker({ now }: { now: () => number }): SelectionTracker {
  const firstSeen = new Map<string, number>();
  const reported = new Map<string, Reported>();
  const refused = new Map<string, number>();
  const lastTicked = new WeakMap<Element, boolean>();

  return {
    shownAt: (key) => firstSeen.get(key),
    refuse(key, sentTickedAt) {
      const current = reported.get(key);
      if (current !== undefined && current.tickedAt > sentTickedAt) return false;
      reported.delete(key);
      refused.set(key, now());
      return true;
    },
    update(rows, snapshot, judge) {
      const at = now();
      const changes: SelectionChanges = {
        added: [],
        pageTicked: [],
        removed: [],
        addedRows: [],
        removedRows: [],
        pageTickedRows: [],
      };
      const item = (row: PageRow, shownAt: number, tickedAt: number): AddedItem => {
        const shown = judge.shown(row);
        const base = { entity: row.entity, id: row.id, shownAt, tickedAt };
        return shown === undefined ? base : { ...base, shown };
      };
      const rowItem = (row: ShownRow, shownAt: number, tickedAt: number): AddedRow => {
        const base: AddedRow = { rowKey: row.key, shownAt, tickedAt, shown: row.shown };
        if (row.entities) base.entities = row.entities;
        if (row.alike !== undefined) base.alike = row.alike;
        if (row.idHint !== undefined) base.idHint = row.idHint;
        return base;
      };
      const add = (row: AnyRow, shownAt: number, tickedAt: number) => {
        if (isShownRow(row)) changes.addedRows.push(rowItem(row, shownAt, tickedAt));
        else changes.added.push(item(row, shownAt, tickedAt));
      };
      const addPageTicked = (row: AnyRow, shownAt: number, tickedAt: number) => {
        if (isShownRow(row)) changes.pageTickedRows.push(rowItem(row, shownAt, tickedAt));
        else changes.pageTicked.push(item(row, shownAt, tickedAt));
      };
      for (const row of rows) {
        const { key } = row;
        let shownAt = firstSeen.get(key);
        if (shownAt === undefined) {
          shownAt = at;
          firstSeen.set(key, at);
        }
        const wasTicked = row.cells.some((cell) => lastTicked.get(cell.element) === true);
        for (const cell of row.cells) lastTicked.set(cell.element, cell.selected);
        const prev = reported.get(key);
        if (!row.selected) {
          refused.delete(key);
          if (wasTicked && prev) {
            if (!isShownRow(row)) changes.removed.push({ entity: row.entity, id: row.id });
            else changes.removedRows.push(key);
            reported.delete(key);
          }
          continue;
        }
        if (prev?.by === 'person') {
          // Our box unticked and ticked again between two scans: the newer tick is what counts.
          const ownAt = judge.ownTick(row);
          if (ownAt !== undefined && ownAt > prev.tickedAt) {
            prev.tickedAt = ownAt;
            add(row, shownAt, ownAt);
          } else if (snapshot) {
            add(row, shownAt, prev.tickedAt);
          }
          continue;
        }
        const person = judge.personTick(row);
        const refusedAt = refused.get(key);
        if (refusedAt !== undefined) {
          if (person === undefined || person.at <= refusedAt) continue;
          refused.delete(key);
        }
        if (prev?.by === 'page') {
          // A page's tick becomes the person's only through a select-all turned on after it was seen.
          if (person !== undefined && person.via !== 'row' && person.at > prev.tickedAt) {
            reported.set(key, { by: 'person', tickedAt: person.at });
            add(row, shownAt, person.at);
          } else if (snapshot) {
            addPageTicked(row, shownAt, prev.tickedAt);
          }
          continue;
        }
        const tick: Reported = person ? { by: 'person', tickedAt: person.at } : { by: 'page', tickedAt: at };
        reported.set(key, tick);
        if (tick.by === 'person') add(row, shownAt, tick.tickedAt);
        else addPageTicked(row, shownAt, tick.tickedAt);
      }
      return changes;
    },
  };
}
