/**
 * Domain limits the content script needs as values. Kept out of the zod schemas' files: importing a
 * number from a module that builds a schema would bundle zod into the content script.
 */

/** Characters kept of each shown value (amount, number, date) of a row. */
export const MAX_SHOWN_TEXT = 64;
