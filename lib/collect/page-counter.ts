/**
 * The page's own "N selected" counter, where it shows one. Read cheaply: a bounded selector (live
 * regions and counter-like classes), at most MAX_CANDIDATES of them, skipping hidden ones and any that
 * wraps the list itself (an aria-live grid would be a megabyte of text). The reader remembers the
 * element that answered and reads it alone while it stays in the page.
 */
import { COUNTER_SELECTOR, HIDDEN_SELECTOR, LIST_PART_SELECTOR } from './selectors';

const COUNTER_TEXT = /^\s*([\d,]+)\s+selected\s*$/i;
const MAX_CANDIDATES = 20;
const MAX_TEXT = 80;
const MAX_CLAIM = 10_000_000;

/** The count one candidate element claims, or undefined. */
export function counterValue(el: Element): number | undefined {
  if (el.closest(HIDDEN_SELECTOR) || el.querySelector(LIST_PART_SELECTOR)) return undefined;
  const text = el.textContent ?? '';
  if (text.length > MAX_TEXT) return undefined;
  const digits = COUNTER_TEXT.exec(text)?.[1]?.replace(/,/g, '');
  if (digits === undefined || digits === '') return undefined;
  const n = Number(digits);
  return Number.isSafeInteger(n) && n <= MAX_CLAIM ? n : undefined;
}

export function readSelectedCounter(root: ParentNode): { value: number; element: Element } | undefined {
  const candidates = root.querySelectorAll(COUNTER_SELECTOR);
  for (let i = 0; i < candidates.length && i < MAX_CANDIDATES; i++) {
    const element = candidates[i] as Element;
    const value = counterValue(element);
    if (value !== undefined) return { value, element };
  }
  return undefined;
}

/** Reads the counter, trying the element that answered last time before searching the page. */
export function createCounterReader(): (root: ParentNode) => number | undefined {
  let last: Element | undefined;
  return (root) => {
    const cached = last?.isConnected ? counterValue(last) : undefined;
    if (cached !== undefined) return cached;
    const found = readSelectedCounter(root);
    last = found?.element;
    return found?.value;
  };
}
