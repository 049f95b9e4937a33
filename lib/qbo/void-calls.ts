/**
 * Void (service-facts "Void"), one record through its own endpoint or 1..30 in a batch, through the
 * one write path (./write-calls.ts):
 * - Invoice: `POST invoice?operation=void` with {Id, SyncToken}; in a batch `operation: "void"`.
 * - Payment, SalesReceipt, BillPayment: `POST <entity>?operation=update&include=void` with
 *   {Id, SyncToken, sparse: true}; in a batch `operation: "update", optionsData: "void"`.
 * A fault is the record's answer even in an HTTP 200 (the real service answers a Bill's void with
 * 200 and a system Fault); a 200 naming the record is only `answered`: the runner confirms every
 * void by re-reading (./../jobs/operations/void.ts). Other types are never sent: a bug, thrown.
 */
import { canVoid, type Entity } from '../domain/entities';
import { jsonKey, resourcePath } from './entities';
import type { CallContext } from './exchange';
import { faultsFromJson, primaryFault } from './fault';
import type { CallResult, DeleteItemResult, DeleteRequestItem, VoidItemResult } from './outcomes';
import { toDeleteItemResult } from './to-outcome';
import { checkItem, type WriteSpec, writeBatch, writeOne } from './write-calls';

function checkVoidable(item: DeleteRequestItem): void {
  if (!canVoid(item.entity)) throw new TypeError(`void: ${String(item.entity)} cannot be voided`);
}

const isInvoice = (item: DeleteRequestItem) => item.entity === 'Invoice';

function body(item: DeleteRequestItem) {
  return isInvoice(item)
    ? { Id: item.id, SyncToken: item.syncToken }
    : { Id: item.id, SyncToken: item.syncToken, sparse: true };
}

function fromFault(fault: Parameters<typeof toDeleteItemResult>[0]): VoidItemResult {
  const result: DeleteItemResult = toDeleteItemResult(fault);
  return result.kind === 'deleted' ? { kind: 'answered' } : result;
}

/** A fault wins; else an object under the entity's key naming this record is `answered`. */
function itemResult(value: unknown, entity: Entity, id: string): VoidItemResult | undefined {
  const fault = primaryFault(faultsFromJson(value));
  if (fault) return fromFault(fault);
  if (typeof value !== 'object' || value === null) return undefined;
  const record = (value as Record<string, unknown>)[jsonKey(entity)];
  if (typeof record !== 'object' || record === null) return undefined;
  return (record as { Id?: unknown }).Id === id ? { kind: 'answered' } : undefined;
}

const VOID: WriteSpec<VoidItemResult> = {
  name: 'void',
  one: (item) => ({
    path: resourcePath(item.entity),
    params: isInvoice(item)
      ? [['operation', 'void']]
      : [
          ['operation', 'update'],
          ['include', 'void'],
        ],
    json: body(item),
  }),
  batchItem: (item) =>
    isInvoice(item)
      ? { operation: 'void', [jsonKey(item.entity)]: body(item) }
      : { operation: 'update', optionsData: 'void', [jsonKey(item.entity)]: body(item) },
  check: (name, item) => {
    checkItem(name, item);
    checkVoidable(item);
  },
  itemResult: (value, item) => itemResult(value, item.entity, item.id),
  fromFault,
  missing: { kind: 'missing' },
};

export function voidOne(ctx: CallContext, item: DeleteRequestItem): Promise<CallResult<{ result: VoidItemResult }>> {
  return writeOne(VOID, ctx, item);
}

export function batchVoid(
  ctx: CallContext,
  items: readonly DeleteRequestItem[],
): Promise<CallResult<{ results: Map<string, VoidItemResult> }>> {
  return writeBatch(VOID, ctx, items);
}
