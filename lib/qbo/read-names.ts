/**
 * Names (customers, vendors, employees, items, accounts) by Id as the service shows them now, for the
 * restore preview: a create naming one that was deleted or made inactive since is
 * refused, so it is said before the click. Inactive and deleted names are asked for explicitly
 * (`Active in (true, false)`); a deleted name is inactive with "(deleted)" after it. An Id the
 * service does not list at all is absent from the answer (the caller treats it as gone).
 *
 * R4: each IN list holds at most MAX_PAGE_SIZE Ids and is read with MAXRESULTS MAX_PAGE_SIZE, so one
 * page holds every row; a row not asked for, a row twice (so never more rows than Ids) or a row
 * without a boolean Active is an unreadable answer, never a guess.
 */
import type { NameState, NameType } from '../domain/names';
import { type CallContext, exchange, unreadable } from './exchange';
import type { CallMeta, CallResult } from './outcomes';
import { readQueryAnswer } from './query-answer';
import { MAX_PAGE_SIZE, selectNamesByIds, shouldPost } from './query-builder';
import { excerpt } from './to-outcome';

const DELETED = /\(deleted\)\s*$/;

function asNameState(type: NameType, row: unknown): NameState | undefined {
  if (!row || typeof row !== 'object') return undefined;
  const { Id, Active, DisplayName, Name, Type } = row as Record<string, unknown>;
  if (typeof Id !== 'string' || typeof Active !== 'boolean') return undefined;
  const name = typeof DisplayName === 'string' ? DisplayName : typeof Name === 'string' ? Name : undefined;
  const deleted = name !== undefined && DELETED.test(name);
  const state: NameState = { type, id: Id, active: Active && !deleted, deleted };
  if (name !== undefined) state.name = name;
  if (type === 'Item' && typeof Type === 'string') state.itemType = Type;
  return state;
}

async function readChunk(
  ctx: CallContext,
  type: NameType,
  ids: readonly string[],
): Promise<CallResult<{ names: NameState[] }>> {
  const statement = selectNamesByIds(type, ids);
  const answer = await exchange(
    ctx,
    shouldPost(statement, ids.length)
      ? { method: 'POST', path: 'query', text: statement }
      : { method: 'GET', path: 'query', params: [['query', statement]] },
  );
  const read = readQueryAnswer(answer, type, 'name query', `${type} rows are not a list`);
  if (read.kind !== 'ok') return read;
  const rows = read.rows;
  const wanted = new Set(ids);
  const byId = new Map<string, NameState>();
  for (const row of rows) {
    const name = asNameState(type, row);
    if (!name || !wanted.has(name.id) || byId.has(name.id)) {
      return unreadable('name query', answer.meta, `${type} row ${excerpt(JSON.stringify(row) ?? '')}`);
    }
    byId.set(name.id, name);
  }
  return { kind: 'ok', meta: answer.meta, names: [...byId.values()] };
}

/** Every listed name of `type` among `ids` (valid numeric Ids only: anything else is a thrown bug). */
export async function readNames(
  ctx: CallContext,
  type: NameType,
  ids: readonly string[],
): Promise<CallResult<{ names: NameState[]; calls: number }>> {
  const unique = [...new Set(ids)];
  // Validate every Id before the first call.
  for (let at = 0; at < unique.length; at += MAX_PAGE_SIZE)
    selectNamesByIds(type, unique.slice(at, at + MAX_PAGE_SIZE));
  const names: NameState[] = [];
  let meta: CallMeta = { status: 0 };
  let calls = 0;
  for (let at = 0; at < unique.length; at += MAX_PAGE_SIZE) {
    const chunk = await readChunk(ctx, type, unique.slice(at, at + MAX_PAGE_SIZE));
    calls += 1;
    if (chunk.kind !== 'ok') return chunk;
    names.push(...chunk.names);
    meta = chunk.meta;
  }
  return { kind: 'ok', meta, names, calls };
}
