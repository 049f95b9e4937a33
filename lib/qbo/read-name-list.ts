/**
 * Every active name of a name list (Customer, Vendor, Employee) as the service shows it
 * (DisplayName): the find tools' name suggestions. R4 like every read: count(*), then pages of at
 * most MAX_PAGE_SIZE with STARTPOSITION; an incomplete list is a failure, never a partial one.
 */
import { type CallContext, exchange } from './exchange';
import type { CallFailure, CallMeta, CallResult } from './outcomes';
import { readQueryAnswer } from './query-answer';
import { MAX_PAGE_SIZE } from './query-builder';

export const NAME_LISTS = ['Customer', 'Vendor', 'Employee'] as const;
export type NameList = (typeof NAME_LISTS)[number];

export async function readNameList(
  ctx: CallContext,
  list: NameList,
  pageSize: number = MAX_PAGE_SIZE,
): Promise<CallResult<{ names: string[]; calls: number }>> {
  if (!NAME_LISTS.includes(list)) throw new TypeError(`read-name-list: not a name list: ${String(list)}`);
  const run = async (statement: string) =>
    readQueryAnswer(await exchange(ctx, { method: 'GET', path: 'query', params: [['query', statement]] }), list);
  const count = await run(`select count(*) from ${list}`);
  if (count.kind !== 'ok') return count;
  let meta: CallMeta = count.meta;
  const fail = (reason: string): CallFailure => ({ kind: 'incomplete', reason, meta });
  const total = count.totalCount ?? 0;
  const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  const names: string[] = [];
  let calls = 1;
  let read = 0;
  while (read < total) {
    const page = await run(`select * from ${list} startposition ${read + 1} maxresults ${size}`);
    calls += 1;
    if (page.kind !== 'ok') return page;
    meta = page.meta;
    if (page.rows.length === 0) return fail(`R4: ${list} page at ${read + 1} was empty of ${total}`);
    for (const row of page.rows) {
      const name = (row as { DisplayName?: unknown } | null)?.DisplayName;
      if (typeof name === 'string' && name.trim() !== '') names.push(name);
    }
    read += page.rows.length;
  }
  if (read !== total) return fail(`R4: received ${read} ${list} rows, count(*) says ${total}`);
  return { kind: 'ok', meta, names, calls };
}
