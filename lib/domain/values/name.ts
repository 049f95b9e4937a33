/**
 * A name (customer, vendor, payee, employee; an account) and the other free text a list shows (a
 * memo), wherever it is shown or typed: a list cell, an imported file, the search form, two records
 * compared as duplicates.
 *
 * - fold: the text as compared. Case, runs of spaces, compatibility forms, invisible marks (a
 *   zero-width space pasted from a web page) and curly apostrophes ("O’Brien" is "O'Brien") do not
 *   count.
 * - compare: a shown name agrees with the service's whole name or with its last ":" part (a
 *   sub-customer "Parent:Child" and a sub-account are shown by their own part), and a cell cut with
 *   "…" agrees with any name it begins.
 * - format: the shown text without control or bidi-override characters, trimmed.
 */

/** Text as compared: NFKC, no invisible marks, curly apostrophes straight, spaces folded, lower case. */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, (c) => (/\s/.test(c) ? ' ' : '')) // a tab is a space, a zero-width space nothing
    .replace(/[‘’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Two names are one name once folded ("ACME  Co" and "acme co"); two absent names are one too. */
export function sameName(a: string | undefined, b: string | undefined): boolean {
  return foldText(a ?? '') === foldText(b ?? '');
}

const ELLIPSIS = /(…|\.\.\.)$/;

/** A folded cell agrees with a text: equal once folded, or the cell is a cut prefix of it ("Paid by ch…"). */
export function textAgrees(folded: string, actual: string): boolean {
  const a = foldText(actual);
  if (a === folded) return true;
  if (!ELLIPSIS.test(folded)) return false;
  const prefix = folded.replace(ELLIPSIS, '').trim();
  return prefix !== '' && a.startsWith(prefix);
}

/** A folded cell agrees with a name whole or with its last ":" part ("Job Expenses:Materials" as "Materials"). */
export function nameAgrees(folded: string, actual: string): boolean {
  const last = actual.slice(actual.lastIndexOf(':') + 1);
  return textAgrees(folded, actual) || (last !== actual && textAgrees(folded, last));
}

/** Shown text as kept and displayed: no control or bidi-override characters, trimmed; undefined when empty. */
export function formatShownText(text: string | undefined): string | undefined {
  const clean = text?.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return clean ? clean : undefined;
}
