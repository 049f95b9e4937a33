/**
 * The popup's words: every sentence the screens, the report and the finish notice show is made in
 * this folder, one module per kind of thing worded (as zod's locales/en.ts is one switch over an
 * issue's code). Everything else hands over data: codes with their fields, the service's own fault
 * messages as they came. Nothing here reads a sentence back.
 *
 * - findings.ts: why a row of the check has its status (the preflight's findings), what linked records change
 * - cost.ts: inventory and sales tax, beside a row's status
 * - outcomes.ts: what a run did to each record, and why
 * - jobs.ts: why the runner paused a job on its own
 * - restore.ts: why a record cannot be restored, what to do by hand after it is
 * - lists.ts: lists, counts and totals
 * - page-issues.ts: why a QuickBooks tab's rows are not taken (the stale-tab alert)
 * - notices.ts: the notification of a job that finished unwatched
 */
export * from './cost';
export * from './findings';
export * from './jobs';
export * from './lists';
export * from './outcomes';
export * from './restore';
