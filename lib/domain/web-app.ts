/**
 * The QuickBooks web app's own names: its URL slugs (`/app/<slug>?txnId=<Id>`) and its hosts. The
 * content script reads pages with them; the popup builds "Open in QuickBooks" links with them.
 */
import type { Entity } from './entities';
import type { Environment } from './ids';

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
  /** A bill paid by credit card: the same entity, its own route in the web app. */
  billpaymentcc: 'BillPayment',
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

/** The web app's host tells the environment: a `sandbox` host means the sandbox API. */
export function environmentFromHost(host: string): Environment | undefined {
  const h = host.toLowerCase();
  if (h === 'qbo.intuit.com' || h.endsWith('.qbo.intuit.com')) {
    return h.split('.').includes('sandbox') ? 'sandbox' : 'production';
  }
  return undefined;
}
