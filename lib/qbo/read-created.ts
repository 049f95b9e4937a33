/**
 * The records of one entity created since an instant, optionally of one TxnDate: what a restore
 * reads to find its own record after a create's answer was lost, before it would re-send
 * (lib/restore/find-created.ts decides which one is its). R4 as every read (lib/qbo/read-pages.ts):
 * MAXRESULTS set, paged with STARTPOSITION, the total confirmed by count(*); an incomplete set is
 * refused, never returned. Only an allow-listed entity, a checked YYYY-MM-DD date and a time this
 * module formats reach the statement.
 */
import { type Entity, isEntity } from '../domain/entities';
import type { CallContext } from './exchange';
import type { CallResult, TxnRecord } from './outcomes';
import { readAllPages } from './read-pages';

export interface CreatedQuery {
  /** Epoch ms: records whose MetaData.CreateTime is at or after it. */
  createdSince: number;
  /** YYYY-MM-DD: only records of this TxnDate (the body's). */
  txnDate?: string;
}

/** `2026-11-26T22:38:37+00:00`: the offset form the service's own times use. */
function serviceTime(ms: number): string {
  if (!Number.isFinite(ms)) throw new TypeError(`read-created: bad time ${ms}`);
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

function whereOf(entity: Entity, query: CreatedQuery): string {
  if (!isEntity(entity)) throw new TypeError(`read-created: not an allow-listed entity: ${String(entity)}`);
  const since = `MetaData.CreateTime >= '${serviceTime(query.createdSince)}'`;
  if (query.txnDate === undefined) return `where ${since}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(query.txnDate)) throw new TypeError(`read-created: bad date ${query.txnDate}`);
  return `where TxnDate = '${query.txnDate}' and ${since}`;
}

export async function readCreated(
  ctx: CallContext,
  entity: Entity,
  query: CreatedQuery,
  pageSize: number,
): Promise<CallResult<{ records: TxnRecord[]; calls: number }>> {
  // Async so that a failed check is a rejected promise, as every caller awaits, before any call.
  const where = whereOf(entity, query);
  return readAllPages(ctx, entity, where, pageSize, (record) => record);
}
