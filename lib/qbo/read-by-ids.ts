/**
 * R4: the complete reader. A query without a page size is cut at 100 rows without a word, so every
 * statement sets MAXRESULTS, pages with STARTPOSITION, and the total is confirmed by count(*)
 * (totalCount is reliable only there in the real service; the document puts it on every select, and
 * when present it must agree too). An incomplete set is refused, never returned.
 */

import type { Entity } from '../domain/entities';
import type { ReadByIdsOptions } from './client-api';
import { jsonKey } from './entities';
import { type CallContext, exchange } from './exchange';
import type { CallFailure, CallMeta, CallResult, TxnRecord } from './outcomes';
import { readQueryAnswer } from './query-answer';
import { countByIds, MAX_PAGE_SIZE, selectByIds, shouldPost } from './query-builder';
import { excerpt } from './to-outcome';
import { toTxnRecord } from './to-txn-record';

interface Page {
  rows: unknown[];
  totalCount?: number;
}

async function runQuery(
  ctx: CallContext,
  entity: Entity,
  statement: string,
  idCount: number,
): Promise<({ kind: 'ok'; meta: CallMeta } & Page) | CallFailure> {
  const request = shouldPost(statement, idCount)
    ? ({ method: 'POST', path: 'query', text: statement } as const)
    : ({ method: 'GET', path: 'query', params: [['query', statement]] } as const);
  const read = readQueryAnswer(await exchange(ctx, request), jsonKey(entity));
  if (read.kind !== 'ok') return read;
  const page: Page = { rows: read.rows };
  if (read.totalCount !== undefined) page.totalCount = read.totalCount;
  return { kind: 'ok', meta: read.meta, ...page };
}

/** One IN list of ≤ 1000 Ids, read completely. */
async function readChunk(
  ctx: CallContext,
  entity: Entity,
  ids: readonly string[],
  pageSize: number,
): Promise<CallResult<{ records: TxnRecord[]; calls: number }>> {
  let calls = 1;
  const count = await runQuery(ctx, entity, countByIds(entity, ids), ids.length);
  if (count.kind !== 'ok') return count;
  // R4: a count answer without totalCount proves nothing unless the rows are absent too (`{}`).
  const total = count.totalCount;
  const wanted = new Set(ids);
  const byId = new Map<string, TxnRecord>();
  let meta = count.meta;
  const fail = (reason: string): CallFailure => ({ kind: 'incomplete', reason, meta });

  if (total !== undefined && (total < 0 || total > ids.length))
    return fail(`count(*) says ${total} for ${ids.length} Ids`);
  while (total === undefined ? calls === 1 : byId.size < total) {
    const expected = total === undefined ? 0 : Math.min(pageSize, total - byId.size);
    const page = await runQuery(
      ctx,
      entity,
      selectByIds(entity, ids, { startPosition: byId.size + 1, maxResults: pageSize }),
      ids.length,
    );
    calls += 1;
    if (page.kind !== 'ok') return page;
    meta = page.meta;
    if (page.totalCount !== undefined && total !== undefined && page.totalCount !== total) {
      return fail(`R4: totalCount ${page.totalCount} on the page differs from count(*) ${total}`);
    }
    for (const row of page.rows) {
      const record = toTxnRecord(entity, row);
      if (!record) return fail(`unreadable ${entity} row: ${excerpt(JSON.stringify(row) ?? '')}`);
      if (!wanted.has(record.id)) return fail(`${entity} ${record.id} was not asked for`);
      if (byId.has(record.id)) return fail(`${entity} ${record.id} came twice while paging`);
      byId.set(record.id, record);
    }
    if (total === undefined) {
      if (byId.size > 0) return fail('R4: count(*) gave no totalCount, so these rows cannot be proven complete');
      break;
    }
    if (page.rows.length < expected) {
      return fail(
        `R4: page at ${byId.size - page.rows.length + 1} returned ${page.rows.length} rows, expected ${expected}`,
      );
    }
  }
  if (total !== undefined && byId.size !== total) return fail(`R4: received ${byId.size} rows, count(*) says ${total}`);
  return { kind: 'ok', meta, records: [...byId.values()], calls };
}

/**
 * The re-read of records expected to exist (the runner's re-read before sending, ≤ 30 Ids): one
 * select of a page that holds every Id asked (MAXRESULTS ≥ the Ids), so the default cut of R4 cannot
 * apply. When every Id comes back the set is complete by construction (each row is a distinct Id
 * asked for; no count could say more) and count(*) is not needed: one metered read instead of two.
 * When some Id is missing (gone, or an answer cut anyway), count(*) must prove it: count = rows
 * received → complete; anything else → incomplete, never acted on. Never more calls than count-first.
 */
async function readAllInOnePage(
  ctx: CallContext,
  entity: Entity,
  ids: readonly string[],
  pageSize: number,
): Promise<CallResult<{ records: TxnRecord[]; calls: number }>> {
  const page = await runQuery(
    ctx,
    entity,
    selectByIds(entity, ids, { startPosition: 1, maxResults: pageSize }),
    ids.length,
  );
  if (page.kind !== 'ok') return page;
  let meta = page.meta;
  const fail = (reason: string): CallFailure => ({ kind: 'incomplete', reason, meta });
  const wanted = new Set(ids);
  const byId = new Map<string, TxnRecord>();
  for (const row of page.rows) {
    const record = toTxnRecord(entity, row);
    if (!record) return fail(`unreadable ${entity} row: ${excerpt(JSON.stringify(row) ?? '')}`);
    if (!wanted.has(record.id)) return fail(`${entity} ${record.id} was not asked for`);
    if (byId.has(record.id)) return fail(`${entity} ${record.id} came twice`);
    byId.set(record.id, record);
  }
  if (page.totalCount !== undefined && page.totalCount !== byId.size)
    return fail(`R4: totalCount ${page.totalCount} on the page, ${byId.size} rows received`);
  if (byId.size === ids.length) return { kind: 'ok', meta, records: [...byId.values()], calls: 1 };
  const count = await runQuery(ctx, entity, countByIds(entity, ids), ids.length);
  if (count.kind !== 'ok') return count;
  meta = count.meta;
  // R4: a count answer without totalCount proves nothing unless nothing came back either (`{}`).
  const total = count.totalCount ?? (byId.size === 0 && count.rows.length === 0 ? 0 : undefined);
  if (total !== byId.size) return fail(`R4: received ${byId.size} rows, count(*) says ${total ?? 'nothing'}`);
  return { kind: 'ok', meta, records: [...byId.values()], calls: 2 };
}

export async function readByIds(
  ctx: CallContext,
  entity: Entity,
  ids: readonly string[],
  pageSize: number,
  options: ReadByIdsOptions = {},
): Promise<CallResult<{ records: TxnRecord[]; calls: number }>> {
  const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  const unique = [...new Set(ids)];
  const records: TxnRecord[] = [];
  let calls = 0;
  let meta: CallMeta = { status: 0 };
  // Validate every Id before the first call: a bad Id is a bug, thrown at once.
  for (let at = 0; at < unique.length; at += MAX_PAGE_SIZE) countByIds(entity, unique.slice(at, at + MAX_PAGE_SIZE));
  for (let at = 0; at < unique.length; at += MAX_PAGE_SIZE) {
    const ids = unique.slice(at, at + MAX_PAGE_SIZE);
    const chunk =
      options.selectFirst && ids.length <= size
        ? await readAllInOnePage(ctx, entity, ids, size)
        : await readChunk(ctx, entity, ids, size);
    if (chunk.kind !== 'ok') return chunk;
    records.push(...chunk.records);
    calls += chunk.calls;
    meta = chunk.meta;
  }
  return { kind: 'ok', meta, records, calls };
}
