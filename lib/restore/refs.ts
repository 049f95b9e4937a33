/**
 * The names a record to re-create refers to: `CustomerRef`, `VendorRef`, `EmployeeRef`,
 * `ItemRef`, `EntityRef` (a Purchase's `{type}`, a journal line's `Entity.Type`) and every
 * `…AccountRef`, at the top level and inside lines. The service refuses a create naming one that was
 * deleted or made inactive since, so the preview reads them and refuses those records first. Refs of
 * other kinds (ClassRef, TaxCodeRef, CurrencyRef, PaymentMethodRef, …) are not checked. Pure.
 */
import { isValidId } from '../domain/entities';
import { isNameType, type NameState, type NameType } from '../domain/names';
import type { RestoreRefusal } from '../domain/refusals';
import { asObject } from './kinds';

export interface NameRef {
  type: NameType;
  id: string;
  /** The name as the saved copy spells it (`CustomerRef.name`), for the reason. */
  name?: string;
}

const NAMED: Readonly<Record<string, NameType>> = {
  CustomerRef: 'Customer',
  VendorRef: 'Vendor',
  EmployeeRef: 'Employee',
  ItemRef: 'Item',
};

function typeOf(key: string, ref: Record<string, unknown>, parent: Record<string, unknown>): NameType | undefined {
  if (Object.hasOwn(NAMED, key)) return NAMED[key];
  if (key === 'EntityRef') {
    if (isNameType(ref.type)) return ref.type;
    if (isNameType(parent.Type)) return parent.Type;
    // A Purchase's EntityRef without a type names a vendor; an unknown type is not checked.
    return ref.type === undefined && parent.Type === undefined ? 'Vendor' : undefined;
  }
  return key.endsWith('AccountRef') ? 'Account' : undefined;
}

/** Every checked name ref of `json`, each (type, Id) once, in the order met. LinkedTxn and MetaData are skipped. */
export function nameRefsOf(json: unknown): NameRef[] {
  const found = new Map<string, NameRef>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    const obj = asObject(value);
    if (!obj) return;
    for (const [key, child] of Object.entries(obj)) {
      if (key === 'LinkedTxn' || key === 'MetaData') continue;
      const ref = key.endsWith('Ref') ? asObject(child) : undefined;
      const type = ref && typeOf(key, ref, obj);
      if (ref && type) {
        const id = typeof ref.value === 'number' ? String(ref.value) : ref.value;
        if (typeof id === 'string' && isValidId(id) && !found.has(`${type}/${id}`)) {
          found.set(`${type}/${id}`, { type, id, ...(typeof ref.name === 'string' ? { name: ref.name } : {}) });
        }
        continue;
      }
      walk(child);
    }
  };
  walk(json);
  return [...found.values()];
}

/**
 * Why the service would refuse to re-create a record naming `refs` (a deleted or inactive name), or
 * undefined when every name is usable. `current` answers what the service shows now for a (type, Id);
 * undefined means the service no longer lists it.
 */
export function nameRefusal(
  refs: readonly NameRef[],
  current: (type: NameType, id: string) => NameState | undefined,
): Extract<RestoreRefusal, { code: 'nameGone' }> | undefined {
  for (const ref of refs) {
    const now = current(ref.type, ref.id);
    // The service lists a deleted name with " (deleted)" after it: the name is the part before.
    const name = ref.name ?? now?.name?.replace(/\s*\(deleted\)\s*$/, '') ?? ref.id;
    if (!now || now.deleted) return { code: 'nameGone', nameType: ref.type, name, deleted: true };
    if (!now.active) return { code: 'nameGone', nameType: ref.type, name, deleted: false };
  }
  return undefined;
}

/** The Ids to read per name type for `bodies` (what readNames takes). */
export function idsByNameType(bodies: Iterable<unknown>): Map<NameType, string[]> {
  const out = new Map<NameType, Set<string>>();
  for (const body of bodies)
    for (const ref of nameRefsOf(body)) out.set(ref.type, (out.get(ref.type) ?? new Set()).add(ref.id));
  return new Map([...out].map(([type, ids]) => [type, [...ids]]));
}
