/**
 * One delete, shared by the per-entity path (4.1), the generic path (4.2) and batch items (4.3).
 * Checks in order: required params (R1), existence (610), generic-path coverage (6000), a stale
 * SyncToken only when `staleSyncToken` is 'fault5010' (5010; by default it is accepted, R1), closed
 * period (R3: 6200/6210), deposited (6540); reconciled records are NOT checked (R2) and delete.
 */

import { onTransactionDeleted } from './attachables';
import { type FaultObject, faults } from './faults';
import { jsonLinks } from './links';
import { DEPOSITABLE, type Entity, GENERIC_DELETE_EXCLUDED, jsonKey } from './service-names';
import type { SimState } from './state';
import { recordKey } from './store';

export type DeleteOutcome =
  | { ok: true; key: string; answer: Record<string, unknown> }
  | { ok: false; key?: string; fault: FaultObject };

function asParam(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Deletes `body` ({Id, SyncToken}) of `entity` (undefined: the generic transaction path, which
 * looks the Id up across entities).
 */
export function deleteRecord(
  state: SimState,
  realmId: string,
  entity: Entity | undefined,
  body: unknown,
): DeleteOutcome {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const id = asParam(fields.Id);
  if (id === undefined) return { ok: false, fault: faults.requiredParam('Id') };
  const key = entity ? recordKey(entity, id) : `Transaction:${id}`;
  // R1: SyncToken must be present; its value is compared with the record's only in 'fault5010'.
  const syncToken = asParam(fields.SyncToken);
  if (syncToken === undefined) return { ok: false, key, fault: faults.requiredParam('SyncToken') };

  const { store, config } = state;
  const rec = entity ? store.find(realmId, entity, id) : store.findById(realmId, id);
  // 610: unknown, or already deleted (a second delete is not applied again).
  if (!rec) return { ok: false, key, fault: faults.objectNotFound(entity ?? 'Transaction', id) };
  const found = recordKey(rec.entity, rec.id);
  // 4.2: the generic path does not cover the non-posting types.
  if (!entity && GENERIC_DELETE_EXCLUDED.has(rec.entity))
    return { ok: false, key: found, fault: faults.genericExcluded(rec.entity) };

  // Intuit's reference: an older SyncToken fails with 5010 (a version conflict, checked before the
  // business rules below). Off by default: the document's R1 accepts it (tools/simulator/README.md).
  if (config.staleSyncToken === 'fault5010' && syncToken !== String(rec.json.SyncToken))
    return { ok: false, key: found, fault: faults.staleObject() };

  // R3: dated on or before the book-closing date → refused for this record only.
  const closeDate = store.company(realmId).bookCloseDate;
  const txnDate = String(rec.json.TxnDate ?? '');
  if (closeDate && txnDate <= closeDate)
    return { ok: false, key: found, fault: faults.closedPeriod(config.mode, txnDate, closeDate) };

  // 6540: a Payment/SalesReceipt that sits on an existing Deposit (its link: top level or a line).
  if (DEPOSITABLE.has(rec.entity)) {
    const links = jsonLinks(rec.json);
    const onDeposit = links.some((l) => l.TxnType === 'Deposit' && l.TxnId && store.find(realmId, 'Deposit', l.TxnId));
    if (onDeposit) return { ok: false, key: found, fault: faults.deposited() };
  }

  // R2: a reconciled record deletes silently, with no code and no message.
  store.applyDelete(realmId, rec);
  onTransactionDeleted(state, realmId, rec.entity, rec.id);
  return { ok: true, key: found, answer: { [jsonKey(rec.entity)]: { status: 'Deleted', domain: 'QBO', Id: rec.id } } };
}

/** Parses a JSON body; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
