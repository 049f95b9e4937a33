/**
 * What a job does to each record, as a plug-in of the one runner: the runner owns the lifecycle,
 * the journal (write-ahead: journal the attempt, send, record the answer), the throttle, the alarm
 * waits and R5 (an ambiguous answer is verified by re-reading, never re-sent blindly); an operation
 * only says how to prepare, send and verify its requests. Delete is one file (operations/delete.ts);
 * void and create are each one more file, not a copy of the runner.
 */
import type { JobOperationKind } from '../domain/jobs';
import type {
  JobMeta,
  JobRecord,
  RecordOutcome,
  ReviewedRecord,
  ReviewedSentItem,
  SentItem,
  StoredOutcome,
} from '../journal/schema';
import type { QboClient } from '../qbo/client-api';
import type { CallFailure } from '../qbo/outcomes';

export type ReadOutcome<T> = ({ kind: 'ok'; intuitTid?: string } & T) | CallFailure;

/**
 * A send's answer. `perItem`: each item's outcome by bId, or 'verify' when the answer does not say
 * (R5); an item missing from the map is 'verify' too. A call failure: `refusedWhole` (nothing
 * applied: e.g. 1040), `ambiguous`/`incomplete` (maybe applied: verify), the rest not applied (retry).
 */
export type SendAnswer =
  | { kind: 'perItem'; results: ReadonlyMap<string, RecordOutcome | 'verify'>; intuitTid?: string }
  | CallFailure;

/** What a step gives an operation besides the client and the records. */
export interface OperationContext {
  readonly job: JobMeta;
  /**
   * The id of the attempt being sent or verified, journaled with its items (ChunkJournal.attemptId):
   * a create sends it as the service's `requestid`, so re-sending it is safe.
   */
  readonly attemptId: string;
  /** The current chunk's records by key (a restore item journaled without its body rebuilds it). */
  readonly records: ReadonlyMap<string, JobRecord>;
  /** The stored final outcome of a record of an earlier chunk of this job (a restore's dependency). */
  outcomeOf(chunk: number, key: string): Promise<StoredOutcome | undefined>;
  /**
   * Whether an item's write, if the service received it, has surely been applied by now (its send
   * time plus WRITE_LANDS_WITHIN_MS has passed). Before that, a read that does not show the write
   * proves nothing: verify leaves such an item out (it stays to verify, the job waits for its deadline).
   */
  landed(item: SentItem): boolean;
  /**
   * Journal that these items (to verify) are being sent again now, before the send: a worker that dies
   * during it then waits for the new deadline instead of sending a third time. False: not journaled
   * (the job is gone): do not send.
   */
  beforeResend(items: readonly SentItem[]): Promise<boolean>;
}

/**
 * `R`: the variant of job record it acts on; `I`: the items it sends. The step hands an operation
 * only the records `accepts` says are its own (a delete never sees a restore record), and the
 * items its own prepare made.
 */
export interface JobOperation<R extends JobRecord = ReviewedRecord, I extends SentItem = ReviewedSentItem> {
  readonly kind: JobOperationKind;
  accepts(record: JobRecord): record is R;
  /**
   * Just before sending a chunk's records (≤ 30): re-read them and decide. `skips`: final outcomes
   * of records that must not be sent (changed since review, reconciled, gone, …); `send`: the items
   * to send, with their bIds.
   */
  prepare(
    client: QboClient,
    records: readonly R[],
    ctx: OperationContext,
  ): Promise<ReadOutcome<{ skips: Map<string, RecordOutcome>; send: I[] }>>;
  /** One batch call. */
  sendBatch(client: QboClient, items: readonly I[], ctx: OperationContext): Promise<SendAnswer>;
  /** One item alone (after a whole-call refusal, to find the item the service objects to). */
  sendOne(client: QboClient, item: I, ctx: OperationContext): Promise<SendAnswer>;
  /**
   * R5: settle items whose answer was ambiguous; each one's verified outcome, by item key (an item
   * left out stays to verify later). Delete and void re-read, never re-send; a create looks for its
   * record and, only once `ctx.landed` and still not found, re-sends the same attempt with the same
   * `requestid` (journaled first through `ctx.beforeResend`) and reads the result back. A read that
   * does not show an item's write before `ctx.landed` decides nothing: the item is left out.
   */
  verify(
    client: QboClient,
    items: readonly I[],
    ctx: OperationContext,
  ): Promise<ReadOutcome<{ outcomes: Map<string, RecordOutcome> }>>;
}

/** Any operation, as the runner holds it (the step narrows records with `accepts`). */
export type AnyJobOperation = JobOperation<JobRecord, SentItem>;
