/**
 * What a call to the service came to, converted once at the edge (the client) into data.
 * Nothing past the client looks at HTTP statuses or fault bodies.
 */
import type { AttachmentMeta } from '../domain/attachments';
import type { Entity } from '../domain/entities';

/** A fault as read from any of the three real forms (capitalised JSON, lowercase gateway JSON, XML). */
export interface FaultInfo {
  code: string;
  message: string;
  detail?: string;
  /** The envelope said `type: "SystemFault"`: a server error, whatever its code (./fault.ts isSystemFault). */
  system?: true;
}

/** Evidence kept with every answer: support asks for intuit_tid. */
export interface CallMeta {
  status: number; // 0 when no HTTP answer arrived (dropped connection, timeout)
  intuitTid?: string;
}

/** How one record's delete ended, as far as the answer says. */
export type DeleteItemResult =
  | { kind: 'deleted' }
  | { kind: 'alreadyGone'; fault: FaultInfo } // 610
  | { kind: 'closedPeriod'; fault: FaultInfo } // R3: 6200, 6210, or 5010 "Account Period Closed"
  | { kind: 'deposited'; fault: FaultInfo } // 6540
  | { kind: 'stale'; fault: FaultInfo } // 5010 "Stale Object Error": the record changed since it was read
  | { kind: 'refused'; fault: FaultInfo } // any other per-record fault
  | { kind: 'ambiguous'; fault: FaultInfo } // SystemFault 10000, even inside an HTTP 200 (R5): verify
  | { kind: 'missing' }; // a batch answer without this bId: outcome unknown → treat as ambiguous

/**
 * How one record's void ended, as far as the answer says: `answered` is a 200 naming the record with
 * no fault, which proves nothing by itself (the real service answers so without voiding some types):
 * every void is confirmed by re-reading.
 */
export type VoidItemResult = Exclude<DeleteItemResult, { kind: 'deleted' }> | { kind: 'answered' };

/** Call-level failures shared by every call. */
export type CallFailure =
  | { kind: 'rateLimited'; retryAfterMs: number; meta: CallMeta } // 429 / 3001
  | { kind: 'allowanceUsedUp'; fault: FaultInfo; meta: CallMeta } // the app's monthly reads are used up (./fault.ts)
  | { kind: 'unauthorized'; fault?: FaultInfo; meta: CallMeta } // 401 (3200, 100)
  | { kind: 'forbidden'; fault?: FaultInfo; meta: CallMeta } // 403 (3100)
  | { kind: 'refusedWhole'; fault: FaultInfo; meta: CallMeta } // 4xx with a fault: 1040, 4000, 2170 ...
  | { kind: 'ambiguous'; reason: string; meta: CallMeta } // R5: 5xx, dropped connection, timeout, unreadable 200
  | { kind: 'incomplete'; reason: string; meta: CallMeta }; // R4: a read that could not be proven complete

export type CallResult<T> = ({ kind: 'ok'; meta: CallMeta } & T) | CallFailure;

/** One record as read from the service: the fields the product uses, plus the full JSON. */
export interface TxnRecord {
  entity: Entity;
  id: string;
  syncToken: string;
  txnDate?: string;
  docNumber?: string;
  totalAmt?: number;
  currency?: string;
  party?: string;
  lastUpdatedTime?: string;
  linkedTxn: { txnId: string; txnType: string }[];
  /** The whole entity object exactly as the service sent it: the pre-delete snapshot. */
  raw: Record<string, unknown>;
  /** Its attachments as the check read them (metadata, never the file); absent: none read. */
  attachments?: AttachmentMeta[];
}

export interface DeleteRequestItem {
  bId: string;
  entity: Entity;
  id: string;
  syncToken: string;
}

/** A create (restore: re-create a deleted record), lib/qbo/create-calls.ts. */
export interface CreateRequestItem {
  bId: string;
  entity: Entity;
  /** The entity JSON to create: no Id, SyncToken or MetaData. */
  body: Record<string, unknown>;
}

export type CreateItemResult =
  | { kind: 'created'; newId: string }
  | { kind: 'closedPeriod'; fault: FaultInfo }
  | { kind: 'refused'; fault: FaultInfo }
  | { kind: 'missing' };

export interface CreateOptions {
  /** The service's idempotency key: the same one again returns the original answer. */
  requestId: string;
  /** `include=allowduplicatedocnum`: only when the person chose it. */
  allowDuplicateDocNumbers?: boolean;
}
