/**
 * The audit log's words: what its `outcomeLabel` column says of each final outcome, written once
 * when the line is written. The log keeps the service's fault as it came, code and message (it is
 * the complete record), and names our own refusals by their code. Dates stay as the service writes
 * them (YYYY-MM-DD). Pure.
 */
import { OUTCOME_LABEL } from '../domain/outcomes';
import type { OwnRefusal } from '../domain/refusals';
import type { RecordOutcome } from '../journal/schema';
import { linkedNotRestoredText, restoreRefusalText } from '../popup/words/restore';

/** Why Safe Delete itself did not send a record, in the log's words. */
function ownRefusalWords(refusal: OwnRefusal): string {
  switch (refusal.code) {
    case 'cannotVoid':
      return 'Cannot be voided';
    case 'notRestorable':
      return restoreRefusalText(refusal.why);
    case 'linkedNotRestored':
      return linkedNotRestoredText(refusal.record);
    case 'wrongRecordKind':
      return 'This job cannot act on this kind of record.';
    case 'worded':
      return refusal.text;
  }
}

/** "Deleted (verified)", "Refused (6540: …)" (the service's code and message), "Refused (cannotVoid: Cannot be voided)". */
export function auditOutcomeLabel(outcome: RecordOutcome): string {
  if (outcome.kind === 'refused') return `Refused (${outcome.fault.code}: ${outcome.fault.message})`;
  if (outcome.kind === 'declined') {
    const code = outcome.refusal.code === 'worded' ? outcome.refusal.was : outcome.refusal.code;
    return `Refused (${code}: ${ownRefusalWords(outcome.refusal)})`;
  }
  return OUTCOME_LABEL[outcome.kind];
}
