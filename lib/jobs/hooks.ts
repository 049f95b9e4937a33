/**
 * Named step boundaries. A test's `hooks.beforeStep` throws `WorkerKilled` at one of them to
 * simulate the service worker dying there; the runner then stops for good and a new runner built on
 * the same storage must recover.
 */
export const STEP_NAMES = [
  'between-chunks',
  'after-attempt-journaled', // write-ahead entry stored, request not sent
  'after-send-before-response', // request answered, answer not looked at
  'after-response-before-outcomes-written', // outcomes computed, not stored
  'after-outcomes-written',
  'during-verification', // R5 re-read answered, verified outcomes not stored
] as const;
export type StepName = (typeof STEP_NAMES)[number];

export class WorkerKilled extends Error {
  readonly step: StepName;
  constructor(step: StepName) {
    super(`worker killed at ${step}`);
    this.name = 'WorkerKilled';
    this.step = step;
  }
}

export function isWorkerKilled(error: unknown): error is WorkerKilled {
  return error instanceof WorkerKilled;
}
