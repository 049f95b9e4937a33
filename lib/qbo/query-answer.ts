/**
 * A query's answer read once, the same way for every reader (by Ids, names, records created since):
 * the QueryResponse's rows under `key` and its totalCount; a body that is not one is the service's
 * fault when it names one (a whole-call refusal), else unreadable — never an empty result (R4).
 */
import type { Exchanged } from './exchange';
import { unreadable } from './exchange';
import { faultsFromJson, parseJsonSafely, primaryFault } from './fault';
import type { CallFailure, CallMeta } from './outcomes';
import { QueryResponseSchema } from './schemas';
import { excerpt } from './to-outcome';

export type QueryRows = { kind: 'ok'; meta: CallMeta; rows: unknown[]; totalCount?: number };

/** `what`: how an unreadable answer names the call ("query", "name query"); `notList`: its detail when the rows are no list. */
export function readQueryAnswer(
  answer: Exchanged,
  key: string,
  what = 'query',
  notList = 'rows are not a list',
): QueryRows | CallFailure {
  if (answer.kind !== 'ok') return answer;
  const json = parseJsonSafely(answer.body);
  const parsed = QueryResponseSchema.safeParse(json);
  if (!parsed.success) {
    const fault = primaryFault(faultsFromJson(json));
    if (fault) return { kind: 'refusedWhole', fault, meta: answer.meta };
    return unreadable(what, answer.meta, excerpt(answer.body));
  }
  const response = parsed.data.QueryResponse;
  const rows = response[key];
  if (rows !== undefined && !Array.isArray(rows)) return unreadable(what, answer.meta, notList);
  const out: QueryRows = { kind: 'ok', meta: answer.meta, rows: rows ?? [] };
  if (response.totalCount !== undefined) out.totalCount = response.totalCount;
  return out;
}
