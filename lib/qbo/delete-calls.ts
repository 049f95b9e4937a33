/**
 * 4.1 single delete and 4.3 batch delete. R1: the service does not check the SyncToken, so the
 * runner compares tokens before calling; these calls only send what they are given. R5: a 5xx, a
 * dropped connection or an unreadable 200 is `ambiguous`, never `deleted` and never retried here.
 */

import { type Entity, isEntity, isValidId } from '../domain/entities';
import { isSyncToken } from '../domain/ids';
import { jsonKey, resourcePath } from './entities';
import { type CallContext, exchange } from './exchange';
import { faultsFromBody, faultsFromJson, parseJsonSafely, primaryFault } from './fault';
import type { CallResult, DeleteItemResult, DeleteRequestItem } from './outcomes';
import { BatchItemResponseSchema, BatchResponseSchema, DeletedSchema } from './schemas';
import { callMeta, excerpt, noAnswerFailure, toCallFailure, toDeleteItemResult } from './to-outcome';

/** 4.3 / fault 1040: more than 30 operations are refused atomically. */
export const MAX_BATCH_ITEMS = 30;

function checkItem(item: DeleteRequestItem): void {
  if (!isEntity(item.entity)) throw new TypeError(`delete: not an allow-listed entity: ${String(item.entity)}`);
  if (!isValidId(item.id)) throw new TypeError(`delete: invalid Id ${JSON.stringify(item.id)}`);
  if (typeof item.syncToken !== 'string' || !isSyncToken(item.syncToken)) {
    throw new TypeError(`delete: invalid SyncToken ${JSON.stringify(item.syncToken)}`); // missing → 400 at the service
  }
}

function body(item: DeleteRequestItem): { Id: string; SyncToken: string } {
  return { Id: item.id, SyncToken: item.syncToken };
}

/** `{"<jsonKey>": {"status": "Deleted", "Id": …}}` or a fault; anything else says nothing (undefined). */
function itemResult(value: unknown, entity: Entity, id: string): DeleteItemResult | undefined {
  const fault = primaryFault(faultsFromJson(value));
  if (fault) return toDeleteItemResult(fault);
  if (typeof value !== 'object' || value === null) return undefined;
  const deleted = DeletedSchema.safeParse((value as Record<string, unknown>)[jsonKey(entity)]);
  if (!deleted.success || deleted.data.status.toLowerCase() !== 'deleted') return undefined;
  // An answer naming another record proves nothing about ours.
  if (deleted.data.Id !== undefined && deleted.data.Id !== id) return undefined;
  return { kind: 'deleted' };
}

export async function deleteOne(
  ctx: CallContext,
  item: DeleteRequestItem,
): Promise<CallResult<{ result: DeleteItemResult }>> {
  checkItem(item);
  const answer = await ctx.send({
    method: 'POST',
    path: resourcePath(item.entity),
    params: [['operation', 'delete']],
    json: body(item),
  });
  if (answer.kind === 'noToken') return { kind: 'unauthorized', meta: { status: 0 } };
  if (answer.kind === 'noAnswer') return noAnswerFailure(answer.reason);
  const meta = callMeta(answer.status, answer.headers);
  if (answer.status === 200) {
    const result = itemResult(parseJsonSafely(answer.body), item.entity, item.id);
    if (result) return { kind: 'ok', meta, result };
    return { kind: 'ambiguous', reason: `unreadable delete answer: ${excerpt(answer.body)}`, meta };
  }
  // One record per call: a 400 with a fault is this record's answer (610, 6200/6210, 6540 …).
  const fault = answer.status === 400 ? primaryFault(faultsFromBody(answer.body)) : undefined;
  if (fault) return { kind: 'ok', meta, result: toDeleteItemResult(fault) };
  return toCallFailure(answer.status, answer.headers, answer.body, ctx.now());
}

export async function batchDelete(
  ctx: CallContext,
  items: readonly DeleteRequestItem[],
): Promise<CallResult<{ results: Map<string, DeleteItemResult> }>> {
  if (items.length === 0 || items.length > MAX_BATCH_ITEMS) {
    throw new TypeError(`batchDelete: ${items.length} items; a batch holds 1 to ${MAX_BATCH_ITEMS}`);
  }
  const byBId = new Map<string, DeleteRequestItem>();
  for (const item of items) {
    checkItem(item);
    if (typeof item.bId !== 'string' || item.bId === '' || byBId.has(item.bId)) {
      throw new TypeError(`batchDelete: bId ${JSON.stringify(item.bId)} missing or repeated`);
    }
    byBId.set(item.bId, item);
  }
  const answer = await exchange(ctx, {
    method: 'POST',
    path: 'batch',
    json: {
      BatchItemRequest: items.map((item) => ({
        bId: item.bId,
        operation: 'delete',
        [jsonKey(item.entity)]: body(item),
      })),
    },
  });
  if (answer.kind !== 'ok') return answer;
  const parsed = BatchResponseSchema.safeParse(parseJsonSafely(answer.body));
  if (!parsed.success) {
    return { kind: 'ambiguous', reason: `unreadable batch answer: ${excerpt(answer.body)}`, meta: answer.meta };
  }
  // Order is not guaranteed: match by bId, never by position. An absent bId is `missing`.
  const results = new Map<string, DeleteItemResult>();
  for (const value of parsed.data.BatchItemResponse) {
    const head = BatchItemResponseSchema.safeParse(value);
    const item = head.success ? byBId.get(head.data.bId) : undefined;
    if (!item || results.has(item.bId)) continue;
    const result = itemResult(value, item.entity, item.id);
    if (result) results.set(item.bId, result);
  }
  for (const bId of byBId.keys()) if (!results.has(bId)) results.set(bId, { kind: 'missing' });
  return { kind: 'ok', meta: answer.meta, results };
}
