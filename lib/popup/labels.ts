/**
 * The popup's exact words for each preflight status and each outcome group: the product's contract
 * with screen readers and the outside tests. They live with the popup, not in lib/messaging: the
 * protocol carries statuses and groups as data, and only the edge that shows them words them.
 */
import type { OutcomeGroup } from '../domain/jobs';
import { OPERATION_DECLARATIONS } from '../domain/operations';
import { PREFLIGHT_STATUSES, type PreflightStatus, STATUS_DECLARATIONS } from '../domain/statuses';

/** Each status's label, from its declaration (lib/domain/statuses.ts). */
export const STATUS_LABEL = Object.fromEntries(
  PREFLIGHT_STATUSES.map((status) => [status, STATUS_DECLARATIONS[status].label]),
) as Record<PreflightStatus, string>;

/** Each operation's done group by its declaration's label, then the groups they share. */
export const OUTCOME_GROUP_LABEL = Object.fromEntries([
  ...OPERATION_DECLARATIONS.map((d) => [d.doneGroup, d.words.doneLabel]),
  ['skipped', 'Skipped'],
  ['refused', 'Refused'],
  ['needsAttention', 'Needs attention'],
]) as Record<OutcomeGroup, string>;
