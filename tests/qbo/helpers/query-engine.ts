/**
 * Answers the client's own query statements from a list of records, like the service: rows under
 * the JSON key, `{}` when none, totalCount on count(*) (and, in 'document' style, on selects too).
 * `cut` reproduces R4's silent cut; `lie` returns a wrong count.
 */
import type { SeenRequest } from './fixture-server';

export interface EngineOptions {
  key?: string; // JSON key, default Invoice
  totalOnSelect?: boolean;
  /** Silently return at most this many rows per select, whatever MAXRESULTS says (R4). */
  cut?: number;
  /** Add to the count(*) answer. */
  countSkew?: number;
}

export function statementOf(request: SeenRequest): string {
  return request.method === 'POST' ? request.body : (request.query.get('query') ?? '');
}

export function answerQuery(records: Record<string, unknown>[], request: SeenRequest, options: EngineOptions = {}) {
  const statement = statementOf(request);
  const key = options.key ?? 'Invoice';
  const idList = /Id in \(([^)]*)\)/.exec(statement)?.[1] ?? '';
  const ids = new Set(idList.split(',').map((s) => s.replaceAll("'", '')));
  const matching = records.filter((r) => ids.has(String(r.Id)));
  if (statement.startsWith('select count(*)')) {
    return { QueryResponse: { totalCount: matching.length + (options.countSkew ?? 0) }, time: 'now' };
  }
  const start = Number(/startposition (\d+)/.exec(statement)?.[1] ?? '1');
  const max = Number(/maxresults (\d+)/.exec(statement)?.[1] ?? '100');
  const rows = matching.slice(start - 1, start - 1 + Math.min(max, options.cut ?? max));
  const response: Record<string, unknown> = rows.length
    ? { [key]: rows, startPosition: start, maxResults: rows.length }
    : {};
  if (options.totalOnSelect) response.totalCount = matching.length;
  return { QueryResponse: response, time: 'now' };
}
