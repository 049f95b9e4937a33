/**
 * The job vocabulary shared by the runner, the background and the popup, defined once:
 * the outcome groups a result is shown in (read from the operations' declarations,
 * lib/domain/operations.ts), and which job states count as active (a job that may
 * still send: it locks its company and blocks a second job). 'created' is active: a job exists the
 * moment it is journaled, before its first step (the popup's view shows it as 'running').
 */
import { JOB_OPERATIONS, type JobOperationKind, OUTCOME_GROUPS, type OutcomeGroup } from './operations';

export { JOB_OPERATIONS, type JobOperationKind, OUTCOME_GROUPS, type OutcomeGroup };

export const ACTIVE_JOB_STATES: ReadonlySet<string> = new Set([
  'created',
  'running',
  'waiting',
  'paused',
  'tokenNeeded',
]);

export const isActiveJobState = (state: string): boolean => ACTIVE_JOB_STATES.has(state);
