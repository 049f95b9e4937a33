/**
 * The QuickBooks web app's own names: its URL slugs (`/app/<slug>?txnId=<Id>`), its page paths and
 * its hosts. The content script reads pages with them; the popup builds "Open in QuickBooks" links
 * with them.
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

/**
 * The web app's pages live under `/app/…`; one 2025 source shows them under a cluster prefix too
 * (`https://qbo.intuit.com/c28/app/homepage`, service-facts.md "The web app's pages"). Rule: an
 * optional `/c<N>` where N is 1 to 3 ASCII digits without a leading zero, then `/app/`. Everything
 * else (`/c/app`, `/c0/app`, `/c28x/app`, `/C28/app`, `/c1234/app`, percent-encoded digits) is not a
 * web-app page: the prefix is only ever seen as a short cluster number, so nothing looser is taken.
 * Query parameters (`?jobId=accounting`, newer navigation) never change what the path means.
 */
const APP_PATH = /^(?:\/c[1-9][0-9]{0,2})?\/app\/(.*)$/s;

/** What follows `/app/` in a web-app page's path, or undefined when the path is not one. */
export function appPathRest(pathname: string): string | undefined {
  return APP_PATH.exec(pathname)?.[1];
}

/** Whether `pathname` is a web-app page's path (`/app/…` or `/c<N>/app/…`, the rule above). */
export function isWebAppPath(pathname: string): boolean {
  return APP_PATH.test(pathname);
}

/**
 * A page's slug: the one segment after `/app/` (`invoices`, `register`, `invoice`), or undefined
 * when the path has no single segment there. `/c28/app/invoices?jobId=accounting` and
 * `/app/invoices` both read `invoices`.
 */
export function appSlugOf(pathname: string): string | undefined {
  const rest = appPathRest(pathname);
  return rest !== undefined && rest !== '' && !rest.includes('/') ? rest : undefined;
}
