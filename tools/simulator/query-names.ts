/**
 * Name lists in queries (4.5): `select … from Customer|Vendor|Employee|Item|Account` reads the
 * company's reference entities (./refs.ts), one row per ref, as the service lists them:
 * `{Id, SyncToken: '0', Active, domain: 'QBO', sparse: false, MetaData}` plus `DisplayName`
 * (Customer, Vendor, Employee) or `Name` and `FullyQualifiedName` (Item, Account), and an Item's
 * `Type` ("Inventory", "Service", "NonInventory"). A deleted ref is
 * listed inactive as `<name> (deleted)`.
 *
 * The service's rule: a name-list query without a condition on `Active` returns active rows only;
 * `Active = false` gives the inactive ones, `Active IN (true, false)` both.
 */
import type { Condition } from './query-parser';
import { REF_TYPES } from './refs';
import type { RefRecord, RefType } from './store';

/** Fields a WHERE or ORDERBY on a name list may name; anything else is a 4001. */
export const NAME_QUERYABLE: ReadonlySet<string> = new Set([
  'Id',
  'Active',
  'DisplayName',
  'Name',
  'FullyQualifiedName',
  'SyncToken',
  'MetaData.CreateTime',
  'MetaData.LastUpdatedTime',
]);

/** Fixed stamps: the simulator does not track when a name was created or edited. */
const CREATED = '2023-01-05T09:00:00-07:00';
const UPDATED = '2023-01-05T09:00:00-07:00';

export interface QueryRow {
  id: string;
  json: Record<string, unknown>;
}

/** The name list a FROM names (case-insensitive), or undefined when it names none. */
export function nameListOf(from: string): RefType | undefined {
  const lower = from.toLowerCase();
  return REF_TYPES.find((t) => t.toLowerCase() === lower);
}

/** One ref as the service lists it. */
export function nameRow(ref: RefRecord): Record<string, unknown> {
  const name = ref.deleted ? `${ref.name} (deleted)` : ref.name;
  const names =
    ref.type === 'Item' || ref.type === 'Account' ? { Name: name, FullyQualifiedName: name } : { DisplayName: name };
  return {
    ...names,
    ...(ref.type === 'Item' ? { Type: ref.itemType ?? 'Service' } : {}),
    Active: ref.active && !ref.deleted,
    domain: 'QBO',
    sparse: false,
    Id: ref.id,
    SyncToken: '0',
    MetaData: { CreateTime: CREATED, LastUpdatedTime: UPDATED },
  };
}

/** Every ref of one type, as query rows (no filtering). */
export function nameRows(refs: Iterable<RefRecord>, type: RefType): QueryRow[] {
  return [...refs].filter((r) => r.type === type).map((r) => ({ id: r.id, json: nameRow(r) }));
}

/** The service's default: no condition on Active → `Active = true` is implied. */
export function withDefaultActive(where: Condition[]): Condition[] {
  return where.some((c) => c.field === 'Active') ? where : [...where, { field: 'Active', op: '=', values: ['true'] }];
}

/** Compares a boolean field with a query value `true` / `false` (any case); anything else matches nothing. */
export function compareBoolean(actual: boolean, wanted: string): number {
  const w = wanted.toLowerCase();
  if (w !== 'true' && w !== 'false') return Number.NaN;
  return Number(actual) - Number(w === 'true');
}
