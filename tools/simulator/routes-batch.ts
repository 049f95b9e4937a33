/**
 * 4.3 `POST /batch` {"BatchItemRequest": [...]}: delete items
 * `{"bId", "operation": "delete", "<jsonKey>": {"Id", "SyncToken"}}` and query items
 * `{"bId", "Query": "select ..."}` (no operation). HTTP 200 with one BatchItemResponse per item,
 * each carrying its bId; failures are per-item Fault objects (R1, R2, R3, 610, 6540 apply per item).
 *
 * 1040: 0 or more than 30 items → HTTP 400, and NOTHING is applied.
 * Decisions: the whole call is also refused (400 fault 2010, nothing applied) when the body is not
 * JSON, BatchItemRequest is not a list or two items share a bId (the
 * results could not be matched); an item without a string bId → 400 fault 2020. Items run in request order; results may be shuffled
 * (`shuffleBatchResults`; the service does not guarantee order). Create and void items:
 * ./batch-items.ts. Other operations and items that name no entity by its JSON key (e.g.
 * "CreditCardPayment" instead of "CreditCardPaymentTxn") fail per item with fault 2010. The call
 * accepts `?requestid=` (./idempotency.ts) and `include=allowduplicatedocnum` (for its creates).
 */
import type { Hono } from 'hono';
import { runWriteItem } from './batch-items';
import { deleteRecord, parseJson } from './delete-op';
import { faults } from './faults';
import { idempotent } from './idempotency';
import { guard, sendFault, sendJson } from './pipeline';
import { runQuery } from './query-exec';
import { QueryError } from './query-parser';
import { includes } from './routes-write';
import { entityFromJsonKey } from './service-names';
import type { ApiEnv, SimState } from './state';

export const BATCH_MAX_ITEMS = 30;

type Item = Record<string, unknown> & { bId: string };

function runItem(
  state: SimState,
  realmId: string,
  item: Item,
  keys: string[],
  options: { allowDuplicateDocNumber: boolean },
): Record<string, unknown> {
  const { bId } = item;
  if (item.operation === undefined && typeof item.Query === 'string') {
    try {
      const company = state.store.company(realmId);
      return {
        bId,
        QueryResponse: runQuery(item.Query, company.records.values(), state.config.mode, company.refs.values()),
      };
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      return { bId, Fault: e.code === '4000' ? faults.queryParse(e.detail) : faults.queryInvalid(e.detail) };
    }
  }
  // create, void and update (void) items: ./batch-items.ts.
  if (item.operation !== 'delete') return runWriteItem(state, realmId, item, options);
  const entityKeys = Object.keys(item).filter((k) => k !== 'bId' && k !== 'operation');
  const entity = entityKeys.length === 1 ? entityFromJsonKey(entityKeys[0] ?? '') : undefined;
  if (!entity) return { bId, Fault: faults.invalidRequest(`unsupported entity element: ${entityKeys.join(', ')}`) };
  const outcome = deleteRecord(state, realmId, entity, item[entityKeys[0] ?? '']);
  if (outcome.key) keys.push(outcome.key);
  return outcome.ok ? { bId, ...outcome.answer } : { bId, Fault: outcome.fault };
}

export function mountBatchRoutes(api: Hono<ApiEnv>, state: SimState): void {
  api.post('/batch', guard(state, 'batch'), idempotent(state), async (c) => {
    const realmId = c.req.param('realmId') ?? '';
    const body = parseJson(await c.req.text());
    if (!body || typeof body !== 'object')
      return sendFault(c, state, faults.invalidRequest('The request body is not valid JSON'));
    const list = (body as Record<string, unknown>).BatchItemRequest ?? [];
    if (!Array.isArray(list)) return sendFault(c, state, faults.invalidRequest('BatchItemRequest must be a list'));
    // 1040: the whole call is refused before anything is applied.
    if (list.length === 0 || list.length > BATCH_MAX_ITEMS) {
      return sendFault(c, state, faults.batchSize(state.config.mode, list.length));
    }
    const items = list.filter((it): it is Item => !!it && typeof it === 'object' && typeof it.bId === 'string');
    if (items.length !== list.length) return sendFault(c, state, faults.requiredParam('bId'));
    if (new Set(items.map((it) => it.bId)).size !== items.length) {
      return sendFault(c, state, faults.invalidRequest('Duplicate bId in BatchItemRequest'));
    }
    const keys: string[] = [];
    const options = { allowDuplicateDocNumber: includes(c).includes('allowduplicatedocnum') };
    const results = items.map((item) => runItem(state, realmId, item, keys, options));
    c.set('deleteKeys', keys);
    const ordered = state.config.shuffleBatchResults ? state.shuffleRng.shuffle(results) : results;
    return sendJson(c, state, 200, { BatchItemResponse: ordered });
  });
}
