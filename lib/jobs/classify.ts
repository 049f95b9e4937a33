/**
 * Pure decisions of a chunk: which reviewed records may be sent (R1 changed, R2 reconciled, gone),
 * and how a per-record delete answer becomes an outcome (R3 closed period, 610, 6540, R5 missing).
 */

import { keyOfRecord } from '../domain/record-key';
import type { RecordOutcome, ReviewedRecord, ReviewedSentItem } from '../journal/schema';
import type { DeleteItemResult, TxnRecord } from '../qbo/outcomes';

export const keyOf = keyOfRecord;

export interface RecheckDecision {
  skips: Map<string, RecordOutcome>;
  deletable: ReviewedSentItem[];
}

/** R1 + gone: compare the re-read version with the reviewed one. */
export function compareWithReviewed(
  reviewed: readonly ReviewedRecord[],
  current: ReadonlyMap<string, TxnRecord>,
): { skips: Map<string, RecordOutcome>; survivors: { reviewed: ReviewedRecord; current: TxnRecord }[] } {
  const skips = new Map<string, RecordOutcome>();
  const survivors: { reviewed: ReviewedRecord; current: TxnRecord }[] = [];
  for (const r of reviewed) {
    const key = keyOf(r.record);
    const now = current.get(key);
    if (!now) skips.set(key, { kind: 'alreadyGone' });
    else if (now.syncToken !== r.record.syncToken)
      skips.set(key, { kind: 'skippedChanged', currentSyncToken: now.syncToken });
    else survivors.push({ reviewed: r, current: now });
  }
  return { skips, survivors };
}

/** The date span [min, max] of the records' TxnDates (one report call per chunk), or undefined. */
export function dateSpan(records: readonly { txnDate?: string }[]): { start: string; end: string } | undefined {
  const dates = records.map((r) => r.txnDate).filter((d): d is string => typeof d === 'string' && d.length >= 10);
  if (dates.length === 0) return undefined;
  dates.sort();
  return { start: dates[0]!.slice(0, 10), end: dates[dates.length - 1]!.slice(0, 10) };
}

export function toSentItems(records: readonly TxnRecord[]): ReviewedSentItem[] {
  return records.map((r, i) => ({
    bId: String(i + 1),
    key: keyOf(r),
    entity: r.entity,
    id: r.id,
    syncToken: r.syncToken,
  }));
}

/**
 * A per-record delete answer → outcome; `verify` when the answer does not say (R5: a missing item, a
 * SystemFault even inside an HTTP 200). A 5010 "Stale Object Error" is the service itself saying the
 * record changed since it was read: skipped as changed, never a refusal and never re-sent with a
 * fresh token (the person reviews the new version first).
 */
export function toRecordOutcome(result: DeleteItemResult): RecordOutcome | 'verify' {
  switch (result.kind) {
    case 'deleted':
      return { kind: 'deleted' };
    case 'alreadyGone':
      return { kind: 'alreadyGone', fault: result.fault };
    case 'closedPeriod':
      return { kind: 'closedPeriod', fault: result.fault };
    case 'stale':
      return { kind: 'skippedChanged', fault: result.fault };
    case 'deposited':
    case 'refused':
      return { kind: 'refused', fault: result.fault };
    case 'ambiguous':
    case 'missing':
      return 'verify';
  }
}
