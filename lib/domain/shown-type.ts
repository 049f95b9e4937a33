/**
 * The web app's Type column text → the entity: the names registers and lists show, as
 * service-facts lists them for the TransactionList report ("Display names → entities") plus the
 * register's own words for the same types ("Refund Receipt", "Cash Expense", "Time Activity").
 * Case and spacing do not matter ("bill  payment (check)"); an unknown text is undefined, never a
 * guess: the resolver then falls back on the types the page lists, or calls the row unreadable.
 */
import type { Entity } from './entities';

const NAMES: Readonly<Record<string, Entity>> = {
  invoice: 'Invoice',
  payment: 'Payment',
  'sales receipt': 'SalesReceipt',
  'credit memo': 'CreditMemo',
  refund: 'RefundReceipt',
  'refund receipt': 'RefundReceipt',
  estimate: 'Estimate',
  bill: 'Bill',
  'bill payment': 'BillPayment',
  'bill payment (check)': 'BillPayment',
  'bill payment (cheque)': 'BillPayment',
  'bill payment (credit card)': 'BillPayment',
  'vendor credit': 'VendorCredit',
  'supplier credit': 'VendorCredit',
  expense: 'Purchase',
  check: 'Purchase',
  cheque: 'Purchase',
  'cash expense': 'Purchase',
  'credit card expense': 'Purchase',
  'credit card credit': 'Purchase',
  'journal entry': 'JournalEntry',
  journal: 'JournalEntry',
  'receive payment': 'Payment',
  deposit: 'Deposit',
  transfer: 'Transfer',
  'credit card payment': 'CreditCardPayment',
  'purchase order': 'PurchaseOrder',
  'time charge': 'TimeActivity',
  'time activity': 'TimeActivity',
};

/** "Bill Payment (Check)" → "bill payment (check)": NFKC, no invisible marks, spaces folded, lower case. */
function key(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/\s*\(/g, ' (')
    .trim()
    .toLowerCase();
}

export function entityOfShownType(text: string): Entity | undefined {
  const k = key(text);
  return Object.hasOwn(NAMES, k) ? NAMES[k] : undefined;
}

/**
 * How a Purchase was made, as a record says it: PaymentType Cash, Check or CreditCard, a card
 * credit being CreditCard with `Credit: true` (service-facts, "Envelopes and casing").
 */
export type PurchaseKind = 'cash' | 'check' | 'card' | 'cardCredit';

/**
 * The kinds of Purchase a Type text may name. Registers and the bank feed call a cash and a card
 * purchase alike "Expense" (tools/simulator/pages/real-fields.ts); lists that tell them apart say
 * "Cash Expense" and "Credit Card Expense" (view-rows.ts).
 */
const PURCHASE_KINDS: Readonly<Record<string, readonly PurchaseKind[]>> = {
  expense: ['cash', 'card'],
  'cash expense': ['cash'],
  'credit card expense': ['card'],
  check: ['check'],
  cheque: ['check'],
  'credit card credit': ['cardCredit'],
};

/** The Purchase kinds a Type text names; undefined for a text that names no Purchase. */
export function purchaseKindsOfShownType(text: string): readonly PurchaseKind[] | undefined {
  const k = key(text);
  return Object.hasOwn(PURCHASE_KINDS, k) ? PURCHASE_KINDS[k] : undefined;
}
