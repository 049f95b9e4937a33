/**
 * The extension's own checkboxes on rows that have none (account registers), labelled "Select for
 * deletion". Their state is the content script's record of the person's TRUSTED clicks (key →
 * tickedAt), never the `checked` property, which page script can set: every scan writes the record
 * back into the boxes. Ours are known by a WeakSet, not by a marker in the page, so a page can
 * neither find them by an attribute nor make its own inputs count as ours.
 */
import { OWN_CHECKBOX_LABEL } from './checkbox';
import { FIRST_CELL_SELECTOR, NATIVE_CHECKBOX_SELECTOR } from './selectors';

export interface OwnCheckboxes {
  isOwn(node: unknown): node is HTMLInputElement;
  /** Adds our box to a row's first cell (so the grid's columns stay aligned), in the recorded state. */
  inject(row: Element, key: string): HTMLInputElement;
  /** Binds a box to its row's key and writes the record into it; returns the recorded state. */
  sync(box: HTMLInputElement, key: string): boolean;
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

export function createOwnCheckboxes(): OwnCheckboxes {
  const boxes = new WeakSet<Element>();
  const keyOf = new WeakMap<Element, string>();
  const ticks = new Map<string, number>();
  const isOwn = (node: unknown): node is HTMLInputElement =>
    typeof node === 'object' && node !== null && boxes.has(node as Element);

  return {
    isOwn,
    inject(row, key) {
      const box = row.ownerDocument.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('aria-label', OWN_CHECKBOX_LABEL);
      boxes.add(box);
      keyOf.set(box, key);
      box.checked = ticks.has(key);
      cellFor(row).prepend(box);
      return box;
    },
    sync(box, key) {
      keyOf.set(box, key);
      const checked = ticks.has(key);
      if (box.checked !== checked) box.checked = checked;
      return checked;
    },
    tickedAt: (key) => ticks.get(key),
    record(box, at) {
      const key = keyOf.get(box);
      if (key === undefined) return;
      if (box.checked) ticks.set(key, at);
      else ticks.delete(key);
    },
    drop(key, sentTickedAt) {
      const at = ticks.get(key);
      if (at !== undefined && at <= sentTickedAt) ticks.delete(key);
    },
    inDocument(root) {
      return [...root.querySelectorAll<HTMLInputElement>(NATIVE_CHECKBOX_SELECTOR)].filter(isOwn);
    },
  };
}
