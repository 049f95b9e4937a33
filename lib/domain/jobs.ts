/**
 * The job vocabulary shared by the runner, the background and the popup, defined once (issue 13):
 * the outcome groups a result is shown in, and which job states count as active (a job that may
 * still send: it locks its company and blocks a second job). 'created' is active: a job exists the
 * moment it is journaled, before its first step (the popup's view shows it as 'running').
 */
export const OUTCOME_GROUPS = ['deleted', 'voided', 'restored', 'skipped', 'refused', 'needsAttention'] as const;
export type OutcomeGroup = (typeof OUTCOME_GROUPS)[number];

export const ACTIVE_JOB_STATES: ReadonlySet<string> = new Set([
  'created',
  'running',
  'waiting',
  'paused',
  'tokenNeeded',
]);

export const isActiveJobState = (state: string): boolean => ACTIVE_JOB_STATES.has(state);

/**
 * What a job does to its records (one file per operation in lib/jobs/operations/): delete them, or
 * void them ("Void instead of delete": the record stays with amount 0), or re-create deleted ones
 * from their snapshots ("Restore deleted records").
 */
export const JOB_OPERATIONS = ['delete', 'void', 'restore'] as const;
export type JobOperationKind = (typeof JOB_OPERATIONS)[number];
