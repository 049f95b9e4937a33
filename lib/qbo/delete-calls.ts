/**
 * 4.1 single delete and 4.3 batch delete, through the one write path (./write-calls.ts). R1: the
 * service does not check the SyncToken, so the runner compares tokens before calling; these calls
 * only send what they are given. R5: a 5xx, a dropped connection or an unreadable 200 is
 * `ambiguous`, never `deleted` and never retried here.
 */

import type { Entity } from '../domain/entities';
import { jsonKey, resourcePath } from './entities';
import type { CallContext } from './exchange';
import { faultsFromJson, primaryFault } from './fault';
import type { CallResult, DeleteItemResult, DeleteRequestItem } from './outcomes';
import { DeletedSchema } from './schemas';
import { toDeleteItemResult } from './to-outcome';
import { checkItem, MAX_BATCH_ITEMS, type WriteSpec, writeBatch, writeOne } from './write-calls';

export { MAX_BATCH_ITEMS };

const body = (item: DeleteRequestItem) => ({ Id: item.id, SyncToken: item.syncToken });

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

const DELETE: WriteSpec<DeleteItemResult> = {
  name: 'delete',
  one: (item) => ({ path: resourcePath(item.entity), params: [['operation', 'delete']], json: body(item) }),
  batchItem: (item) => ({ operation: 'delete', [jsonKey(item.entity)]: body(item) }),
  check: checkItem,
  itemResult: (value, item) => itemResult(value, item.entity, item.id),
  fromFault: toDeleteItemResult,
  missing: { kind: 'missing' },
};

/**
 * One delete through the entity's own endpoint. One record per call, so an HTTP 400 carrying a
 * fault is that record's answer: `ok` with result alreadyGone / closedPeriod / deposited / refused.
 */
export function deleteOne(
  ctx: CallContext,
  item: DeleteRequestItem,
): Promise<CallResult<{ result: DeleteItemResult }>> {
  return writeOne(DELETE, ctx, item);
}

/** 1..30 deletes in one batch call; results matched by bId. */
export function batchDelete(
  ctx: CallContext,
  items: readonly DeleteRequestItem[],
): Promise<CallResult<{ results: Map<string, DeleteItemResult> }>> {
  return writeBatch(DELETE, ctx, items);
}
