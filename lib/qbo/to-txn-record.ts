/** An entity object as read → TxnRecord: the fields the product uses plus the whole JSON (raw). */
import type { Entity } from './entities';
import type { TxnRecord } from './outcomes';
import { EntitySchema } from './schemas';

/**
 * undefined when the object lacks the fields a safe delete needs (Id, SyncToken as strings).
 * linkedTxn gathers the record's own LinkedTxn and its lines' (a Payment links invoices per line).
 */
export function toTxnRecord(entity: Entity, value: unknown): TxnRecord | undefined {
  const parsed = EntitySchema.safeParse(value);
  if (!parsed.success) return undefined;
  const json = parsed.data;
  const linked = new Map<string, { txnId: string; txnType: string }>();
  const lineLinks = (json.Line ?? []).flatMap((line) => line.LinkedTxn ?? []);
  for (const link of [...(json.LinkedTxn ?? []), ...lineLinks]) {
    linked.set(`${link.TxnType}:${link.TxnId}`, { txnId: link.TxnId, txnType: link.TxnType });
  }
  const partyRef = json.CustomerRef ?? json.VendorRef ?? json.EntityRef;
  const record: TxnRecord = {
    entity,
    id: json.Id,
    syncToken: json.SyncToken,
    linkedTxn: [...linked.values()],
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
