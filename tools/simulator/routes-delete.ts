/**
 * 4.1 per-entity delete `POST /{resourcePath}?operation=delete` and 4.2 generic delete
 * `POST /transaction?operation=delete`, both with the unwrapped body {"Id", "SyncToken"}. The routes
 * are mounted by ./routes-write.ts, which also sends creates and voids on the same paths.
 *
 * Decisions: the generic path answers under the found record's own JSON key; it refuses the
 * GENERIC_DELETE_EXCLUDED types (Estimate, PurchaseOrder, TimeActivity) with HTTP 400
 * ValidationFault 6000 (business validation error). A body that is not JSON → 400 fault 2010.
 * On the generic path, any operation other than delete → 400 fault 2010.
 */
import { deleteRecord, parseJson } from './delete-op';
import { faults } from './faults';
import { type ApiContext, sendFault, sendJson } from './pipeline';
import type { Entity } from './service-names';
import type { SimState } from './state';

export async function handleDelete(c: ApiContext, state: SimState, entity: Entity | undefined): Promise<Response> {
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
