/**
 * What a run did to each record, in the popup's and the report's words: the outcome's word and why,
 * from the record's codes (lib/messaging/views.ts JobRecordView). The service's fault message is its
 * own jargon and stays in the exported log; its code is shown. Pure.
 */
import type { JobOperationKind } from '../../domain/jobs';
import { operationOf } from '../../domain/operations';
import { OUTCOME_LABEL } from '../../domain/outcomes';
import type { OwnRefusal } from '../../domain/refusals';
import type { JobRecordView } from '../../messaging/views';
import { formatDate } from '../format';
import { linkedNotRestoredText, restoreNoteText, restoreRefusalText } from './restore';

/** Service codes the result explains in words (the code itself stays visible: "code 6210"). */
const FAULT_WORDS: Record<string, string> = {
  '6200': 'the books are closed for its date',
  '6210': 'the books are closed for its date',
  '6540': 'it is on a bank deposit',
  '610': 'QuickBooks no longer has it',
  '5010': 'someone changed it in QuickBooks',
  '6140': 'another transaction uses its number now (allow duplicate numbers to restore it)',
};

/** An outcome the service may still change: sent, answer lost, not read back yet. */
export const UNVERIFIED_WORD = 'Unverified: outcome unknown, verification pending';

/** The outcome word the popup shows ("Deleted (verified)", "Refused"). */
export function outcomeWord(record: Pick<JobRecordView, 'outcome'>): string {
  return record.outcome === 'unverified' ? UNVERIFIED_WORD : OUTCOME_LABEL[record.outcome];
}

/** The service's code the result shows beside the reason ("code 6210"): digits only, never a word of ours. */
export function shownFaultCode(record: Pick<JobRecordView, 'fault'>): string | undefined {
  const code = record.fault?.code;
  return code && /^\d+$/.test(code) ? code : undefined;
}

/** Why Safe Delete itself did not send a record, for the popup (dates in the browser's locale). */
export function ownRefusalText(refusal: OwnRefusal, locale?: string): string {
  switch (refusal.code) {
    case 'cannotVoid':
      return 'Cannot be voided';
    case 'notRestorable':
      return restoreRefusalText(refusal.why, (day) => formatDate(day, locale));
    case 'linkedNotRestored':
      return linkedNotRestoredText(refusal.record);
    case 'wrongRecordKind':
      return 'This job cannot act on this kind of record.';
    case 'worded':
      return refusal.text;
  }
}

/**
 * Why an outcome happened, in words; the raw service text stays in the exported log. `operation`:
 * the job's ('delete' when absent), for what "Needs attention" means.
 */
export function outcomeReason(
  record: Pick<JobRecordView, 'group' | 'fault' | 'refusal' | 'notes'>,
  operation?: JobOperationKind,
  locale?: string,
): string | undefined {
  const code = shownFaultCode(record);
  if (code && FAULT_WORDS[code]) return FAULT_WORDS[code];
  if (record.group === 'needsAttention') return operationOf(operation).words.needsAttention;
  // A fault message from the service is its own jargon: say it was refused, keep the code.
  if (record.fault) return 'QuickBooks refused it';
  if (record.refusal) return ownRefusalText(record.refusal, locale);
  if (record.notes?.length) return record.notes.map(restoreNoteText).join(' ');
  return undefined;
}
