/**
 * Reference entities per company: the customers, vendors, employees, items and accounts a
 * transaction names (`CustomerRef`, `VendorRef`, `EntityRef`, `EmployeeRef`, every `…AccountRef`,
 * and inside lines `SalesItemLineDetail.ItemRef`, `ItemBasedExpenseLineDetail.ItemRef`,
 * `AccountBasedExpenseLineDetail.AccountRef`, …), each with `Active`. Seeding registers the whole
 * catalogue of ./entity-json.ts plus every ref the generated records use; a create is refused when
 * one of its refs is unknown, inactive or deleted (./faults-write.ts words the faults per mode).
 *
 * Refs of other kinds (ClassRef, TaxCodeRef, CurrencyRef, PaymentMethodRef, …) are not checked.
 */
import type { FidelityMode } from './api';
import { ITEM_TYPES, REFERENCE_CATALOGUE } from './entity-json';
import type { FaultObject } from './faults';
import { writeFaults } from './faults-write';
import type { Company, RefRecord, RefType, StoredRecord } from './store';

export const REF_TYPES: readonly RefType[] = ['Customer', 'Vendor', 'Employee', 'Item', 'Account'];

export interface FoundRef {
  type: RefType;
  id: string;
  name?: string;
  /** Where the ref sits, as the service names elements: `Line.SalesItemLineDetail.ItemRef`. */
  element: string;
}

const NAMED: Record<string, RefType> = {
  CustomerRef: 'Customer',
  VendorRef: 'Vendor',
  EmployeeRef: 'Employee',
  ItemRef: 'Item',
};

function asRefType(value: unknown): RefType | undefined {
  return typeof value === 'string' && (REF_TYPES as readonly string[]).includes(value) ? (value as RefType) : undefined;
}

/** The kind of entity a `…Ref` key names, or undefined for refs that are not checked. */
function refType(key: string, ref: Record<string, unknown>, parent: Record<string, unknown>): RefType | undefined {
  if (Object.hasOwn(NAMED, key)) return NAMED[key];
  // Purchase: EntityRef {type}; JournalEntry lines: Entity {Type, EntityRef}.
  if (key === 'EntityRef') return asRefType(ref.type) ?? asRefType(parent.Type) ?? 'Vendor';
  if (key.endsWith('AccountRef')) return 'Account';
  return undefined;
}

/** Every checked ref of an entity JSON, top level and lines (links and MetaData are skipped). */
export function findRefs(json: unknown, path = ''): FoundRef[] {
  if (Array.isArray(json)) return json.flatMap((item) => findRefs(item, path));
  if (!json || typeof json !== 'object') return [];
  const obj = json as Record<string, unknown>;
  const found: FoundRef[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'LinkedTxn' || key === 'MetaData' || !value || typeof value !== 'object') continue;
    const element = path ? `${path}.${key}` : key;
    const ref = value as Record<string, unknown>;
    const type = key.endsWith('Ref') && !Array.isArray(value) ? refType(key, ref, obj) : undefined;
    if (type) {
      const id = typeof ref.value === 'number' ? String(ref.value) : ref.value;
      if (typeof id === 'string')
        found.push({ type, id, element, ...(typeof ref.name === 'string' ? { name: ref.name } : {}) });
      continue;
    }
    found.push(...findRefs(value, element));
  }
  return found;
}

export function refKey(type: RefType, id: string): string {
  return `${type}:${id}`;
}

/** Registers the catalogue and every ref the records use, all active. */
export function registerRefs(company: Company, records: StoredRecord[]): void {
  company.refs.clear();
  const add = (type: RefType, id: string, name: string) => {
    if (company.refs.has(refKey(type, id))) return;
    const ref: RefRecord = { type, id, name, active: true, deleted: false };
    if (type === 'Item') ref.itemType = ITEM_TYPES[id] ?? 'Service';
    company.refs.set(refKey(type, id), ref);
  };
  for (const type of REF_TYPES) for (const ref of REFERENCE_CATALOGUE[type]) add(type, ref.value, ref.name);
  for (const rec of records) for (const ref of findRefs(rec.json)) add(ref.type, ref.id, ref.name ?? ref.id);
}

/** The first unusable ref of a body to create, as a fault, or undefined when all are usable. */
export function checkRefs(company: Company, json: unknown, mode: FidelityMode): FaultObject | undefined {
  for (const ref of findRefs(json)) {
    const known = company.refs.get(refKey(ref.type, ref.id));
    if (!known) return writeFaults.refMissing(mode, ref);
    if (known.deleted) return writeFaults.refDeleted(mode, ref, known.name);
    if (!known.active) return writeFaults.refInactive(mode, ref, known.name);
  }
  return undefined;
}

function knownRef(company: Company, type: RefType, id: string): RefRecord {
  const ref = company.refs.get(refKey(type, id));
  if (!ref) throw new Error(`no ${type} ${id} in company ${company.realmId}`);
  return ref;
}

export function setRefActive(company: Company, type: RefType, id: string, active: boolean): void {
  knownRef(company, type, id).active = active;
}

/** A deleted name stays listed, inactive, with "(deleted)" after its name, as the service keeps it. */
export function deleteRef(company: Company, type: RefType, id: string): void {
  const ref = knownRef(company, type, id);
  ref.deleted = true;
  ref.active = false;
}
