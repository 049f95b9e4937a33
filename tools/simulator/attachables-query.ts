/**
 * `select … from Attachable` (4.5) as public clients write it:
 * `where AttachableRef.EntityRef.Type = 'Bill' and AttachableRef.EntityRef.value in ('7','9')`.
 * Fields: Id (= / IN), `AttachableRef.EntityRef.Type` and `AttachableRef.EntityRef.value` (= / IN;
 * either may be written with any case), FileName, Note (= / LIKE); anything else → 4001.
 * A condition on a reference holds when ANY of the attachment's references meets it, each condition
 * on its own (a guess, and the harsher one: an attachment on Bill 7 and Invoice 9 matches
 * `Type = 'Bill' and value = '9'`, so a client must check the pair itself). R4 as for transactions:
 * no MAXRESULTS → 100 rows, silently; MAXRESULTS above 1000 → 4001; ordered by Id; totalCount per mode.
 */
import type { FidelityMode } from './api';
import { refsOf } from './attachables';
import { type Condition, parseQuery, QueryError } from './query-parser';

const FIELDS = ['Id', 'AttachableRef.EntityRef.Type', 'AttachableRef.EntityRef.value', 'FileName', 'Note'] as const;
type Field = (typeof FIELDS)[number];

/** Whether a statement reads from Attachable (so ./attachables-query.ts answers it). */
export function isAttachableQuery(statement: string): boolean {
  try {
    return parseQuery(statement).from.toLowerCase() === 'attachable';
  } catch {
    return false;
  }
}

function fieldOf(c: Condition): Field {
  const hit = FIELDS.find((f) => f.toLowerCase() === c.field.toLowerCase());
  if (!hit) throw new QueryError('4001', `property '${c.field}' is not queryable`);
  const ops: readonly string[] = hit === 'FileName' || hit === 'Note' ? ['=', 'LIKE'] : ['=', 'IN'];
  if (!ops.includes(c.op)) throw new QueryError('4001', `operator ${c.op} is not supported for property ${hit}`);
  return hit;
}

function valuesOf(json: Record<string, unknown>, field: Field): string[] {
  if (field === 'AttachableRef.EntityRef.Type') return refsOf(json).map((r) => String(r.EntityRef?.type ?? ''));
  if (field === 'AttachableRef.EntityRef.value') return refsOf(json).map((r) => String(r.EntityRef?.value ?? ''));
  const v = json[field];
  return typeof v === 'string' ? [v] : [];
}

function holds(json: Record<string, unknown>, field: Field, c: Condition): boolean {
  const actual = valuesOf(json, field);
  if (c.op === 'LIKE') {
    const pattern = (c.values[0] ?? '').replace(/[.+?^${}()|[\]\\*]/g, '\\$&').replace(/%/g, '.*');
    return actual.some((a) => new RegExp(`^${pattern}$`, 'i').test(a));
  }
  // Reference types are matched as the service names them; values and Ids exactly.
  const same = (a: string, b: string) =>
    field === 'AttachableRef.EntityRef.Type' ? a.toLowerCase() === b.toLowerCase() : a === b;
  return actual.some((a) => c.values.some((v) => same(a, v)));
}

export function runAttachableQuery(
  statement: string,
  attachables: Iterable<{ json: Record<string, unknown> }>,
  mode: FidelityMode,
): Record<string, unknown> {
  const q = parseQuery(statement);
  const conditions = q.where.map((c) => ({ c, field: fieldOf(c) }));
  if (q.orderBy.length > 0) throw new QueryError('4001', 'ORDERBY is not supported on Attachable here');
  if (q.maxResults !== undefined && (q.maxResults > 1000 || q.maxResults < 1))
    throw new QueryError('4001', `MAXRESULTS ${q.maxResults} is outside 1..1000`);
  const rows = [...attachables]
    .map((a) => a.json)
    .filter((json) => conditions.every(({ c, field }) => holds(json, field, c)))
    .sort((a, b) => (BigInt(String(a.Id)) < BigInt(String(b.Id)) ? -1 : 1));
  if (q.select.kind === 'count') return { totalCount: rows.length };
  const start = Math.max(1, q.startPosition ?? 1);
  const page = rows.slice(start - 1, start - 1 + (q.maxResults ?? 100)).map((json) => structuredClone(json));
  if (mode === 'real')
    return page.length === 0 ? {} : { Attachable: page, startPosition: start, maxResults: page.length };
  const body: Record<string, unknown> = { startPosition: start, maxResults: page.length, totalCount: rows.length };
  return page.length === 0 ? body : { Attachable: page, ...body };
}
