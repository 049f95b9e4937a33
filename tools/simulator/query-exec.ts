/**
 * Runs a parsed query against a company (4.5) and shapes the QueryResponse per fidelity mode.
 *
 * R4: without MAXRESULTS the result is cut at 100 rows, silently. MAXRESULTS above 1000 → 4001.
 * Default order: Id, numerically ascending (stable paging); ORDERBY ties also break on Id.
 * document mode: every select carries totalCount (the whole matching set), as the document says.
 * real mode: totalCount only on count(*); no rows → `QueryResponse: {}`.
 * Unknown entities and `FROM Transaction` → 4001 "invalid context declaration".
 * Name lists (Customer, Vendor, Employee, Item, Account) read the company's refs: ./query-names.ts.
 */

import type { FidelityMode } from './api';
import { compareBoolean, NAME_QUERYABLE, nameListOf, nameRows, type QueryRow, withDefaultActive } from './query-names';
import { type Condition, type ParsedQuery, parseQuery, QueryError } from './query-parser';
import { ENTITIES, type Entity, jsonKey } from './service-names';
import type { RefRecord, RefType, StoredRecord } from './store';

export const DEFAULT_MAX_RESULTS = 100;
export const MAX_RESULTS_LIMIT = 1000;

/** Fields a WHERE or ORDERBY on a transaction may name; anything else is a 4001. */
const QUERYABLE: ReadonlySet<string> = new Set([
  'Id',
  'SyncToken',
  'TxnDate',
  'DocNumber',
  'TotalAmt',
  'Amount',
  'PrivateNote',
  'PaymentType',
  'CustomerRef',
  'VendorRef',
  'EntityRef',
  'MetaData.CreateTime',
  'MetaData.LastUpdatedTime',
]);

/** What a FROM names: a transaction entity or a name list; `key` is the QueryResponse key. */
type Source = { key: string; entity: Entity } | { key: string; nameList: RefType };

function resolveSource(name: string): Source {
  const nameList = nameListOf(name);
  if (nameList) return { key: nameList, nameList };
  const lower = name.toLowerCase();
  const hit = ENTITIES.find((e) => e.toLowerCase() === lower || jsonKey(e).toLowerCase() === lower);
  if (!hit) throw new QueryError('4001', `invalid context declaration: ${name}`);
  return { key: jsonKey(hit), entity: hit };
}

function canonicalField(field: string, queryable: ReadonlySet<string>): string {
  const hit = [...queryable].find((f) => f.toLowerCase() === field.toLowerCase());
  if (!hit) throw new QueryError('4001', `property '${field}' is not queryable`);
  return hit;
}

function fieldValue(json: Record<string, unknown>, field: string): unknown {
  let v: unknown = json;
  for (const part of field.split('.'))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  if (v && typeof v === 'object' && 'value' in v) return (v as { value: unknown }).value;
  return v;
}

/** Compares a record's field with a query value: numbers numerically, stamps as instants, rest as text. */
function compare(field: string, actual: unknown, wanted: string): number {
  if (field === 'Id' || field === 'TotalAmt' || field === 'Amount' || field === 'SyncToken') {
    return Number(actual) - Number(wanted);
  }
  if (typeof actual === 'boolean') return compareBoolean(actual, wanted);
  if (field.startsWith('MetaData.')) return Date.parse(String(actual)) - Date.parse(wanted);
  return String(actual).localeCompare(wanted);
}

function matches(json: Record<string, unknown>, c: Condition): boolean {
  const actual = fieldValue(json, c.field);
  if (actual === undefined) return false;
  const first = c.values[0] ?? '';
  switch (c.op) {
    case 'IN':
      return c.values.some((v) => compare(c.field, actual, v) === 0);
    case 'LIKE': {
      const pattern = first.replace(/[.+?^${}()|[\]\\*]/g, '\\$&').replace(/%/g, '.*');
      return new RegExp(`^${pattern}$`, 'i').test(String(actual));
    }
    case '=':
      return compare(c.field, actual, first) === 0;
    case '!=':
      return compare(c.field, actual, first) !== 0;
    case '<':
      return compare(c.field, actual, first) < 0;
    case '>':
      return compare(c.field, actual, first) > 0;
    case '<=':
      return compare(c.field, actual, first) <= 0;
    case '>=':
      return compare(c.field, actual, first) >= 0;
  }
}

function validate(q: ParsedQuery): { source: Source; where: Condition[] } {
  const source = resolveSource(q.from);
  const queryable = 'nameList' in source ? NAME_QUERYABLE : QUERYABLE;
  const where = q.where.map((c) => ({ ...c, field: canonicalField(c.field, queryable) }));
  for (const c of where) {
    // The service takes Id only with = or IN.
    if (c.field === 'Id' && c.op !== '=' && c.op !== 'IN')
      throw new QueryError('4001', `operator ${c.op} is not supported for property Id`);
  }
  for (const o of q.orderBy) o.field = canonicalField(o.field, queryable);
  if (q.maxResults !== undefined && q.maxResults > MAX_RESULTS_LIMIT) {
    throw new QueryError('4001', `MAXRESULTS ${q.maxResults} exceeds the maximum of ${MAX_RESULTS_LIMIT}`);
  }
  if (q.maxResults !== undefined && q.maxResults < 1) throw new QueryError('4001', 'MAXRESULTS must be at least 1');
  return { source, where: 'nameList' in source ? withDefaultActive(where) : where };
}

function project(json: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { domain: 'QBO', sparse: true, Id: json.Id };
  for (const f of fields) {
    const top = f.split('.')[0] ?? f;
    const hit = Object.keys(json).find((k) => k.toLowerCase() === top.toLowerCase());
    if (hit) out[hit] = json[hit];
  }
  return out;
}

/** Executes `statement` over `records` (transactions) or `refs` (name lists); throws QueryError for 4000/4001. */
export function runQuery(
  statement: string,
  records: Iterable<StoredRecord>,
  mode: FidelityMode,
  refs: Iterable<RefRecord> = [],
): Record<string, unknown> {
  const q = parseQuery(statement);
  const { source, where } = validate(q);
  const candidates: QueryRow[] =
    'nameList' in source ? nameRows(refs, source.nameList) : [...records].filter((r) => r.entity === source.entity);
  const rows = candidates.filter((r) => where.every((c) => matches(r.json, c)));
  if (q.select.kind === 'count') return { totalCount: rows.length };
  rows.sort((a, b) => {
    for (const o of q.orderBy) {
      const d = compare(o.field, fieldValue(a.json, o.field) ?? '', String(fieldValue(b.json, o.field) ?? ''));
      if (d !== 0 && !Number.isNaN(d)) return o.desc ? -d : d;
    }
    return Number(a.id) - Number(b.id);
  });
  const start = Math.max(1, q.startPosition ?? 1);
  // R4: no MAXRESULTS → at most 100 rows, and nothing says the set was cut.
  const max = q.maxResults ?? DEFAULT_MAX_RESULTS;
  const page = rows.slice(start - 1, start - 1 + max);
  const select = q.select;
  const json = page.map((r) => (select.kind === 'fields' ? project(r.json, select.fields) : structuredClone(r.json)));
  if (mode === 'real') {
    return page.length === 0 ? {} : { [source.key]: json, startPosition: start, maxResults: page.length };
  }
  const body: Record<string, unknown> = { startPosition: start, maxResults: page.length, totalCount: rows.length };
  return page.length === 0 ? body : { [source.key]: json, ...body };
}
