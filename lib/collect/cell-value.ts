/**
 * The value a cell shows when it is more than plain text (public code that automates the bank feed:
 * the description inside a `.description-tooltip` child, the payee in a button's `aria-label`, the
 * category in an `aria-label` or in a picker's JSON `data-props`). In order: the aria-label of a
 * control that holds the cell's whole text, a tooltip child's text, the cell's own text, the picker's JSON. A placeholder ("Select
 * vendor/customer", "Choose a category") is no value: an empty payee reads as none, never as a name.
 */
import { MAX_SHOWN_TEXT } from '../domain/limits';
import { DATA_PROPS_SELECTOR, LABELLED_CONTROL_SELECTOR, TOOLTIP_SELECTOR } from './selectors';

export function shownText(raw: string | null): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SHOWN_TEXT);
}

/** What an empty picker says in place of a value. */
const PLACEHOLDER =
  /^(select|choose|pick|add|enter|search)\b.{0,3}\b(a |an )?(vendor|customer|payee|name|category|account|class|location)/i;

export const isPlaceholder = (text: string) => PLACEHOLDER.test(text);

const notPlaceholder = (text: string) => (isPlaceholder(text) ? '' : text);

/** Keys that may name the chosen value in a picker's props, most specific first (a guess: no public shape). */
const NAME_KEYS = ['fullyQualifiedName', 'displayName', 'name', 'label', 'text'];
const MAX_PROPS = 4000;

function nameIn(value: unknown, depth: number): string {
  if (depth > 4 || value === null || typeof value !== 'object') return '';
  const obj = value as Record<string, unknown>;
  for (const key of NAME_KEYS) {
    const v = obj[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  for (const v of Object.values(obj)) {
    const found = nameIn(v, depth + 1);
    if (found !== '') return found;
  }
  return '';
}

/** The name a picker's JSON props hold ('' when none, or not JSON). */
export function propsName(raw: string | null): string {
  if (raw === null || raw.length > MAX_PROPS) return '';
  try {
    return notPlaceholder(shownText(nameIn(JSON.parse(raw), 0)));
  } catch {
    return '';
  }
}

/** The cell's value as one line of text ('' when it shows none). */
export function cellValue(cell: Element): string {
  const own = shownText(cell.textContent);
  // Plain text (most list cells): no control, tooltip or picker to look into.
  if (cell.firstElementChild === null) return notPlaceholder(own);
  for (const control of cell.querySelectorAll(LABELLED_CONTROL_SELECTOR)) {
    // Only a control that is the cell's whole content speaks for it (not a button beside its value).
    if (shownText(control.textContent) !== own) continue;
    const label = notPlaceholder(shownText(control.getAttribute('aria-label')));
    if (label !== '') return label;
  }
  const tip = cell.querySelector(TOOLTIP_SELECTOR);
  const tipText = tip ? notPlaceholder(shownText(tip.textContent)) : '';
  if (tipText !== '') return tipText;
  const text = notPlaceholder(own);
  if (text !== '') return text;
  const picker = cell.querySelector(DATA_PROPS_SELECTOR);
  return picker ? propsName(picker.getAttribute('data-props')) : '';
}
