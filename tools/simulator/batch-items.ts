/**
 * Batch items that write something other than a delete (4.3 rule 1: each succeeds or fails alone):
 *   {"bId", "operation": "create", "<jsonKey>": {...}}                               → create
 *   {"bId", "operation": "void", "Invoice": {Id, SyncToken}}                          → void (Invoice)
 *   {"bId", "operation": "update", "optionsData": "void", "<jsonKey>": {Id, SyncToken, sparse: true}}
 *                                                                                     → void (Payment, SalesReceipt, BillPayment)
 * Answers: `{bId, "<jsonKey>": record}` or `{bId, Fault}`: the same checks and faults as the
 * single paths, per item (a real-mode Bill void: a SystemFault; JournalEntry and the other types:
 * the record unchanged). `include=allowduplicatedocnum` on the batch call applies to its creates.
 * An update without optionsData "void" and any other operation → per-item 2010.
 */
import { createRecord } from './create-op';
import { faults } from './faults';
import { writeFaults } from './faults-write';
import { entityFromJsonKey } from './service-names';
import type { SimState } from './state';
import { voidRecord, type WriteOutcome } from './void-op';

type Item = Record<string, unknown> & { bId: string };

const CONTROL_KEYS = new Set(['bId', 'operation', 'optionsData']);

export function runWriteItem(
  state: SimState,
  realmId: string,
  item: Item,
  options: { allowDuplicateDocNumber: boolean },
): Record<string, unknown> {
  const { bId, operation } = item;
  if (operation !== 'create' && operation !== 'void' && operation !== 'update') {
    return { bId, Fault: faults.invalidRequest(`operation ${String(operation)} is not supported in this batch`) };
  }
  const entityKeys = Object.keys(item).filter((k) => !CONTROL_KEYS.has(k));
  const entity = entityKeys.length === 1 ? entityFromJsonKey(entityKeys[0] ?? '') : undefined;
  if (!entity) return { bId, Fault: faults.invalidRequest(`unsupported entity element: ${entityKeys.join(', ')}`) };
  const body = item[entityKeys[0] ?? ''];
  let outcome: WriteOutcome;
  if (operation === 'create') outcome = createRecord(state, realmId, entity, body, options);
  else if (operation === 'void') outcome = voidRecord(state, realmId, entity, body, 'void');
  else if (String(item.optionsData ?? '').toLowerCase() === 'void')
    outcome = voidRecord(state, realmId, entity, body, 'update-void');
  else return { bId, Fault: writeFaults.updateNotSupported(`Updating ${entity} is not supported here`) };
  return outcome.ok ? { bId, ...outcome.answer } : { bId, Fault: outcome.fault };
}
