/**
 * The simulator's own names for the service and its web app, written from the spec
 * (../../../shared/spec/service-facts.md, ../../../shared/spec/deletion-interface.md) and never
 * imported from lib/ (issue 20 §5): a fake that reads the product's tables mirrors a wrong table
 * instead of catching it. tests/simulator/tables-agree.test.ts compares every table here with the
 * product's and names each difference; tests/domain/tools-imports.test.ts keeps lib/ out.
 * Where the spec is silent, the value is marked GUESS.
 */

/**
 * The transaction entities, by their API resource names: the "entity (API resource)" column of the
 * slug table in service-facts "Web app pages and transaction links" (16 entities).
 */
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

/**
 * GUESS: service-facts "Envelopes and casing" says only that Ids are strings. Real Ids are decimal
 * numbers written as strings, and this simulator issues 1, 2, 3, …: accept 1–20 digits with no
 * leading zero ("0" itself allowed), nothing else.
 */
export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && /^(0|[1-9][0-9]{0,19})$/.test(value);
}

/**
 * The key an entity is wrapped under in JSON (reads, delete answers, batch items): the entity's own
 * name (service-facts "Envelopes and casing": `{"Invoice": {...}}`), except "CreditCardPayment's JSON
 * key is `CreditCardPaymentTxn`" (same section, single delete).
 */
const JSON_KEY_EXCEPTIONS: Readonly<Partial<Record<Entity, string>>> = { CreditCardPayment: 'CreditCardPaymentTxn' };

export function jsonKey(entity: Entity): string {
  return JSON_KEY_EXCEPTIONS[entity] ?? entity;
}

/** Reverse of jsonKey: only a key jsonKey writes names an entity (so `CreditCardPayment` is none). */
export function entityFromJsonKey(key: string): Entity | undefined {
  return ENTITIES.find((e) => jsonKey(e) === key);
}

/**
 * The per-entity path segment: "POST /v3/company/{realmId}/{entity lowercase}?operation=delete"
 * (service-facts "Envelopes and casing", single delete; deletion-interface 4.1 shows `/invoice`).
 */
export function resourcePath(entity: Entity): string {
  return entity.toLowerCase();
}

/**
 * Refused with 6540 while they sit on a Deposit: "a Payment/SalesReceipt that sits on a Deposit"
 * (service-facts "Faults as they really arrive", the 6540 row; "Void": "A deposited payment must
 * first leave its deposit").
 */
export const DEPOSITABLE: ReadonlySet<Entity> = new Set<Entity>(['Payment', 'SalesReceipt']);

/**
 * GUESS: deletion-interface 4.2 says the generic `/transaction?operation=delete` path covers "most
 * transaction types, not all. Which types are excluded: not shown", and service-facts says no public
 * client uses it. The simulator refuses the three non-posting types (no ledger effect, so no
 * "transaction" in the accounting sense): estimates, purchase orders, time activities.
 */
export const GENERIC_DELETE_EXCLUDED: ReadonlySet<Entity> = new Set<Entity>([
  'Estimate',
  'PurchaseOrder',
  'TimeActivity',
]);

/**
 * The web app's URL slug (`/app/<slug>?txnId=<Id>`) → entity: the slug table of service-facts "Web
 * app pages and transaction links", all 18 rows and nothing else. The first slug of an entity is the
 * one the simulator's pages write (Purchase picks check / creditcardcredit per record).
 */
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
