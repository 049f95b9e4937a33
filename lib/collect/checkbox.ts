/**
 * A row's selection state: its own checkbox (a native `input[type=checkbox]` or a custom
 * `[role=checkbox]` with aria-checked). Rows without one (account registers) get the extension's
 * checkbox (own-checkboxes.ts), whose state is never read from the page.
 */
import { CHECKBOX_SELECTOR } from './selectors';

export const OWN_CHECKBOX_LABEL = 'Select for deletion';

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
