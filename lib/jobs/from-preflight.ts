/**
 * The preflight's result → the job's reviewed records. Only 'ready' records, plus 'reconciled' ones
 * flagged (the runner skips them unless the user opted in, R2); every other status ('pageMismatch',
 * 'unverifiable', 'changed' …) is blocked before the job exists. A 'reconciled' record that carries
 * any other blocker (e.g. it also could not be verified) is blocked too: the opt-in covers
 * reconciliation, nothing else. A record linked to other transactions (an invoice a payment paid)
 * is a decision, not a warning: it goes in only with `includeLinked` ("Include linked transactions");
 * one that buys or sells inventory items only with `includeInventory` ("Include inventory transactions").
 * Whether it is linked is the linked check's finding, read here, never worked out again from the
 * record. Structural input type (a preflight record or a stored row), so the runner does not depend
 * on lib/preflight.
 */
import { hasInventoryFinding, hasLinkedFinding } from '../domain/findings';
import { isDeletableStatus } from '../domain/statuses';
import type { ReviewedRecord } from '../journal/schema';
import type { TxnRecord } from '../qbo/outcomes';

export interface PreflightLike {
  status: string;
  reviewed?: TxnRecord;
  /** Every blocking finding of the record, when known (a preflight record carries them all). */
  blockers?: readonly { status: string }[];
  /** Non-blocking findings: the linked check's ('linked'). */
  warnings?: readonly { status: string }[];
}

export interface FromPreflightOptions {
  /** Delete records linked to other transactions too; default false. */
  includeLinked?: boolean;
  /** Delete records that buy or sell inventory items too ("Include inventory transactions"); default false. */
  includeInventory?: boolean;
}

/** Linked: shown as 'linked', or carrying the linked check's finding (a reconciled record may too). */
export function isLinked(r: PreflightLike): boolean {
  return r.status === 'linked' || hasLinkedFinding(r.warnings);
}

/** Buys or sells inventory: shown as 'inventory', or carrying the inventory check's finding. */
export function isInventory(r: PreflightLike): boolean {
  return r.status === 'inventory' || hasInventoryFinding(r.warnings);
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
    if (!options.includeInventory && isInventory(r)) continue;
    out.push({ record: r.reviewed, reconciled: r.status === 'reconciled' });
  }
  return out;
}
