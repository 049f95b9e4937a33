/**
 * Domain limits the content script needs as values. Kept out of the zod schemas' files: importing a
 * number from a module that builds a schema would bundle zod into the content script.
 */

/**
 * Operations in one batch call (service-facts 4.3): 31 are refused whole with fault 1040. The write
 * calls check it, the runner's chunks and a restore's chunks are cut at it.
 */
export const MAX_BATCH_ITEMS = 30;

/** Characters of the person's name the reports print as "Ran by" (lib/background/preparer.ts). */
export const MAX_PREPARER_NAME = 100;

/** Characters kept of each shown value (amount, number, date) of a row. */
export const MAX_SHOWN_TEXT = 64;

/** A failed check (QuickBooks not answering) is tried again this long after it failed, while a view is open. */
export const CHECK_RETRY_MS = 60_000;

/**
 * How long after its send a write whose answer was lost may still be applied: the service cuts an
 * answer at 120 s (service-facts), plus a margin for clocks and queues. Until then a read that does
 * not show the write proves nothing (it may land a moment later); after it, a read decides once.
 */
export const WRITE_LANDS_WITHIN_MS = 150_000;
