/**
 * A found record as the results table shows it, the filters applied after the counted read, and the
 * order. Every filter runs here, the ones the service applied too (./search-statement.ts): the
 * created window is exact to the millisecond only here, and a row the service should not have sent
 * is never shown.
 */
import type { Entity } from '../domain/entities';
import { toCents } from '../domain/values/amount';
import {
  compareDigits,
  compareNumberOrder,
  type NumberOrder,
  numberOrder,
  sameNumber,
} from '../domain/values/doc-number';
import { sameName } from '../domain/values/name';
import type { TxnRecord } from '../qbo/outcomes';
import type { SearchQuery } from './search-query';

export interface SearchRow {
  entity: Entity;
  id: string;
  /** TxnDate, YYYY-MM-DD. */
  date?: string;
  /** DocNumber. */
  number?: string;
  /** The customer, vendor or employee (the ref's name). */
  name?: string;
  /** In the record's currency, as the service sends it. */
  amount?: number;
  currency?: string;
  /** PrivateNote. */
  memo?: string;
  /** MetaData.CreateTime, epoch ms. */
  createdAt?: number;
  syncToken?: string;
}

/**
 * A field of the record's JSON as a string, else undefined. The record passed EntitySchema
 * (toTxnRecord) already; these two optional fields are read by type check rather than a second zod
 * parse per row: at 10,000 rows that parse was a sixth of the time to the first rows shown.
 */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function toSearchRow(record: TxnRecord): SearchRow {
  const row: SearchRow = { entity: record.entity, id: record.id, syncToken: record.syncToken };
  if (record.txnDate !== undefined) row.date = record.txnDate;
  if (record.docNumber !== undefined) row.number = record.docNumber;
  if (record.party !== undefined) row.name = record.party;
  if (record.totalAmt !== undefined) row.amount = record.totalAmt;
  if (record.currency !== undefined) row.currency = record.currency;
  const memo = text(record.raw.PrivateNote);
  if (memo) row.memo = memo;
  const meta = record.raw.MetaData;
  const created = Date.parse(
    text(typeof meta === 'object' && meta !== null ? Reflect.get(meta, 'CreateTime') : '') ?? '',
  );
  if (Number.isFinite(created)) row.createdAt = created;
  return row;
}

/** Whether the row meets every condition of the query; a row lacking a field asked about does not. */
export function matchesQuery(row: SearchRow, query: SearchQuery): boolean {
  if (!query.types.includes(row.entity)) return false;
  if (query.txnDateFrom !== undefined && (row.date === undefined || row.date < query.txnDateFrom)) return false;
  if (query.txnDateTo !== undefined && (row.date === undefined || row.date > query.txnDateTo)) return false;
  if (query.createdFrom !== undefined && (row.createdAt === undefined || row.createdAt < query.createdFrom))
    return false;
  if (query.createdTo !== undefined && (row.createdAt === undefined || row.createdAt > query.createdTo)) return false;
  if (query.name !== undefined && (row.name === undefined || !sameName(row.name, query.name))) return false;
  if (query.number !== undefined && !sameNumber(row.number, query.number)) return false;
  if (query.amount !== undefined) {
    const cents = toCents(row.amount);
    if (cents === undefined) return false;
    if ('exact' in query.amount) return cents === query.amount.exact;
    if (cents < query.amount.min || cents > query.amount.max) return false;
  }
  return true;
}

/** A row's order key, computed once per row: comparing 10,000 rows makes ~140,000 comparisons. */
interface Keyed {
  row: SearchRow;
  date: string;
  number: NumberOrder;
}

function keyed(row: SearchRow): Keyed {
  return { row, date: row.date ?? '', number: numberOrder(row.number) };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareKeyed(a: Keyed, b: Keyed): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const number = compareNumberOrder(a.number, b.number);
  if (number !== 0) return number;
  return cmp(a.row.entity, b.row.entity) || compareDigits(a.row.id, b.row.id);
}

/** Date, then number ("2" before "10"), then type and Id so the order never depends on reading order. */
export function sortRows(rows: readonly SearchRow[]): SearchRow[] {
  return rows
    .map(keyed)
    .sort(compareKeyed)
    .map((k) => k.row);
}
