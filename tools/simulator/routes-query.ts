/**
 * 4.5 query: `GET /query?query=<urlencoded>` or `POST /query` with the statement as the body
 * (Content-Type: application/text). Parse errors → 400 fault 4000; meaning errors (unknown entity,
 * FROM Transaction, MAXRESULTS above 1000, unknown property) → 400 fault 4001. R4 lives in
 * ./query-exec.ts; name lists (Customer, Item, …) read the company's refs (./query-names.ts). Query
 * calls have their own throttle ceiling (queryLimit).
 */
import type { Hono } from 'hono';
import { attachablesOf } from './attachables';
import { isAttachableQuery, runAttachableQuery } from './attachables-query';
import { faults } from './faults';
import { type ApiContext, guard, sendFault, sendJson } from './pipeline';
import { runQuery } from './query-exec';
import { QueryError } from './query-parser';
import type { ApiEnv, SimState } from './state';

function answer(c: ApiContext, state: SimState, statement: string): Response {
  try {
    const company = state.store.company(c.req.param('realmId') ?? '');
    const body = isAttachableQuery(statement)
      ? runAttachableQuery(statement, attachablesOf(company).values(), state.config.mode)
      : runQuery(statement, company.records.values(), state.config.mode, company.refs.values());
    return sendJson(c, state, 200, { QueryResponse: body });
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    return sendFault(c, state, e.code === '4000' ? faults.queryParse(e.detail) : faults.queryInvalid(e.detail));
  }
}

export function mountQueryRoutes(api: Hono<ApiEnv>, state: SimState): void {
  api.get('/query', guard(state, 'query'), (c) => answer(c, state, c.req.query('query') ?? ''));
  api.post('/query', guard(state, 'query'), async (c) => answer(c, state, await c.req.text()));
}
