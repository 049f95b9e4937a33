/** An entity object as read → TxnRecord: the fields the product uses plus the whole JSON (raw). */
import type { Entity } from '../domain/entities';
import { linksOfJson } from './links';
import type { TxnRecord } from './outcomes';
import { type EntityJson, EntitySchema } from './schemas';

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A JournalEntry's amount when it sends no TotalAmt: the sum of its debit lines (equal to its credits). */
function journalDebits(json: EntityJson): number | undefined {
  let sum: number | undefined;
  for (const line of json.Line ?? []) {
    const detail = line.JournalEntryLineDetail;
    const amount = finite(line.Amount);
    if (amount === undefined || typeof detail !== 'object' || detail === null) continue;
    if ((detail as { PostingType?: unknown }).PostingType !== 'Debit') continue;
    sum = (sum ?? 0) + amount;
  }
  return sum === undefined ? undefined : Math.round(sum * 100) / 100;
}

/**
 * The record's amount (service-facts "Where links live": amounts): `TotalAmt` for most types;
 * Transfer and CreditCardPayment carry `Amount` instead; a JournalEntry may carry neither (its debit
 * lines are summed). The popup, the job's rows and the audit log all read it from here.
 */
export function amountOf(entity: Entity, json: EntityJson): number | undefined {
  if (json.TotalAmt !== undefined) return json.TotalAmt;
  const amount = finite(json.Amount);
  if (amount !== undefined) return amount;
  return entity === 'JournalEntry' ? journalDebits(json) : undefined;
}

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
  const amount = amountOf(entity, json);
  if (amount !== undefined) record.totalAmt = amount;
  if (json.CurrencyRef?.value !== undefined) record.currency = json.CurrencyRef.value;
  const party = partyRef?.name ?? partyRef?.value;
  if (party !== undefined) record.party = party;
  if (json.MetaData?.LastUpdatedTime !== undefined) record.lastUpdatedTime = json.MetaData.LastUpdatedTime;
  return record;
}
