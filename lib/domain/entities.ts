/**
 * The transaction entities Safe Delete knows, and what a record Id is, defined once. The
 * API's names for them are in lib/qbo/entities.ts, the web app's in ./web-app.ts.
 */
import { DIGITS_ID } from './ids';

export const ENTITIES = [
  'Invoice',
  'SalesReceipt',
  'Payment',
  'CreditMemo',
  'RefundReceipt',
  'Estimate',
  'Bill',
  'BillPayment',
  'VendorCredit',
  'Purchase',
  'JournalEntry',
  'Deposit',
  'Transfer',
  'CreditCardPayment',
  'PurchaseOrder',
  'TimeActivity',
] as const;

export type Entity = (typeof ENTITIES)[number];

export function isEntity(value: unknown): value is Entity {
  return typeof value === 'string' && (ENTITIES as readonly string[]).includes(value);
}

/** Ids are decimal strings: nothing else ever reaches a query. At most 20 digits. */
export const ID_PATTERN = DIGITS_ID;

export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !/^0[0-9]/.test(value);
}

/**
 * What the service can void (service-facts "Void"): Invoice (`operation=void`), Payment,
 * SalesReceipt and BillPayment (an update with `include=void`). Every other type "Cannot be voided".
 */
export const VOIDABLE_ENTITIES = [
  'Invoice',
  'Payment',
  'SalesReceipt',
  'BillPayment',
] as const satisfies readonly Entity[];

export function canVoid(entity: string): boolean {
  return (VOIDABLE_ENTITIES as readonly string[]).includes(entity);
}

/** The bookkeeper's name of each entity (the popup's words, restore's reasons). */
export const ENTITY_LABEL: Readonly<Record<Entity, string>> = {
  Invoice: 'Invoice',
  SalesReceipt: 'Sales receipt',
  Payment: 'Payment',
  CreditMemo: 'Credit memo',
  RefundReceipt: 'Refund receipt',
  Estimate: 'Estimate',
  Bill: 'Bill',
  BillPayment: 'Bill payment',
  VendorCredit: 'Vendor credit',
  Purchase: 'Expense',
  JournalEntry: 'Journal entry',
  Deposit: 'Deposit',
  Transfer: 'Transfer',
  CreditCardPayment: 'Credit card payment',
  PurchaseOrder: 'Purchase order',
  TimeActivity: 'Time activity',
};
