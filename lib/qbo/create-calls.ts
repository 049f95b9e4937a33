/**
 * Create (re-create a deleted record from its snapshot) through the one write path
 * (./write-calls.ts), always in a batch call and always with the service's `requestid`: a repeat
 * with the same `requestid` returns the original answer instead of creating again, so an ambiguous
 * answer (5xx, dropped connection, a worker stopped mid-call) is re-sent safely with the same id.
 * A fault is the record's refusal: the closed period (6200/6210) as such, anything else (6140
 * duplicate number, 610 for a deleted customer or item, 6000 validation) refused — a 610 here never
 * means "already done".
 */
import { isEntity, isValidId } from '../domain/entities';
import { jsonKey, resourcePath } from './entities';
import type { CallContext } from './exchange';
import { faultsFromJson, isSystemFault, primaryFault } from './fault';
import type { CallResult, CreateItemResult, CreateOptions, CreateRequestItem, FaultInfo } from './outcomes';
import { toDeleteItemResult } from './to-outcome';
import { type WriteSpec, writeBatch } from './write-calls';

export type { CreateItemResult, CreateOptions, CreateRequestItem };

function fromFault(fault: FaultInfo): CreateItemResult {
  // A SystemFault (even in an HTTP 200) says nothing about whether the record was created (R5).
  if (isSystemFault(fault)) return { kind: 'missing' };
  return toDeleteItemResult(fault).kind === 'closedPeriod'
    ? { kind: 'closedPeriod', fault }
    : { kind: 'refused', fault };
}

const CREATE: WriteSpec<CreateItemResult, CreateRequestItem> = {
  name: 'create',
  check(name, item) {
    if (!isEntity(item.entity)) throw new TypeError(`${name}: not an allow-listed entity: ${String(item.entity)}`);
    const body: unknown = item.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypeError(`${name}: no body`);
    if ('Id' in body || 'SyncToken' in body) throw new TypeError(`${name}: a create carries no Id or SyncToken`);
  },
  one: (item) => ({ path: resourcePath(item.entity), json: item.body }),
  batchItem: (item) => ({ operation: 'create', [jsonKey(item.entity)]: item.body }),
  itemResult(value, item) {
    const fault = primaryFault(faultsFromJson(value));
    if (fault) return fromFault(fault);
    if (typeof value !== 'object' || value === null) return undefined;
    const created = (value as Record<string, unknown>)[jsonKey(item.entity)];
    const newId = typeof created === 'object' && created !== null ? (created as { Id?: unknown }).Id : undefined;
    return isValidId(newId) ? { kind: 'created', newId } : undefined;
  },
  fromFault,
  missing: { kind: 'missing' },
};

/** 1..30 creates in one batch call with `requestid`; results matched by bId. */
export function batchCreate(
  ctx: CallContext,
  items: readonly CreateRequestItem[],
  options: CreateOptions,
): Promise<CallResult<{ results: Map<string, CreateItemResult> }>> {
  if (!/^[\w.:-]{1,50}$/.test(options.requestId))
    throw new TypeError('create: requestid must be 1..50 safe characters');
  const params: [string, string][] = [['requestid', options.requestId]];
  if (options.allowDuplicateDocNumbers) params.push(['include', 'allowduplicatedocnum']);
  return writeBatch(CREATE, ctx, items, params);
}
