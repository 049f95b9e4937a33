/** Preflight's public surface. */
export { type PreflightInput, runPreflight } from './run-preflight';
export type {
  Blocker,
  BlockingStatus,
  CheckStatus,
  LinkedDetail,
  PreflightItem,
  PreflightRecord,
  PreflightResult,
  PreflightSummary,
  Warning,
} from './types';
export { STATUS_ORDER } from './types';
