/**
 * One record-write (delete, void) through its own endpoint (4.1) or 1..30 of them in one batch call
 * (4.3), written once for every kind of write: the allow-list checks, the bId matching (results in
 * any order, an absent bId is `missing`), and R5 (a 5xx, a dropped connection or an unreadable 200
 * is `ambiguous`, never applied and never retried here). A write only says how its request looks and
 * what an item's answer means (./delete-calls.ts, ./void-calls.ts).
 */
import { type Entity, isEntity, isValidId } from '../domain/entities';
import { isSyncToken } from '../domain/ids';
import { MAX_BATCH_ITEMS } from '../domain/limits';
import { type CallContext, exchange } from './exchange';
import { faultsFromBody, isThrottleFault, parseJsonSafely, primaryFault } from './fault';
import type { HttpRequest } from './http';
import type { CallResult, DeleteRequestItem, FaultInfo } from './outcomes';
import { BatchItemResponseSchema, BatchResponseSchema } from './schemas';
import { callMeta, excerpt, noAnswerFailure, toCallFailure } from './to-outcome';

export { MAX_BATCH_ITEMS };

/** What every write item carries: its batch id and its entity. */
export interface WriteItem {
  bId: string;
  entity: Entity;
}

export interface WriteSpec<R, I extends WriteItem = DeleteRequestItem> {
  /** In error messages: 'delete', 'void', 'create'. */
  readonly name: string;
  /** Throws (a bug, before anything is sent) when the item may not be sent. */
  check(name: string, item: I): void;
  /** The single-record request (4.1). */
  one(item: I): Omit<HttpRequest, 'method'>;
  /** The item of a batch call, without its bId. */
  batchItem(item: I): Record<string, unknown>;
  /** An item's answer (a fault wins; else what the JSON proves); undefined when it proves nothing. */
  itemResult(value: unknown, item: I): R | undefined;
  /** A fault that is this one record's answer (a single call's 400). */
  fromFault(fault: FaultInfo): R;
  /** A batch answer without this item's bId. */
  readonly missing: R;
}

export function checkItem(name: string, item: DeleteRequestItem): void {
  if (!isEntity(item.entity)) throw new TypeError(`${name}: not an allow-listed entity: ${String(item.entity)}`);
  if (!isValidId(item.id)) throw new TypeError(`${name}: invalid Id ${JSON.stringify(item.id)}`);
  if (typeof item.syncToken !== 'string' || !isSyncToken(item.syncToken)) {
    throw new TypeError(`${name}: invalid SyncToken ${JSON.stringify(item.syncToken)}`); // missing → 400 at the service
  }
}

export async function writeOne<R, I extends WriteItem>(
  spec: WriteSpec<R, I>,
  ctx: CallContext,
  item: I,
): Promise<CallResult<{ result: R }>> {
  spec.check(spec.name, item);
  const answer = await ctx.send({ method: 'POST', ...spec.one(item) });
  if (answer.kind === 'noToken') return { kind: 'unauthorized', meta: { status: 0 } };
  if (answer.kind === 'noAnswer') return noAnswerFailure(answer.reason);
  const meta = callMeta(answer.status, answer.headers);
  if (answer.status === 200) {
    const result = spec.itemResult(parseJsonSafely(answer.body), item);
    if (result) return { kind: 'ok', meta, result };
    return { kind: 'ambiguous', reason: `unreadable ${spec.name} answer: ${excerpt(answer.body)}`, meta };
  }
  // One record per call: a 400 with a fault is this record's answer (610, 6200/6210, 6540 …), unless
  // it is a throttle (3001: nothing applied, wait; toCallFailure says so).
  const faults = answer.status === 400 ? faultsFromBody(answer.body) : [];
  const fault = faults.some(isThrottleFault) ? undefined : primaryFault(faults);
  if (fault) return { kind: 'ok', meta, result: spec.fromFault(fault) };
  return toCallFailure(answer.status, answer.headers, answer.body, ctx.now());
}

/** `params`: the call's query parameters (a create's `requestid`, `include=allowduplicatedocnum`). */
export async function writeBatch<R, I extends WriteItem>(
  spec: WriteSpec<R, I>,
  ctx: CallContext,
  items: readonly I[],
  params?: HttpRequest['params'],
): Promise<CallResult<{ results: Map<string, R> }>> {
  const label = `batch ${spec.name}`;
  if (items.length === 0 || items.length > MAX_BATCH_ITEMS) {
    throw new TypeError(`${label}: ${items.length} items; a batch holds 1 to ${MAX_BATCH_ITEMS}`);
  }
  const byBId = new Map<string, I>();
  for (const item of items) {
    spec.check(label, item);
    if (typeof item.bId !== 'string' || item.bId === '' || byBId.has(item.bId)) {
      throw new TypeError(`${label}: bId ${JSON.stringify(item.bId)} missing or repeated`);
    }
    byBId.set(item.bId, item);
  }
  const answer = await exchange(ctx, {
    method: 'POST',
    path: 'batch',
    ...(params ? { params } : {}),
    json: { BatchItemRequest: items.map((item) => ({ bId: item.bId, ...spec.batchItem(item) })) },
  });
  if (answer.kind !== 'ok') return answer;
  const parsed = BatchResponseSchema.safeParse(parseJsonSafely(answer.body));
  if (!parsed.success) {
    return { kind: 'ambiguous', reason: `unreadable batch answer: ${excerpt(answer.body)}`, meta: answer.meta };
  }
  // Order is not guaranteed: match by bId, never by position. An absent bId is `missing`.
  const results = new Map<string, R>();
  for (const value of parsed.data.BatchItemResponse) {
    const head = BatchItemResponseSchema.safeParse(value);
    const item = head.success ? byBId.get(head.data.bId) : undefined;
    if (!item || results.has(item.bId)) continue;
    const result = spec.itemResult(value, item);
    if (result) results.set(item.bId, result);
  }
  for (const bId of byBId.keys()) if (!results.has(bId)) results.set(bId, spec.missing);
  return { kind: 'ok', meta: answer.meta, results };
}
