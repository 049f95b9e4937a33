/**
 * Turns successive page scans into selection changes. Kept in the content script:
 * - `shownAt`: when each transaction was first seen on a page (first-seen per key, never updated);
 * - `reported`: keys the background was told are selected (to send deltas only, and to restore our
 *   own checkboxes when a register re-renders).
 * A removal is sent only when a row element we saw ticked is now unticked: a page re-rendered with
 * fresh, unticked rows (navigation, paging back) does not undo what was selected before.
 */
import type { PageRow } from './rows';
import type { AddedItem, RemovedItem } from './selection-message';

export interface SelectionChanges {
  added: AddedItem[];
  removed: RemovedItem[];
}

export interface SelectionTracker {
  /** `snapshot`: list every ticked row of the page in `added`, even if reported before. */
  update(rows: PageRow[], snapshot: boolean): SelectionChanges;
  isReported(key: string): boolean;
  shownAt(key: string): number | undefined;
}

export function createSelectionTracker({ now }: { now: () => number }): SelectionTracker {
  const firstSeen = new Map<string, number>();
  const reported = new Set<string>();
  const lastTicked = new WeakMap<Element, boolean>();

  return {
    isReported: (key) => reported.has(key),
    shownAt: (key) => firstSeen.get(key),
    update(rows, snapshot) {
      const at = now();
      const added: AddedItem[] = [];
      const removed: RemovedItem[] = [];
      for (const row of rows) {
        let shownAt = firstSeen.get(row.key);
        if (shownAt === undefined) {
          shownAt = at;
          firstSeen.set(row.key, at);
        }
        const wasTicked = row.cells.some((cell) => lastTicked.get(cell.element) === true);
        for (const cell of row.cells) lastTicked.set(cell.element, cell.selected);
        if (row.selected) {
          if (snapshot || !reported.has(row.key)) added.push({ entity: row.entity, id: row.id, shownAt });
          reported.add(row.key);
        } else if (wasTicked && reported.has(row.key)) {
          removed.push({ entity: row.entity, id: row.id });
          reported.delete(row.key);
        }
      }
      return { added, removed };
    },
  };
}
