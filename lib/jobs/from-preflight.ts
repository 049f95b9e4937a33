/**
 * The preflight's result → the job's reviewed records. Only 'ready' records, plus 'reconciled' ones
 * flagged (the runner skips them unless the user opted in, R2); every other status is blocked before
 * the job exists. Structural input type, so the runner does not depend on lib/preflight.
 */
import type { ReviewedRecord } from '../journal/schema';
import type { TxnRecord } from '../qbo/outcomes';

export interface PreflightLike {
  status: string;
  reviewed?: TxnRecord;
}

export function reviewedFromPreflight(records: readonly PreflightLike[]): ReviewedRecord[] {
  const out: ReviewedRecord[] = [];
  for (const r of records) {
    if (!r.reviewed || (r.status !== 'ready' && r.status !== 'reconciled')) continue;
    out.push({ record: r.reviewed, reconciled: r.status === 'reconciled' });
  }
  return out;
}
