/**
 * The Attachable endpoints (./attachables.ts):
 *   GET  /attachable/{id}                         → {"Attachable": {...}}; missing → 400 610 (a read, metered)
 *   POST /attachable  (body without Id)           → create a note-only attachment
 *   POST /attachable  (body with Id; `?operation=update` optional) → full update, SyncToken checked
 * Writes accept `?requestid=` like every write and are fault-injected as `create`. Not in a batch.
 * And the control routes under /__sim/:
 *   POST /attachable {realmId, fileName?, contentType?, size?, note?, refs} → the Attachable's JSON
 *   POST /attachable-remove {realmId, id}   GET /attachables?realmId=
 *   POST /attachable-on-delete {mode: 'removed' | 'kept'}
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import {
  attachablesOf,
  createAttachable,
  listAttachables,
  removeAttachable,
  seedAttachable,
  updateAttachable,
} from './attachables';
import { parseJson } from './delete-op';
import { faults } from './faults';
import { idempotent } from './idempotency';
import { guard, sendFault, sendJson } from './pipeline';
import type { ApiEnv, SimState } from './state';

export function mountAttachableRoutes(api: Hono<ApiEnv>, state: SimState): void {
  api.get('/attachable/:id', guard(state, 'read'), (c) => {
    const id = c.req.param('id');
    const found = attachablesOf(state.store.company(c.req.param('realmId') ?? '')).get(id);
    if (!found) return sendFault(c, state, faults.objectNotFound('Attachable', id));
    return sendJson(c, state, 200, { Attachable: structuredClone(found.json) });
  });
  api.post('/attachable', guard(state, 'create'), idempotent(state), async (c) => {
    const op = c.req.query('operation');
    if (op !== undefined && op !== 'update')
      return sendFault(c, state, faults.invalidRequest(`operation=${op} is not supported on Attachable here`));
    const body = parseJson(await c.req.text());
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return sendFault(c, state, faults.invalidRequest('The request body is not a JSON object'));
    const realmId = c.req.param('realmId') ?? '';
    const record = body as Record<string, unknown>;
    const result =
      op === 'update' || 'Id' in record
        ? updateAttachable(state, realmId, record)
        : createAttachable(state, realmId, record);
    if (!result.ok) return sendFault(c, state, result.fault);
    return sendJson(c, state, 200, { Attachable: result.json });
  });
}

const RefSchema = z.object({ type: z.string(), value: z.string(), includeOnSend: z.boolean().optional() });
const SeedSchema = z.object({
  realmId: z.string(),
  fileName: z.string().optional(),
  contentType: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  note: z.string().optional(),
  refs: z.array(RefSchema),
});

export function mountAttachableControl(app: Hono, state: SimState): void {
  const json = async (c: { req: { text(): Promise<string> } }): Promise<unknown> =>
    JSON.parse((await c.req.text()) || '{}');
  app.post('/attachable', async (c) => {
    const { realmId, ...seed } = SeedSchema.parse(await json(c));
    return c.json(seedAttachable(state, realmId, seed));
  });
  app.post('/attachable-remove', async (c) => {
    const { realmId, id } = z.object({ realmId: z.string(), id: z.string() }).parse(await json(c));
    removeAttachable(state, realmId, id);
    return c.json({ ok: true });
  });
  app.get('/attachables', (c) => c.json(listAttachables(state, c.req.query('realmId') ?? '')));
  app.post('/attachable-on-delete', async (c) => {
    const { mode } = z.object({ mode: z.enum(['removed', 'kept']) }).parse(await json(c));
    state.config.attachableOnDelete = mode;
    return c.json({ ok: true });
  });
}
