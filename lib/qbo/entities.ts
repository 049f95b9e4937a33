/**
 * The transaction entities Safe Delete knows, and the three vocabularies that name them:
 * the web app's URL slug, the API resource (and its JSON key), and the TransactionList report's
 * display name. Source: ../shared/spec/service-facts.md. Everything that maps names goes through here.
 */
import { DIGITS_ID, type Environment } from '../domain/ids';

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

/** Web-app URL slug (`/app/<slug>?txnId=<Id>`) → entity. */
export const SLUG_TO_ENTITY: Readonly<Record<string, Entity>> = {
  invoice: 'Invoice',
  salesreceipt: 'SalesReceipt',
  recvpayment: 'Payment',
  creditmemo: 'CreditMemo',
  refundreceipt: 'RefundReceipt',
  estimate: 'Estimate',
  journal: 'JournalEntry',
  deposit: 'Deposit',
  cctransfer: 'CreditCardPayment',
  bill: 'Bill',
  billpayment: 'BillPayment',
  vendorcredit: 'VendorCredit',
  expense: 'Purchase',
  check: 'Purchase',
  creditcardcredit: 'Purchase',
  purchaseorder: 'PurchaseOrder',
  transfer: 'Transfer',
  timeactivity: 'TimeActivity',
};

export function entityFromSlug(slug: string): Entity | undefined {
  return Object.hasOwn(SLUG_TO_ENTITY, slug) ? SLUG_TO_ENTITY[slug] : undefined;
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

/** Ids are decimal strings: nothing else ever reaches a query. At most 20 digits. */
export const ID_PATTERN = DIGITS_ID;

export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !/^0[0-9]/.test(value);
}

export type { Environment };

export const API_BASE: Readonly<Record<Environment, string>> = {
  production: 'https://quickbooks.api.intuit.com',
  sandbox: 'https://sandbox-quickbooks.api.intuit.com',
};

/** The web app's host tells the environment: a `sandbox` host means the sandbox API. */
export function environmentFromHost(host: string): Environment | undefined {
  const h = host.toLowerCase();
  if (h === 'qbo.intuit.com' || h.endsWith('.qbo.intuit.com')) {
    return h.split('.').includes('sandbox') ? 'sandbox' : 'production';
  }
  return undefined;
}
