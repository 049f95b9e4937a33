/** Real-shaped entity JSON for the duplicates tests, read through the product's own toTxnRecord. */
import type { Entity } from '../../lib/domain/entities';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';

export interface RecordFields {
  date?: string;
  amount?: number;
  name?: string;
  number?: string;
  /** MetaData.CreateTime. Default: the TxnDate at 09:00 UTC plus the Id in seconds (unique, ordered). */
  created?: string;
  memo?: string;
  /** Top-level LinkedTxn (a document's links; a SalesReceipt's deposit). */
  links?: { TxnId: string; TxnType: string }[];
  /** Lines, as sent (a Payment's or Deposit's LinkedTxn live on them). */
  lines?: Record<string, unknown>[];
  extra?: Record<string, unknown>;
}

const PARTY_REF: Partial<Record<Entity, string>> = {
  Bill: 'VendorRef',
  BillPayment: 'VendorRef',
  VendorCredit: 'VendorRef',
  PurchaseOrder: 'VendorRef',
  Purchase: 'EntityRef',
};

export function record(entity: Entity, id: string, fields: RecordFields = {}): TxnRecord {
  const date = fields.date ?? '2025-03-10';
  const json: Record<string, unknown> = {
    Id: id,
    SyncToken: '0',
    TxnDate: date,
    TotalAmt: fields.amount ?? 120,
    MetaData: {
      CreateTime: fields.created ?? new Date(Date.parse(`${date}T09:00:00Z`) + Number(id) * 1000).toISOString(),
      LastUpdatedTime: '2025-12-01T00:00:00Z',
    },
    ...fields.extra,
  };
  if (fields.name !== undefined) json[PARTY_REF[entity] ?? 'CustomerRef'] = { value: '7', name: fields.name };
  if (fields.number !== undefined) json.DocNumber = fields.number;
  if (fields.memo !== undefined) json.PrivateNote = fields.memo;
  if (fields.links) json.LinkedTxn = fields.links;
  if (fields.lines) json.Line = fields.lines;
  const parsed = toTxnRecord(entity, json);
  if (!parsed) throw new Error(`test record ${entity} ${id} does not parse`);
  return parsed;
}
