/**
 * A found transaction, as every find tool shows it: a search's result row and a duplicate group's
 * member are the same shape (lib/domain/find.ts FoundRecord, what the protocol carries), built here
 * once from the service's record.
 *
 * The record passed the client's EntitySchema (toTxnRecord) already; the few optional fields read
 * beside it (memo, times, a card credit's flag, TxnSource) are read by type check, a field of the
 * wrong shape reading as absent, rather than by a second zod parse per record: at 10,000 search rows
 * that parse was a sixth of the time to the first rows shown.
 */
import type { FoundRecord } from '../domain/find';
import { formatNumber } from '../domain/values/doc-number';
import type { TxnRecord } from '../qbo/outcomes';

export type { FoundRecord };

/** The optional fields of a record's JSON a find tool reads. */
export interface FoundFields {
  privateNote?: string;
  customerMemo?: string;
  memo?: string;
  txnSource?: string;
  /** `Credit: true` (a Purchase that is a card credit). */
  credit: boolean;
  createTime?: string;
  lastUpdatedTime?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const object = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export function fieldsOf(record: TxnRecord): FoundFields {
  const { raw } = record;
  const meta = object(raw.MetaData);
  return {
    privateNote: text(raw.PrivateNote),
    customerMemo: text(object(raw.CustomerMemo)?.value),
    memo: text(raw.Memo),
    txnSource: text(raw.TxnSource),
    credit: raw.Credit === true,
    createTime: text(meta?.CreateTime),
    lastUpdatedTime: text(meta?.LastUpdatedTime),
  };
}

/** The memos a record carries, in the order they are shown: the private note, the customer memo, a Memo field. */
export function memosOf(fields: FoundFields): (string | undefined)[] {
  return [fields.privateNote, fields.customerMemo, fields.memo];
}

/** The memo shown: the private note, else the customer memo, else a Memo field. */
export function memoOf(fields: FoundFields): string | undefined {
  return memosOf(fields)
    .map((m) => m?.trim())
    .find((m) => m);
}

/** MetaData.CreateTime in epoch ms, or undefined when absent or unreadable. */
export function createdMs(found: Pick<FoundRecord, 'createdAt'>): number | undefined {
  const ms = found.createdAt === undefined ? Number.NaN : Date.parse(found.createdAt);
  return Number.isFinite(ms) ? ms : undefined;
}

/** The record as a find tool shows it; a field the record lacks is absent. */
export function foundOf(record: TxnRecord): FoundRecord {
  const fields = fieldsOf(record);
  const found: FoundRecord = { entity: record.entity, id: record.id };
  if (record.txnDate !== undefined) found.date = record.txnDate;
  const number = formatNumber(record.docNumber);
  if (number !== undefined) found.number = number;
  if (record.party !== undefined) found.name = record.party;
  if (record.totalAmt !== undefined) found.amount = record.totalAmt;
  if (record.currency !== undefined) found.currency = record.currency;
  const memo = memoOf(fields);
  if (memo !== undefined) found.memo = memo;
  const created = fields.createTime;
  if (created !== undefined) found.createdAt = created;
  const updated = fields.lastUpdatedTime;
  if (updated !== undefined) found.updatedAt = updated;
  return found;
}
