/**
 * Writes on the per-entity paths `POST /{resourcePath}` (./routes-delete.ts has the delete itself):
 *   ?operation=delete                     → delete (4.1)
 *   (no operation)                        → create (./create-op.ts); `include=allowduplicatedocnum`
 *   ?operation=void                       → void an Invoice (./void-op.ts)
 *   ?operation=update&include=void        → void a Payment, SalesReceipt or BillPayment
 *   ?operation=update (no void)           → 400 2010: updates are not simulated
 *   any other operation                   → 400 2010
 * and the generic `POST /transaction?operation=delete` (4.2). Every one accepts `?requestid=`
 * (./idempotency.ts). Fault injection (R5) names them `delete`, `create` and `void`.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { Endpoint } from './api';
import { createRecord } from './create-op';
import { parseJson } from './delete-op';
import { faults } from './faults';
import { writeFaults } from './faults-write';
import { idempotent } from './idempotency';
import { type ApiContext, guard, sendFault, sendJson } from './pipeline';
import { handleDelete } from './routes-delete';
import { ENTITIES, type Entity, resourcePath } from './service-names';
import type { ApiEnv, SimState } from './state';
import type { WriteOutcome } from './void-op';
import { voidRecord } from './void-op';

/** The `include` query parameter's values, lower case. */
export function includes(c: ApiContext): string[] {
  return (c.req.query('include') ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

function endpointOf(c: ApiContext): Endpoint {
  const op = c.req.query('operation');
  if (op === 'void' || op === 'update') return 'void';
  return op === undefined ? 'create' : 'delete';
}

/** Auth, throttle and fault injection under the endpoint the operation names. */
function writeGuard(state: SimState): MiddlewareHandler<ApiEnv> {
  return (c, next) => guard(state, endpointOf(c))(c, next);
}

export function sendOutcome(c: ApiContext, state: SimState, outcome: WriteOutcome): Response {
  if (!outcome.ok) return sendFault(c, state, outcome.fault, outcome.status ?? 400);
  return sendJson(c, state, 200, outcome.answer);
}

async function handleWrite(c: ApiContext, state: SimState, entity: Entity): Promise<Response> {
  const op = c.req.query('operation');
  if (op === 'delete') return handleDelete(c, state, entity);
  if (op !== undefined && op !== 'void' && op !== 'update')
    return sendFault(c, state, faults.invalidRequest(`operation=${op} is not supported here`));
  const body = parseJson(await c.req.text());
  if (body === undefined) return sendFault(c, state, faults.invalidRequest('The request body is not valid JSON'));
  const realmId = c.req.param('realmId') ?? '';
  const include = includes(c);
  if (op === 'update' && !include.includes('void'))
    return sendFault(c, state, writeFaults.updateNotSupported(`Updating ${entity} is not supported here`));
  const outcome =
    op === undefined
      ? createRecord(state, realmId, entity, body, {
          allowDuplicateDocNumber: include.includes('allowduplicatedocnum'),
        })
      : voidRecord(state, realmId, entity, body, op === 'void' ? 'void' : 'update-void');
  return sendOutcome(c, state, outcome);
}

export function mountWriteRoutes(api: Hono<ApiEnv>, state: SimState): void {
  for (const entity of ENTITIES) {
    api.post(`/${resourcePath(entity)}`, writeGuard(state), idempotent(state), (c) => handleWrite(c, state, entity));
  }
  api.post('/transaction', guard(state, 'delete'), idempotent(state), (c) => handleDelete(c, state, undefined));
}
