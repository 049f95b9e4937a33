/**
 * The service client's contract, implemented by `createQboClient` (./client.ts) and consumed by
 * preflight and the runner. Every method converts HTTP into data (./outcomes.ts); none throws for a
 * service answer. No method retries: the runner owns every retry and journals it.
 */
import type { Entity } from '../domain/entities';
import type { Environment } from '../domain/ids';
import type { NameState, NameType } from '../domain/names';
import type {
  CallFailure,
  CallMeta,
  CallResult,
  CreateItemResult,
  CreateOptions,
  CreateRequestItem,
  DeleteItemResult,
  DeleteRequestItem,
  TxnRecord,
  VoidItemResult,
} from './outcomes';
import type { RequestPacer } from './request-pacer';

export interface QboClientOptions {
  realmId: string;
  environment: Environment;
  /** Overrides the API host (the simulator in Node tests). Default: API_BASE[environment]. */
  baseUrl?: string;
  /** Current access token; undefined → the call answers `unauthorized` without sending. */
  getToken: () => Promise<string | undefined> | string | undefined;
  /** Per-request timeout in ms. Default 30_000 (the service's own limit is 120 s). */
  timeoutMs?: number;
  /** Page size of the complete reader, 1..1000. Default 1000. */
  pageSize?: number;
  fetch?: typeof fetch;
  /** Clock for Retry-After HTTP-dates. Default Date.now. */
  now?: () => number;
  /**
   * Shared by every client of the app (./request-pacer.ts): each call waits for room under the
   * company's published limits (10 a second, 10 at once, 500 a minute). Default: none (calls go at once).
   */
  pacer?: RequestPacer;
}

export interface ReadByIdsOptions {
  /**
   * The records are expected to exist (a re-read just before sending): select first, and ask
   * count(*) only when some Id did not come back (./read-by-ids.ts readAllInOnePage). Default false: count first.
   */
  selectFirst?: boolean;
}

export interface ReconciledRow {
  id: string;
  /** Undefined when the report's display name does not map to an entity: join on Id alone. */
  entity?: Entity;
}

export interface QboClient {
  readonly realmId: string;
  readonly environment: Environment;
  /**
   * R4: every record of `entity` whose Id is in `ids`, proven complete (MAXRESULTS set, paged with
   * STARTPOSITION, total confirmed). Ids must satisfy isValidId; anything else is a thrown bug.
   * `calls` counts the HTTP calls made.
   */
  readByIds(
    entity: Entity,
    ids: readonly string[],
    options?: ReadByIdsOptions,
  ): Promise<CallResult<{ records: TxnRecord[]; calls: number }>>;
  /**
   * R4: every record of `entity` created at or after `createdSince` (MetaData.CreateTime), of
   * `txnDate` when given, proven complete: what a restore reads before it would re-send a create
   * whose answer was lost (./read-created.ts). `calls` counts the HTTP calls made.
   */
  readCreated(
    entity: Entity,
    query: { createdSince: number; txnDate?: string },
  ): Promise<CallResult<{ records: TxnRecord[]; calls: number }>>;
  /**
   * The names of `type` among `ids` as the service shows them now, inactive and deleted ones included
   * (the restore preview); an Id the service does not list is absent. `calls` counts the HTTP calls.
   */
  readNames(type: NameType, ids: readonly string[]): Promise<CallResult<{ names: NameState[]; calls: number }>>;
  /** BookCloseDate (YYYY-MM-DD) or undefined when the books are open. */
  readPreferences(): Promise<CallResult<{ bookCloseDate?: string }>>;
  /**
   * CompanyInfo.CompanyName of this client's company (`GET companyinfo/{realmId}`), for the popup.
   * Any answer that is not a company name (XML, empty body, fault, blank name) is a failure.
   */
  readCompanyInfo(): Promise<CallResult<{ companyName: string }>>;
  /** R2: Ids in the TransactionList report filtered by cleared=Reconciled over [start, end], windowed. */
  readReconciled(start: string, end: string): Promise<CallResult<{ rows: ReconciledRow[]; calls: number }>>;
  /** 4.3: 1..30 deletes in one batch call; results matched by bId. */
  batchDelete(items: readonly DeleteRequestItem[]): Promise<CallResult<{ results: Map<string, DeleteItemResult> }>>;
  /**
   * 4.1: one delete through the entity's own endpoint. One record per call, so an HTTP 400 carrying a
   * fault is that record's answer: `ok` with result alreadyGone / closedPeriod / deposited / refused.
   */
  deleteOne(item: DeleteRequestItem): Promise<CallResult<{ result: DeleteItemResult }>>;
  /** 1..30 voids (Invoice, Payment, SalesReceipt, BillPayment only) in one batch call, by bId. */
  batchVoid(items: readonly DeleteRequestItem[]): Promise<CallResult<{ results: Map<string, VoidItemResult> }>>;
  /** One void through the entity's own endpoint; a fault (even in a 200) is the record's answer. */
  voidOne(item: DeleteRequestItem): Promise<CallResult<{ result: VoidItemResult }>>;
  /** 1..30 creates in one batch call, sent with `requestid` (a repeat returns the original answer). */
  batchCreate(
    items: readonly CreateRequestItem[],
    options: CreateOptions,
  ): Promise<CallResult<{ results: Map<string, CreateItemResult> }>>;
}

/**
 * The reads of the find tools and the row resolver, apart from QboClient so a test's
 * hand-made client for deletes need not implement them. createQboClient gives both.
 */
export interface QboFindReads {
  /** Every active name of a name list (the find tools' suggestions), proven complete (R4). */
  readNameList(list: 'Customer' | 'Vendor' | 'Employee'): Promise<CallResult<{ names: string[]; calls: number }>>;
  /**
   * R4: every record of `entity` with TxnDate in [from, to] (YYYY-MM-DD), as the service sent them,
   * proven complete (./read-window.ts): the row resolver and the duplicates scan read this.
   */
  readWindow(entity: Entity, from: string, to: string): Promise<CallResult<{ records: unknown[]; calls: number }>>;
  /** Several TxnDate windows at once: counts and first pages batched, R4 per window (./read-windows.ts). */
  readWindows(
    windows: readonly { entity: Entity; from: string; to: string }[],
  ): Promise<CallResult<{ records: unknown[][]; calls: number }>>;
  /**
   * One query statement of `entity` as given (lib/find/search.ts builds it from allow-listed parts
   * only): its rows and totalCount, or why not. Paging and R4 are the caller's.
   */
  query(
    entity: Entity,
    statement: string,
  ): Promise<{ kind: 'ok'; meta: CallMeta; rows: unknown[]; totalCount?: number } | CallFailure>;
}
