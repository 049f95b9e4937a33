/**
 * The records of one entity created since an instant, optionally of one TxnDate: what a restore
 * reads to find its own record after a create's answer was lost, before it would re-send
 * (lib/restore/find-created.ts decides which one is its). R4 as every read: MAXRESULTS set, paged
 * with STARTPOSITION, the total confirmed by count(*); an incomplete set is refused, never returned.
 * Only an allow-listed entity, a checked YYYY-MM-DD date and a time this module formats reach the
 * statement.
 */
import { type Entity, isEntity } from '../domain/entities';
import { jsonKey } from './entities';
import { type CallContext, exchange } from './exchange';
import type { CallFailure, CallMeta, CallResult, TxnRecord } from './outcomes';
import { readQueryAnswer } from './query-answer';
import { MAX_PAGE_SIZE } from './query-builder';
import { excerpt } from './to-outcome';
import { toTxnRecord } from './to-txn-record';

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

/** One query statement's rows and totalCount, or why not. */
async function runQuery(
  ctx: CallContext,
  entity: Entity,
  statement: string,
): Promise<{ kind: 'ok'; meta: CallMeta; rows: unknown[]; totalCount?: number } | CallFailure> {
  const answer = await exchange(ctx, { method: 'GET', path: 'query', params: [['query', statement]] });
  return readQueryAnswer(answer, jsonKey(entity));
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
  const where = whereOf(entity, query);
  const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  const count = await runQuery(ctx, entity, `select count(*) from ${entity} ${where}`);
  if (count.kind !== 'ok') return count;
  let meta: CallMeta = count.meta;
  const fail = (reason: string): CallFailure => ({ kind: 'incomplete', reason, meta });
  const total = count.totalCount;
  if (total !== undefined && total < 0) return fail(`count(*) says ${total}`);
  const byId = new Map<string, TxnRecord>();
  let calls = 1;
  // R4: a count without totalCount (the real service's `{}` for none) is proven only by a page with no row.
  while (total === undefined ? calls === 1 : byId.size < total) {
    const start = byId.size + 1;
    const page = await runQuery(
      ctx,
      entity,
      `select * from ${entity} ${where} startposition ${start} maxresults ${size}`,
    );
    calls += 1;
    if (page.kind !== 'ok') return page;
    meta = page.meta;
    if (total === undefined) {
      if (page.rows.length > 0) return fail('R4: count(*) gave no totalCount, so these rows cannot be proven complete');
      break;
    }
    for (const row of page.rows) {
      const record = toTxnRecord(entity, row);
      if (!record) return fail(`unreadable ${entity} row: ${excerpt(JSON.stringify(row) ?? '')}`);
      if (byId.has(record.id)) return fail(`${entity} ${record.id} came twice while paging`);
      byId.set(record.id, record);
    }
    if (page.rows.length < Math.min(size, total - start + 1))
      return fail(`R4: page at ${start} returned ${page.rows.length} rows of ${total}`);
  }
  if (total !== undefined && byId.size !== total) return fail(`R4: received ${byId.size} rows, count(*) says ${total}`);
  if (byId.size !== total) return fail(`R4: received ${byId.size} rows, count(*) says ${total}`);
  return { kind: 'ok', meta, records: [...byId.values()], calls };
}
