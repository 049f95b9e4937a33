/**
 * Limits of the content-script protocol (content-protocol.ts) that the content script needs as
 * values. Kept out of content-protocol.ts so the content script does not bundle zod for a few numbers.
 */

/** Items per list (added, pageTicked, removed) in one `selection/report`; bigger changes are split. */
export const MAX_REPORT_ITEMS = 5000;
/** Characters of the page-structure skeleton sent for a page the collector cannot read. */
export const MAX_SKELETON_CHARS = 20_000;
