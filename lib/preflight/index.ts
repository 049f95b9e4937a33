/** Preflight's public surface. */
export { type PreflightInput, runPreflight } from './run-preflight';
export type {
  Blocker,
  BlockingStatus,
  LinkedDetail,
  PreflightItem,
  PreflightRecord,
  PreflightResult,
  PreflightStatus,
  PreflightSummary,
  Warning,
} from './types';
export { STATUS_ORDER } from './types';
