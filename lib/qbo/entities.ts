/**
 * The API's own names for the entities (lib/domain/entities.ts): the resource (and its JSON key),
 * the TransactionList report's display name, the API hosts, and which entities the service treats
 * apart. Source: ../shared/spec/service-facts.md. The web app's names (URL slugs, hosts) are in
 * lib/domain/web-app.ts: the content script needs them and imports nothing from lib/qbo.
 */
import { type Entity, isEntity } from '../domain/entities';
import type { Environment } from '../domain/ids';

/** The key under which the service wraps an entity in JSON (reads, delete answers, batch items). */
export function jsonKey(entity: Entity): string {
  return entity === 'CreditCardPayment' ? 'CreditCardPaymentTxn' : entity;
}

/** Reverse of jsonKey. */
export function entityFromJsonKey(key: string): Entity | undefined {
  if (key === 'CreditCardPaymentTxn') return 'CreditCardPayment';
  return isEntity(key) && key !== 'CreditCardPayment' ? key : undefined;
}

/** Path segment of the per-entity endpoints (4.1): the resource name in lower case. */
export function resourcePath(entity: Entity): string {
  return entity.toLowerCase();
}

/** TransactionList report display name (txn_type cell value) → entity. */
export const REPORT_NAME_TO_ENTITY: Readonly<Record<string, Entity>> = {
  Invoice: 'Invoice',
  Payment: 'Payment',
  'Sales Receipt': 'SalesReceipt',
  'Credit Memo': 'CreditMemo',
  Refund: 'RefundReceipt',
  Estimate: 'Estimate',
  Bill: 'Bill',
  'Bill Payment (Check)': 'BillPayment',
  'Bill Payment (Credit Card)': 'BillPayment',
  'Vendor Credit': 'VendorCredit',
  'Supplier Credit': 'VendorCredit',
  Expense: 'Purchase',
  Check: 'Purchase',
  Cheque: 'Purchase',
  'Credit Card Expense': 'Purchase',
  'Credit Card Credit': 'Purchase',
  'Journal Entry': 'JournalEntry',
  Deposit: 'Deposit',
  Transfer: 'Transfer',
  'Credit Card Payment': 'CreditCardPayment',
  'Purchase Order': 'PurchaseOrder',
  'Time Charge': 'TimeActivity',
};

export function entityFromReportName(name: string): Entity | undefined {
  return Object.hasOwn(REPORT_NAME_TO_ENTITY, name) ? REPORT_NAME_TO_ENTITY[name] : undefined;
}

/**
 * Entities the document's generic `/transaction?operation=delete` path (4.2) does NOT cover.
 * The document says "most types, not all" without naming them; we (and the simulator) exclude the
 * non-posting types, which have no ledger effect and are deleted through their own endpoint only.
 * The product never relies on 4.2: it deletes through per-entity paths, as Intuit's SDKs do.
 */
export const GENERIC_DELETE_EXCLUDED: ReadonlySet<Entity> = new Set<Entity>([
  'Estimate',
  'PurchaseOrder',
  'TimeActivity',
]);

/** Payments and sales receipts sitting on a Deposit are refused with 6540. */
export const DEPOSITABLE: ReadonlySet<Entity> = new Set<Entity>(['Payment', 'SalesReceipt']);

export const API_BASE: Readonly<Record<Environment, string>> = {
  production: 'https://quickbooks.api.intuit.com',
  sandbox: 'https://sandbox-quickbooks.api.intuit.com',
};
