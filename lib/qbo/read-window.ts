/**
 * The WindowReader over the real client (issue 20): every record of one entity with TxnDate in
 * [from, to]. R4 as every read (lib/qbo/read-created.ts): count(*) first, then pages with
 * STARTPOSITION and MAXRESULTS until the count is reached; a short page, a row seen twice, a row
 * that is no record, or a total that does not add up is a failure, never a smaller set. Only an
 * allow-listed entity and checked YYYY-MM-DD dates reach the statement (a TypeError otherwise: a
 * programming error, not the service's answer).
 */
import { type Entity, isEntity } from '../domain/entities';
import { jsonKey } from './entities';
import { type CallContext, exchange } from './exchange';
import type { CallFailure, CallMeta, CallResult } from './outcomes';
import { readQueryAnswer } from './query-answer';
import { MAX_PAGE_SIZE } from './query-builder';
import { excerpt } from './to-outcome';
import { toTxnRecord } from './to-txn-record';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The checked WHERE of a TxnDate window (only an allow-listed entity and real YYYY-MM-DD dates). */
export function windowWhere(entity: Entity, from: string, to: string): string {
  if (!isEntity(entity)) throw new TypeError(`read-window: not an allow-listed entity: ${String(entity)}`);
  for (const date of [from, to]) {
    if (typeof date !== 'string' || !ISO_DATE.test(date)) throw new TypeError(`read-window: bad date ${String(date)}`);
  }
  if (from > to) throw new TypeError(`read-window: ${from} is after ${to}`);
  return `where TxnDate >= '${from}' and TxnDate <= '${to}'`;
}

async function runQuery(ctx: CallContext, entity: Entity, statement: string) {
  const answer = await exchange(ctx, { method: 'GET', path: 'query', params: [['query', statement]] });
  return readQueryAnswer(answer, jsonKey(entity));
}

export async function readWindow(
  ctx: CallContext,
  entity: Entity,
  from: string,
  to: string,
  pageSize: number,
): Promise<CallResult<{ records: unknown[]; calls: number }>> {
  const where = windowWhere(entity, from, to);
  const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  const count = await runQuery(ctx, entity, `select count(*) from ${entity} ${where}`);
  if (count.kind !== 'ok') return count;
  let meta: CallMeta = count.meta;
  const fail = (reason: string): CallFailure => ({ kind: 'incomplete', reason, meta });
  const total = count.totalCount;
  if (total !== undefined && (total < 0 || !Number.isInteger(total))) return fail(`count(*) says ${total}`);
  const byId = new Map<string, unknown>();
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
      byId.set(record.id, row);
    }
    if (page.rows.length < Math.min(size, total - start + 1)) {
      return fail(`R4: page at ${start} returned ${page.rows.length} rows of ${total}`);
    }
  }
  if (byId.size !== (total ?? 0)) return fail(`R4: received ${byId.size} rows, count(*) says ${total}`);
  return { kind: 'ok', meta, records: [...byId.values()], calls };
}
