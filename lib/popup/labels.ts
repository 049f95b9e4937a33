/**
 * The popup's exact words for each preflight status and each outcome group: the product's contract
 * with screen readers and the outside tests. They live with the popup, not in lib/messaging: the
 * protocol carries statuses and groups as data, and only the edge that shows them words them.
 */
import type { OutcomeGroup } from '../domain/jobs';
import type { PreflightStatus } from '../domain/statuses';

export const STATUS_LABEL: Record<PreflightStatus, string> = {
  ready: 'Ready',
  reconciled: 'Reconciled',
  changed: 'Changed since viewed',
  closedPeriod: 'Closed period',
  notFound: 'Not found',
  deposited: 'Deposited',
  linked: 'Linked',
  unsupported: 'Unsupported type',
  duplicate: 'Duplicate',
  unverifiable: 'Cannot verify',
  pageMismatch: "Doesn't match the page",
};

export const OUTCOME_GROUP_LABEL: Record<OutcomeGroup, string> = {
  deleted: 'Deleted',
  voided: 'Voided',
  restored: 'Restored',
  skipped: 'Skipped',
  refused: 'Refused',
  needsAttention: 'Needs attention',
};
