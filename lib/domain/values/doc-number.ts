/**
 * A transaction's number (DocNumber, a payment's reference number), wherever it is shown or typed:
 * a list's No. column, an imported file, the search form, two records compared as duplicates.
 *
 * - fold: the number as compared. "#1001", "No. 1001" and "1001" are one number: a leading "#" or
 *   "No." is how a list or a file decorates it, not part of it; case, compatibility forms and
 *   invisible marks do not count. Empty is no number.
 * - compare: the order a person expects, "2" before "10" (digits as numbers), then as text.
 * - format: the number as written, invisible marks and edge spaces taken off.
 */

function plain(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
}

/** A number as compared: "#", "No" or "No." at its start dropped, lower case; undefined when empty. */
export function foldNumber(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const n = plain(text)
    .replace(/^(#|no\.?)\s*/i, '')
    .trim()
    .toLowerCase();
  return n === '' ? undefined : n;
}

/** Two numbers are one ("#1001" and "1001"); two absent numbers are not. */
export function sameNumber(a: string | undefined, b: string | undefined): boolean {
  const fa = foldNumber(a);
  return fa !== undefined && fa === foldNumber(b);
}

/** The number as a person reads it; undefined when nothing is left. */
export function formatNumber(text: string | undefined): string | undefined {
  const n = text === undefined ? '' : plain(text);
  return n === '' ? undefined : n;
}

/**
 * A number's sort key, computed once per row (sorting 10,000 rows makes ~140,000 comparisons): a
 * number of digits only (most of them) keeps its digits without leading zeros, compared by length
 * then as text, so "2" sorts before "10" without the numeric collator any other number goes through.
 */
export interface NumberOrder {
  digits: string | undefined;
  text: string;
}

export function numberOrder(text: string | undefined): NumberOrder {
  const n = text ?? '';
  return { digits: /^\d+$/.test(n) ? n.replace(/^0+(?=\d)/, '') : undefined, text: n };
}

const NUMBERS = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Decimal strings as numbers: the shorter is the smaller. */
export const compareDigits = (a: string, b: string): number => a.length - b.length || cmp(a, b);

export function compareNumberOrder(a: NumberOrder, b: NumberOrder): number {
  return a.digits !== undefined && b.digits !== undefined
    ? compareDigits(a.digits, b.digits) || cmp(a.text, b.text)
    : NUMBERS.compare(a.text, b.text);
}

/** "2" before "10", "INV-2" before "INV-10", an absent number first. */
export function compareNumbers(a: string | undefined, b: string | undefined): number {
  return compareNumberOrder(numberOrder(a), numberOrder(b));
}
