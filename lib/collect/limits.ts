/** Kept out of selection-message.ts so the content script does not bundle zod for one number. */

/** Items per list (added, removed) in one `selection/report`; bigger changes are split. */
export const MAX_REPORT_ITEMS = 5000;
