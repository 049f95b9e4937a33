/**
 * The preflight's result → the job's reviewed records. Only 'ready' records, plus 'reconciled' ones
 * flagged (the runner skips them unless the user opted in, R2); every other status ('pageMismatch',
 * 'unverifiable', 'changed' …) is blocked before the job exists. A 'reconciled' record that carries
 * any other blocker (e.g. it also could not be verified) is blocked too: the opt-in covers
 * reconciliation, nothing else. A record linked to other transactions (an invoice a payment paid)
 * is a decision, not a warning: it goes in only with `includeLinked` ("Include linked transactions").
 * Structural input type, so the runner does not depend on lib/preflight.
 */
import { isDeletableStatus } from '../domain/statuses';
import type { ReviewedRecord } from '../journal/schema';
import type { TxnRecord } from '../qbo/outcomes';
import { changesOthers } from '../qbo/usage';

export interface PreflightLike {
  status: string;
  reviewed?: TxnRecord;
  /** Every blocking finding of the record, when known (a preflight record carries them all). */
  blockers?: readonly { status: string }[];
  /** Non-blocking findings, when known ('linked'). */
  warnings?: readonly { type: string }[];
}

export interface FromPreflightOptions {
  /** Delete records linked to other transactions too; default false. */
  includeLinked?: boolean;
}

/**
 * Whether deleting the record changes other transactions: links (a deposit's link is the deposited
 * check's business) read from both places, the top-level LinkedTxn and the lines' (a payment's links
 * are per line), or a use that leaves no link (a credit applied elsewhere, a billed time activity).
 */
export function hasLinks(
  record: (Pick<TxnRecord, 'entity' | 'linkedTxn'> & { raw?: unknown; currency?: string }) | undefined,
): boolean {
  return changesOthers(record);
}

/** Linked: a 'linked' status or warning, or links on the reviewed record itself. */
export function isLinked(r: PreflightLike): boolean {
  return r.status === 'linked' || (r.warnings ?? []).some((w) => w.type === 'linked') || hasLinks(r.reviewed);
}

export function reviewedFromPreflight(
  records: readonly PreflightLike[],
  options: FromPreflightOptions = {},
): ReviewedRecord[] {
  const out: ReviewedRecord[] = [];
  for (const r of records) {
    if (!r.reviewed || !isDeletableStatus(r.status)) continue;
    if ((r.blockers ?? []).some((b) => b.status !== 'reconciled')) continue;
    if (!options.includeLinked && isLinked(r)) continue;
    out.push({ record: r.reviewed, reconciled: r.status === 'reconciled' });
  }
  return out;
}
