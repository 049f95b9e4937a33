/**
 * The extension's own checkboxes on rows that have none (account registers), labelled "Select for
 * deletion". Their state is the content script's record of the person's TRUSTED clicks (key →
 * tickedAt), never the `checked` property, which page script can set: every scan writes the record
 * back into the boxes. Ours are known by a WeakSet, not by a marker in the page, so a page can
 * neither find them by an attribute nor make its own inputs count as ours.
 */
import { OWN_CHECKBOX_LABEL } from './checkbox';

const ROW_KEY_PREFIX = 'row:';

import { FIRST_CELL_SELECTOR, NATIVE_CHECKBOX_SELECTOR } from './selectors';

export interface OwnCheckboxes {
  isOwn(node: unknown): node is HTMLInputElement;
  /**
   * Adds our box to a row's first cell (so the grid's columns stay aligned), in the recorded state.
   * A row known by what it shows may be given no key yet: reading its fields waits for a tick.
   */
  inject(row: Element, key: string | undefined): HTMLInputElement;
  /** Binds a box to its row's key and writes the record into it; returns the recorded state. */
  sync(box: HTMLInputElement, key: string | undefined): boolean;
  /** Whether the person ticked any row known by what it shows (then every such box needs its key). */
  hasRowTicks(): boolean;
  /** When the person ticked the row (undefined: not ticked). */
  tickedAt(key: string): number | undefined;
  /** After a trusted click toggled `box`: records its new state at `at`. */
  record(box: HTMLInputElement, at: number): void;
  /** Drops a tick the background refused, unless the person ticked the row again after `sentTickedAt`. */
  drop(key: string, sentTickedAt: number): void;
  /** Our boxes in document order (shift-click ranges). */
  inDocument(root: ParentNode): HTMLInputElement[];
}

function cellFor(row: Element): Element {
  return row.querySelector(FIRST_CELL_SELECTOR) ?? row;
}

/** `rowKeyOf`: the key of the row holding a box injected with none (read when the person ticks it). */
export function createOwnCheckboxes(rowKeyOf: (box: Element) => string | undefined = () => undefined): OwnCheckboxes {
  const boxes = new WeakSet<Element>();
  const keyOf = new WeakMap<Element, string>();
  const ticks = new Map<string, number>();
  let rowTicks = 0;
  const set = (key: string, at: number) => {
    if (!ticks.has(key) && key.startsWith(ROW_KEY_PREFIX)) rowTicks++;
    ticks.set(key, at);
  };
  const unset = (key: string) => {
    if (ticks.delete(key) && key.startsWith(ROW_KEY_PREFIX)) rowTicks--;
  };
  const isOwn = (node: unknown): node is HTMLInputElement =>
    typeof node === 'object' && node !== null && boxes.has(node as Element);

  return {
    isOwn,
    inject(row, key) {
      const box = row.ownerDocument.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('aria-label', OWN_CHECKBOX_LABEL);
      boxes.add(box);
      if (key !== undefined) keyOf.set(box, key);
      box.checked = key !== undefined && ticks.has(key);
      cellFor(row).prepend(box);
      return box;
    },
    sync(box, key) {
      if (key === undefined) keyOf.delete(box);
      else keyOf.set(box, key);
      const checked = key !== undefined && ticks.has(key);
      if (box.checked !== checked) box.checked = checked;
      return checked;
    },
    hasRowTicks: () => rowTicks > 0,
    tickedAt: (key) => ticks.get(key),
    record(box, at) {
      const key = keyOf.get(box) ?? rowKeyOf(box);
      if (key === undefined) {
        // A row that shows nothing to know it by: the tick cannot be kept.
        box.checked = false;
        return;
      }
      keyOf.set(box, key);
      if (box.checked) set(key, at);
      else unset(key);
    },
    drop(key, sentTickedAt) {
      const at = ticks.get(key);
      if (at !== undefined && at <= sentTickedAt) unset(key);
    },
    inDocument(root) {
      return [...root.querySelectorAll<HTMLInputElement>(NATIVE_CHECKBOX_SELECTOR)].filter(isOwn);
    },
  };
}
