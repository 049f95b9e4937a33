/**
 * Shift-click ranges on our own checkboxes (registers): the boxes from the last clicked one to this
 * one, both included, take this one's new state.
 */

export interface RangeSelection {
  /** Call after `box` was toggled by a click; returns the boxes whose state it changed. */
  clicked(box: HTMLInputElement, shiftKey: boolean, boxesInOrder: () => HTMLInputElement[]): HTMLInputElement[];
}

export function createRangeSelection(): RangeSelection {
  let last: HTMLInputElement | undefined;
  return {
    clicked(box, shiftKey, boxesInOrder) {
      const anchor = last;
      last = box;
      if (!shiftKey || !anchor || anchor === box || !anchor.isConnected) return [];
      const boxes = boxesInOrder();
      const from = boxes.indexOf(anchor);
      const to = boxes.indexOf(box);
      if (from < 0 || to < 0) return [];
      const changed: HTMLInputElement[] = [];
      for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
        const b = boxes[i];
        if (b && b.checked !== box.checked) {
          b.checked = box.checked;
          changed.push(b);
        }
      }
      return changed;
    },
  };
}
