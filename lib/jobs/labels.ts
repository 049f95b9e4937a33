/**
 * Outcome words and groups, shared by the audit log and the popup (groups match
 * lib/messaging/views.ts OUTCOME_GROUPS).
 */

import type { OutcomeGroup } from '../domain/jobs';
import type { OutcomeKind, RecordOutcome } from '../journal/schema';

export const OUTCOME_LABEL: Record<OutcomeKind, string> = {
  deleted: 'Deleted',
  deletedVerified: 'Deleted (verified)',
  notDeletedVerified: 'Not deleted (verified)',
  skippedChanged: 'Skipped: changed since review',
  skippedReconciled: 'Skipped: reconciled',
  closedPeriod: 'Refused: closed period',
  refused: 'Refused',
  alreadyGone: 'Already gone',
  voided: 'Voided',
  notVoidedVerified: 'Not voided (verified)',
  restored: 'Restored',
  restoreUnconfirmed: 'Not confirmed: look for it in QuickBooks',
};

export type { OutcomeGroup };

export const OUTCOME_GROUP: Record<OutcomeKind, OutcomeGroup> = {
  deleted: 'deleted',
  deletedVerified: 'deleted',
  notDeletedVerified: 'needsAttention',
  skippedChanged: 'skipped',
  skippedReconciled: 'skipped',
  closedPeriod: 'refused',
  refused: 'refused',
  alreadyGone: 'skipped',
  voided: 'voided',
  notVoidedVerified: 'needsAttention',
  restored: 'restored',
  restoreUnconfirmed: 'needsAttention',
};

export const UNVERIFIED_LABEL = 'Unverified: outcome unknown, verification pending';

export function outcomeLabel(outcome: RecordOutcome): string {
  if (outcome.kind === 'refused') return `Refused (${outcome.fault.code}: ${outcome.fault.message})`;
  return OUTCOME_LABEL[outcome.kind];
}
