/**
 * The vocabulary the restore shares: which stage an entity is restored in, how a
 * LinkedTxn's TxnType names an entity, and how a bookkeeper reads a record's name. Pure.
 */
import { ENTITY_LABEL, isEntity } from '../domain/entities';
import { type RecordKey, recordKey } from '../domain/record-key';
import { entityOfTxnType } from '../qbo/links';

/** A JSON object: what a snapshot and a create body are. */
export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/**
 * Restore stages, as the service facts order creates: documents first (0), then what pays or applies
 * them (1), then the deposits that group payments (2). Every entity not named here is a document.
 */
export type RestoreStage = 0 | 1 | 2;

export function stageOf(entity: string | undefined): RestoreStage {
  if (entity === 'Payment' || entity === 'BillPayment') return 1;
  return entity === 'Deposit' ? 2 : 0;
}

/**
 * The entity a LinkedTxn's TxnType names (a bill payment's spellings, BillPaymentCheck and
 * BillPaymentCreditCard, matched as BillPayment and written back as they were), or undefined for a
 * type we do not know (ReimburseCharge…): the one table every reader of links shares.
 */
export { entityOfTxnType };

/** The record key a link names: `BillPayment:7` for `{TxnType: "BillPaymentCheck", TxnId: "7"}`. */
export function linkKey(txnType: string, txnId: string): RecordKey {
  return recordKey(entityOfTxnType(txnType) ?? txnType, txnId);
}

export { ENTITY_LABEL };

/** "Invoice 1032", or "Invoice (Id 33)" when it has no number; an unknown type keeps its own name. */
export function describeRecord(entity: string, id: string, docNumber?: string): string {
  const label = isEntity(entity) ? ENTITY_LABEL[entity] : entity;
  return docNumber ? `${label} ${docNumber}` : `${label} (Id ${id})`;
}
