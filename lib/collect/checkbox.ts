/**
 * A row's selection state: its own checkbox (a native `input[type=checkbox]` or a custom
 * `[role=checkbox]` with aria-checked). Rows without one (account registers) get the extension's
 * checkbox, labelled "Select for deletion" and marked with OWN_CHECKBOX_ATTR.
 */

export const OWN_CHECKBOX_ATTR = 'data-safe-delete-checkbox';
export const OWN_CHECKBOX_LABEL = 'Select for deletion';
export const CHECKBOX_SELECTOR = 'input[type="checkbox"], [role="checkbox"]';
export const OWN_CHECKBOX_SELECTOR = `input[${OWN_CHECKBOX_ATTR}]`;

/**
 * The first checkbox inside the row (the app's, or ours once injected), or null: the first match of
 * CHECKBOX_SELECTOR in document order. Chromium's native `querySelector` is several times faster
 * than a hand-written walk over the row (the content script runs it on up to 10,000 rows a scan).
 */
export function findRowCheckbox(row: Element): Element | null {
  return row.querySelector(CHECKBOX_SELECTOR);
}

export function isChecked(box: Element | null): boolean {
  if (!box) return false;
  if (box.tagName === 'INPUT') return (box as HTMLInputElement).checked;
  return box.getAttribute('aria-checked') === 'true';
}

export function isOwnCheckbox(node: unknown): node is HTMLInputElement {
  return (
    typeof node === 'object' &&
    node !== null &&
    (node as Element).nodeType === 1 &&
    (node as Element).tagName === 'INPUT' &&
    (node as Element).hasAttribute(OWN_CHECKBOX_ATTR)
  );
}

/** Where our checkbox goes: the start of the row's first cell, so the grid's columns stay aligned. */
function cellFor(row: Element): Element {
  return row.querySelector('td, th, [role="gridcell"], [role="cell"]') ?? row;
}

/** Adds our checkbox to a row that has none; returns it (checked as asked). */
export function injectOwnCheckbox(row: Element, checked: boolean): HTMLInputElement {
  const box = row.ownerDocument.createElement('input');
  box.type = 'checkbox';
  box.setAttribute(OWN_CHECKBOX_ATTR, '');
  box.setAttribute('aria-label', OWN_CHECKBOX_LABEL);
  box.checked = checked;
  cellFor(row).prepend(box);
  return box;
}
