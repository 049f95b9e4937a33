/**
 * Books in memory for the search's tests, read through the simulator's own query parser and executor
 * (tools/simulator/query-exec.ts, real mode: totalCount on count(*) only, `{}` for no rows), so every
 * statement the search builds must also be one the simulator accepts.
 */
import type { Entity } from '../../lib/domain/entities';
import type { SearchRead } from '../../lib/find/search';
import { jsonKey } from '../../lib/qbo/entities';
import type { QueryRows } from '../../lib/qbo/query-answer';
import { runQuery } from '../../tools/simulator/query-exec';
import type { StoredRecord } from '../../tools/simulator/store';

export interface Txn {
  entity?: Entity;
  id: number;
  date?: string;
  number?: string;
  name?: string;
  amount?: number;
  /** ISO time with offset, as the service writes MetaData.CreateTime. */
  created?: string;
  memo?: string;
}

export function stored(t: Txn): StoredRecord {
  const entity = t.entity ?? 'Invoice';
  const json: Record<string, unknown> = {
    Id: String(t.id),
    SyncToken: '0',
    MetaData: { CreateTime: t.created ?? '2024-11-03T10:00:00-07:00', LastUpdatedTime: '2024-11-03T10:00:00-07:00' },
    CurrencyRef: { value: 'USD' },
  };
  if (t.date !== undefined) json.TxnDate = t.date;
  if (t.number !== undefined) json.DocNumber = t.number;
  if (t.memo !== undefined) json.PrivateNote = t.memo;
  if (t.amount !== undefined) json[entity === 'Transfer' ? 'Amount' : 'TotalAmt'] = t.amount;
  if (t.name !== undefined) {
    const ref = entity === 'Bill' ? 'VendorRef' : entity === 'Purchase' ? 'EntityRef' : 'CustomerRef';
    json[ref] = { value: String(500 + t.id), name: t.name };
  }
  return { entity, id: String(t.id), json, cleared: 'uncleared' } as StoredRecord;
}

export interface Books {
  read: SearchRead;
  /** Every statement sent, in order. */
  statements: string[];
}

/** `tamper` may change an answer (drop a row, repeat one) to play a service that cuts a set. */
export function books(txns: readonly Txn[], tamper?: (statement: string, answer: QueryRows) => QueryRows): Books {
  const records = txns.map(stored);
  const statements: string[] = [];
  const read: SearchRead = async (entity, statement) => {
    statements.push(statement);
    const body = runQuery(statement, records, 'real');
    const rows = body[jsonKey(entity)];
    const answer: QueryRows = { kind: 'ok', meta: { status: 200 }, rows: Array.isArray(rows) ? rows : [] };
    if (typeof body.totalCount === 'number') answer.totalCount = body.totalCount;
    return tamper ? tamper(statement, answer) : answer;
  };
  return { read, statements };
}

/** `n` invoices dated through 2024, numbered 1000 + i. */
export function invoices(n: number, from = 1): Txn[] {
  return Array.from({ length: n }, (_, i) => ({
    id: from + i,
    date: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    number: String(1000 + from + i),
    name: `Customer ${i % 7}`,
    amount: 10 + i,
  }));
}
