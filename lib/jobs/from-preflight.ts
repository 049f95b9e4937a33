/**
 * The preflight's result → the job's reviewed records. Only 'ready' records, plus 'reconciled' ones
 * flagged (the runner skips them unless the user opted in, R2); every other status ('pageMismatch',
 * 'unverifiable', 'changed' …) is blocked before the job exists. A 'reconciled' record that carries
 * any other blocker (e.g. it also could not be verified) is blocked too: the opt-in covers
 * reconciliation, nothing else. Structural input type, so the runner does not depend on lib/preflight.
 */
import type { ReviewedRecord } from '../journal/schema';
import type { TxnRecord } from '../qbo/outcomes';

export interface PreflightLike {
  status: string;
  reviewed?: TxnRecord;
  /** Every blocking finding of the record, when known (a preflight record carries them all). */
  blockers?: readonly { status: string }[];
}

export function reviewedFromPreflight(records: readonly PreflightLike[]): ReviewedRecord[] {
  const out: ReviewedRecord[] = [];
  for (const r of records) {
    if (!r.reviewed || (r.status !== 'ready' && r.status !== 'reconciled')) continue;
    if ((r.blockers ?? []).some((b) => b.status !== 'reconciled')) continue;
    out.push({ record: r.reviewed, reconciled: r.status === 'reconciled' });
  }
  return out;
}
