/**
 * The service's name lists a transaction refers to (`CustomerRef`, `VendorRef`, `ItemRef`, every
 * `…AccountRef`, …): a restore is refused by the service when one of them was deleted or made
 * inactive since the record was deleted, so the preview reads them first.
 */
export const NAME_TYPES = ['Customer', 'Vendor', 'Employee', 'Item', 'Account'] as const;

export type NameType = (typeof NAME_TYPES)[number];

export function isNameType(value: unknown): value is NameType {
  return typeof value === 'string' && (NAME_TYPES as readonly string[]).includes(value);
}

/** A name as the service shows it now; a deleted name stays listed, inactive, "(deleted)" after it. */
export interface NameState {
  type: NameType;
  id: string;
  active: boolean;
  deleted: boolean;
  name?: string;
  /** An Item's `Type` as the service lists it ("Inventory", "Service", "NonInventory", …). */
  itemType?: string;
}
