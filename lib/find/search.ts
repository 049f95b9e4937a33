/**
 * "Find transactions": per type a counted, paged read (R4), the filters the
 * service cannot apply done after it (./search-statement.ts says which), the rows sorted by date then
 * number, with the total.
 *
 * Two passes: every type's count(*) first, so a search past MAX_SEARCH_RESULTS is refused ("too
 * many: narrow the search") before a single page is read; then pages of 1000 by STARTPOSITION. A
 * page short of what count(*) promised, a row twice, an unreadable row or any failed call fails the
 * whole search: nothing is shown from part of the books.
 *
 * The reader runs one statement and returns its rows and totalCount (the client's `exchange` +
 * `readQueryAnswer(answer, jsonKey(entity))`); only statements built here reach it.
 */
import type { z } from 'zod';
import type { Entity } from '../domain/entities';
import type { CallFailure, CallMeta, TxnRecord } from '../qbo/outcomes';
import type { QueryRows } from '../qbo/query-answer';
import { MAX_PAGE_SIZE } from '../qbo/query-builder';
import { excerpt } from '../qbo/to-outcome';
import { toTxnRecord } from '../qbo/to-txn-record';
import { type FoundRecord, foundOf } from './found';
import { MAX_SEARCH_RESULTS, parseSearchQuery, type SearchQuery } from './search-query';
import { matchesQuery, sortRows } from './search-rows';
import { countStatement, pageStatement, serviceConditions } from './search-statement';

export type SearchRead = (entity: Entity, statement: string) => Promise<QueryRows | CallFailure>;

export type SearchOutcome =
  | { kind: 'ok'; rows: FoundRecord[]; total: number; calls: number }
  /** The counts alone pass the limit: nothing was read past them, nothing is shown. */
  | { kind: 'tooMany'; counted: number; limit: number; calls: number }
  | { kind: 'failed'; entity: Entity; failure: CallFailure; calls: number }
  | { kind: 'invalid'; issues: z.core.$ZodIssue[]; calls: 0 };

export interface SearchOptions {
  /** Default MAX_PAGE_SIZE (1000); smaller only in tests. */
  pageSize?: number;
  /** Default MAX_SEARCH_RESULTS. */
  limit?: number;
}

/** A throw at the reader (an I/O edge) is a failed read like any other. */
function thrown(error: unknown): CallFailure {
  return { kind: 'ambiguous', reason: `read threw: ${String(error)}`.slice(0, 200), meta: { status: 0 } };
}

async function safeRead(read: SearchRead, entity: Entity, statement: string): Promise<QueryRows | CallFailure> {
  try {
    return await read(entity, statement);
  } catch (error) {
    return thrown(error);
  }
}

type Counted = { entity: Entity; total: number | undefined };

/** One type's pages until count(*) is met, or why the set cannot be proven complete. */
async function readPages(
  read: SearchRead,
  { entity, total }: Counted,
  conditions: readonly string[],
  size: number,
  meta: CallMeta,
): Promise<
  { kind: 'ok'; records: TxnRecord[]; calls: number } | { kind: 'failed'; failure: CallFailure; calls: number }
> {
  const byId = new Map<string, TxnRecord>();
  let calls = 0;
  const fail = (reason: string) => ({
    kind: 'failed' as const,
    failure: { kind: 'incomplete' as const, reason, meta },
    calls,
  });
  // R4: a count without totalCount (the real service's `{}` for none) is proven only by an empty page.
  while (total === undefined ? calls === 0 : byId.size < total) {
    const start = byId.size + 1;
    const page = await safeRead(read, entity, pageStatement(entity, conditions, start, size));
    calls += 1;
    if (page.kind !== 'ok') return { kind: 'failed', failure: page, calls };
    meta = page.meta;
    if (total === undefined) {
      if (page.rows.length > 0) return fail('R4: count(*) gave no totalCount, so these rows cannot be proven complete');
      break;
    }
    for (const value of page.rows) {
      const record = toTxnRecord(entity, value);
      if (!record) return fail(`unreadable ${entity} row: ${excerpt(JSON.stringify(value) ?? '')}`);
      if (byId.has(record.id)) return fail(`${entity} ${record.id} came twice while paging`);
      byId.set(record.id, record);
    }
    if (page.rows.length < Math.min(size, total - start + 1))
      return fail(`R4: page at ${start} returned ${page.rows.length} rows of ${total}`);
  }
  if (byId.size !== (total ?? 0)) return fail(`R4: received ${byId.size} rows, count(*) says ${total}`);
  return { kind: 'ok', records: [...byId.values()], calls };
}

export async function searchTransactions(
  /** A SearchQuery, checked again here: it arrives in a message. */
  input: SearchQuery | Record<string, unknown>,
  read: SearchRead,
  options: SearchOptions = {},
): Promise<SearchOutcome> {
  const parsed = parseSearchQuery(input);
  if (parsed.kind === 'invalid') return { kind: 'invalid', issues: parsed.issues, calls: 0 };
  const query = parsed.query;
  const size = options.pageSize ?? MAX_PAGE_SIZE;
  const limit = options.limit ?? MAX_SEARCH_RESULTS;
  const conditions = serviceConditions(query);
  let calls = 0;
  const counted: (Counted & { meta: CallMeta })[] = [];
  for (const entity of query.types) {
    const answer = await safeRead(read, entity, countStatement(entity, conditions));
    calls += 1;
    if (answer.kind !== 'ok') return { kind: 'failed', entity, failure: answer, calls };
    const total = answer.totalCount;
    if (total !== undefined && (!Number.isInteger(total) || total < 0)) {
      const failure: CallFailure = { kind: 'incomplete', reason: `count(*) says ${total}`, meta: answer.meta };
      return { kind: 'failed', entity, failure, calls };
    }
    counted.push({ entity, total, meta: answer.meta });
  }
  const sum = counted.reduce((n, c) => n + (c.total ?? 0), 0);
  if (sum > limit) return { kind: 'tooMany', counted: sum, limit, calls };
  const rows: FoundRecord[] = [];
  for (const count of counted) {
    const pages = await readPages(read, count, conditions, size, count.meta);
    calls += pages.calls;
    if (pages.kind !== 'ok') return { kind: 'failed', entity: count.entity, failure: pages.failure, calls };
    for (const record of pages.records) {
      const row = foundOf(record);
      if (matchesQuery(row, query)) rows.push(row);
    }
  }
  const sorted = sortRows(rows);
  return { kind: 'ok', rows: sorted, total: sorted.length, calls };
}
