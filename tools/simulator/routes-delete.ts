/**
 * 4.1 per-entity delete `POST /{resourcePath}?operation=delete` and 4.2 generic delete
 * `POST /transaction?operation=delete`, both with the unwrapped body {"Id", "SyncToken"}.
 *
 * Decisions: the generic path answers under the found record's own JSON key; it refuses the
 * GENERIC_DELETE_EXCLUDED types (Estimate, PurchaseOrder, TimeActivity) with HTTP 400
 * ValidationFault 6000 (business validation error). A body that is not JSON → 400 fault 2010.
 * Any operation other than delete (create/update) is outside the simulator → 400 fault 2010.
 */
import type { Hono } from 'hono';
import { ENTITIES, type Entity } from '../../lib/domain/entities';
import { resourcePath } from '../../lib/qbo/entities';
import { deleteRecord, parseJson } from './delete-op';
import { faults } from './faults';
import { type ApiContext, guard, sendFault, sendJson } from './pipeline';
import type { ApiEnv, SimState } from './state';

async function handleDelete(c: ApiContext, state: SimState, entity: Entity | undefined): Promise<Response> {
  if (c.req.query('operation') !== 'delete') {
    return sendFault(
      c,
      state,
      faults.invalidRequest(`operation=${c.req.query('operation') ?? ''} is not supported here`),
    );
  }
  const body = parseJson(await c.req.text());
  if (body === undefined) return sendFault(c, state, faults.invalidRequest('The request body is not valid JSON'));
  const outcome = deleteRecord(state, c.req.param('realmId') ?? '', entity, body);
  if (outcome.key) c.set('deleteKeys', [outcome.key]);
  if (!outcome.ok) return sendFault(c, state, outcome.fault);
  return sendJson(c, state, 200, outcome.answer);
}

export function mountDeleteRoutes(api: Hono<ApiEnv>, state: SimState): void {
  for (const entity of ENTITIES) {
    api.post(`/${resourcePath(entity)}`, guard(state, 'delete'), (c) => handleDelete(c, state, entity));
  }
  api.post('/transaction', guard(state, 'delete'), (c) => handleDelete(c, state, undefined));
}
