/** Kept out of selection-message.ts so the content script does not bundle zod for a few numbers. */

/** Items per list (added, pageTicked, removed) in one `selection/report`; bigger changes are split. */
export const MAX_REPORT_ITEMS = 5000;
/** Characters kept of each shown value (amount, number, date) of a row. */
export const MAX_SHOWN_TEXT = 64;
/** Characters of the page-structure skeleton sent for a page the collector cannot read. */
export const MAX_SKELETON_CHARS = 20_000;
