/**
 * Preflight's vocabulary. Model: a record has ONE status: 'ready' when nothing blocks it, else the
 * most important blocking finding (see STATUS_ORDER). Every blocking finding is kept in `blockers`,
 * and non-blocking findings ('linked', 'inventory', 'salesTax') in `warnings`: a record can be 'ready' with warnings.
 * Findings are facts (lib/domain/findings.ts), never sentences: lib/audit/words.ts words them for the log.
 */
import type { Entity } from '../domain/entities';
import { type BlockingFinding, WARNING_STATUSES, type WarningFinding } from '../domain/findings';
import type { Environment } from '../domain/ids';
import type { Shown } from '../domain/shown';
import { type BlockingStatus, type CheckStatus, STATUS_ORDER } from '../domain/statuses';
import type { CallFailure, TxnRecord } from '../qbo/outcomes';

/** One ticked row: the entity and Id the page showed, and when (epoch ms) the page showed it. */
export interface PreflightItem {
  /** As read from the page: not yet trusted to be an Entity. */
  entity: string;
  id: string;
  shownAt: number;
  /**
   * What the QuickBooks list displayed for the row (raw text, at most 64 characters per field):
   * the page-mismatch check compares it with the record the service returns.
   */
  shown?: Shown;
  /** When the person's tick happened (epoch ms). */
  tickedAt?: number;
}

// The statuses and their order are the domain's (lib/domain/statuses.ts).
export { type BlockingStatus, type CheckStatus, STATUS_ORDER };

/** Which check found it: the check's id, its file name in ./checks. */
interface FoundBy {
  check: string;
}

/** A blocking finding: its status and facts (lib/domain/findings.ts), and the check that found it. */
export type Blocker = BlockingFinding & FoundBy;

/**
 * A finding that does not block: 'linked' and 'inventory' (decisions, see lib/jobs/from-preflight.ts)
 * and 'salesTax' (a note the popup shows).
 */
export type Warning = WarningFinding & FoundBy;

/**
 * What the preflight knows of a record's linked counterpart (the payment that paid an invoice, the
 * invoices a payment pays): enough for the popup to say what deleting the record changes.
 */
export interface LinkedDetail {
  entity: Entity;
  id: string;
  /** The counterpart's number (DocNumber, or a payment's reference number). */
  docNumber?: string;
  /** The counterpart's total. */
  amount?: number;
  currency?: string;
  /** What the link carries on the payment's line: the amount applied between the two, when known. */
  lineAmount?: number;
}

/** What a check reports: a warning has a status of WARNING_STATUSES, every other finding blocks. */
export type Finding = Blocker | Warning;

export const isBlocker = (finding: Finding): finding is Blocker =>
  !(WARNING_STATUSES as readonly string[]).includes(finding.status);

export interface PreflightRecord {
  key: string; // `${entity}:${id}` as given
  entity: string;
  id: string;
  shownAt: number;
  status: CheckStatus;
  blockers: Blocker[];
  warnings: Warning[];
  /** The reviewed version: SyncToken and full JSON as read now. The runner deletes exactly this (R1). */
  reviewed?: TxnRecord;
  /**
   * A linked record's counterparts, read after the selection (./linked-details.ts). Absent when the
   * record has no links, or when they could not all be read: the details are then just missing.
   */
  linked?: LinkedDetail[];
}

export type PreflightSummary = Record<CheckStatus, number> & { total: number; withWarnings: number };

export type PreflightResult =
  | { kind: 'ok'; records: PreflightRecord[]; summary: PreflightSummary; calls: number; checkedAt: number }
  | { kind: 'failed'; failure: CallFailure; calls: number }
  | { kind: 'wrongCompany'; expected: { realmId: string; environment: Environment }; calls: 0 };

/** What record checks see. `record` is undefined when the complete read did not return it. */
export interface RecordCheckInput {
  item: PreflightItem & { entity: Entity };
  record: TxnRecord | undefined;
  bookCloseDate: string | undefined;
  reconciled: ReconciledIndex;
  /** The items the selection's lines name, read once for the whole selection (./item-types.ts); absent: none read. */
  items?: ItemIndex;
}

export interface ItemIndex {
  /** The Item's `Type` ("Inventory", "Service", "NonInventory" …) and name, or undefined when not read. */
  get(id: string): { type?: string; name?: string } | undefined;
}

export interface ReconciledIndex {
  /** R2: true when the report listed (entity, id), or the id under a display name we cannot map. */
  has(entity: Entity, id: string): boolean;
  /** The TxnDates the report covered: a record outside them was not checked. */
  covers(date: string): boolean;
}

export interface RecordCheck {
  id: string;
  run(input: RecordCheckInput): Finding | undefined;
}
