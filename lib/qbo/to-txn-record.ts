/** An entity object as read → TxnRecord: the fields the product uses plus the whole JSON (raw). */
import type { Entity } from '../domain/entities';
import { linksOfJson } from './links';
import type { TxnRecord } from './outcomes';
import { EntitySchema } from './schemas';

/**
 * undefined when the object lacks the fields a safe delete needs (Id, SyncToken as strings).
 * linkedTxn gathers the record's own LinkedTxn and its lines' (a Payment links invoices per line,
 * with no top-level LinkedTxn of its own): see ./links.ts.
 */
export function toTxnRecord(entity: Entity, value: unknown): TxnRecord | undefined {
  const parsed = EntitySchema.safeParse(value);
  if (!parsed.success) return undefined;
  const json = parsed.data;
  const partyRef = json.CustomerRef ?? json.VendorRef ?? json.EntityRef;
  const record: TxnRecord = {
    entity,
    id: json.Id,
    syncToken: json.SyncToken,
    linkedTxn: linksOfJson(json).map(({ txnId, txnType }) => ({ txnId, txnType })),
    raw: value as Record<string, unknown>,
  };
  if (json.TxnDate !== undefined) record.txnDate = json.TxnDate;
  if (json.DocNumber !== undefined) record.docNumber = json.DocNumber;
  if (json.TotalAmt !== undefined) record.totalAmt = json.TotalAmt;
  if (json.CurrencyRef?.value !== undefined) record.currency = json.CurrencyRef.value;
  const party = partyRef?.name ?? partyRef?.value;
  if (party !== undefined) record.party = party;
  if (json.MetaData?.LastUpdatedTime !== undefined) record.lastUpdatedTime = json.MetaData.LastUpdatedTime;
  return record;
}
