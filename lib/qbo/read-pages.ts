/**
 * R4 for a read by WHERE clause (lib/qbo/read-window.ts, read-created.ts): count(*) first, then pages
 * with STARTPOSITION and MAXRESULTS until the count is reached. A short page, a row seen twice, a row
 * that is no record, a count that is no whole number or a total that does not add up is a failure,
 * never a smaller set. The caller builds and checks its WHERE clause; this loop only pages it.
 */
import type { Entity } from '../domain/entities';
import { jsonKey } from './entities';
import { type CallContext, exchange } from './exchange';
import type { CallFailure, CallMeta, CallResult, TxnRecord } from './outcomes';
import { readQueryAnswer } from './query-answer';
import { MAX_PAGE_SIZE } from './query-builder';
import { excerpt } from './to-outcome';
import { toTxnRecord } from './to-txn-record';

async function runQuery(ctx: CallContext, entity: Entity, statement: string) {
  const answer = await exchange(ctx, { method: 'GET', path: 'query', params: [['query', statement]] });
  return readQueryAnswer(answer, jsonKey(entity));
}

/**
 * Every row of `select * from <entity> <where>`, each kept as `keep` makes it from the row and its
 * record (the raw row, or the record); `calls` counts the count(*) and every page.
 */
export async function readAllPages<T>(
  ctx: CallContext,
  entity: Entity,
  where: string,
  pageSize: number,
  keep: (record: TxnRecord, row: unknown) => T,
): Promise<CallResult<{ records: T[]; calls: number }>> {
  const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  const count = await runQuery(ctx, entity, `select count(*) from ${entity} ${where}`);
  if (count.kind !== 'ok') return count;
  let meta: CallMeta = count.meta;
  const fail = (reason: string): CallFailure => ({ kind: 'incomplete', reason, meta });
  const total = count.totalCount;
  if (total !== undefined && (total < 0 || !Number.isInteger(total))) return fail(`count(*) says ${total}`);
  const byId = new Map<string, T>();
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
      byId.set(record.id, keep(record, row));
    }
    if (page.rows.length < Math.min(size, total - start + 1)) {
      return fail(`R4: page at ${start} returned ${page.rows.length} rows of ${total}`);
    }
  }
  if (byId.size !== (total ?? 0)) return fail(`R4: received ${byId.size} rows, count(*) says ${total}`);
  return { kind: 'ok', meta, records: [...byId.values()], calls };
}
