/**
 * What the web app SHOWS of a record in its real markup (registers, the Invoices list, the bank
 * feed's Posted tab): dates as MM/DD/YYYY, money as `$1,234.56` (`-$12.00` below zero), the
 * register's type names, the record's own ref names, the account on the other side ("-Split-" for a
 * record of several lines) and which money column an amount lands in for a given account. No Id:
 * these pages must let a reader find a record only by what it shows. Written from
 * service-facts "The web app's pages" and the hand-written pages in tests/fixtures/pages/real-markup/.
 */
import type { Entity } from '../service-names';
import type { PageRecord } from './view-rows';
import { partyOf } from './view-rows';

type Json = Record<string, unknown>;

/** A register's type names (tests/fixtures/pages/real-markup/register-*.html; "Journal Entry" as lists show it). */
const TYPE_NAME: Record<Entity, string> = {
  Invoice: 'Invoice',
  SalesReceipt: 'Sales Receipt',
  Payment: 'Payment',
  CreditMemo: 'Credit Memo',
  RefundReceipt: 'Refund',
  Estimate: 'Estimate',
  Bill: 'Bill',
  BillPayment: 'Bill Payment (Check)',
  VendorCredit: 'Vendor Credit',
  Purchase: 'Expense',
  JournalEntry: 'Journal Entry',
  Deposit: 'Deposit',
  Transfer: 'Transfer',
  CreditCardPayment: 'Credit Card Payment',
  PurchaseOrder: 'Purchase Order',
  TimeActivity: 'Time Charge',
};

export function typeName({ entity, json }: PageRecord): string {
  if (entity === 'Purchase') {
    if (json.PaymentType === 'Check') return 'Check';
    if (json.PaymentType === 'CreditCard' && json.Credit === true) return 'Credit Card Credit';
    return 'Expense';
  }
  if (entity === 'BillPayment' && json.PayType === 'CreditCard') return 'Bill Payment (Credit Card)';
  return TYPE_NAME[entity];
}

/** `2025-03-07` → `03/07/2025` (the US company's format); anything else unchanged. */
export function showDate(value: unknown): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : typeof value === 'string' ? value : '';
}

export function showMoney(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return '';
  const abs = Math.abs(n).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  return n < 0 ? `-${abs}` : abs;
}

export function amountOf(json: Json): number | undefined {
  return [json.TotalAmt, json.Amount].find((v) => typeof v === 'number') as number | undefined;
}

/** DocNumber, or a Payment's PaymentRefNum: the REF NO. / NO. cell. */
export function numberOf(json: Json): string {
  const n = json.DocNumber ?? json.PaymentRefNum;
  return typeof n === 'string' ? n : '';
}

export const nameOf = (json: Json): string => partyOf(json)?.name ?? '';
export const memoOf = (json: Json): string => (typeof json.PrivateNote === 'string' ? json.PrivateNote : '');

interface AccountRef {
  value: string;
  name: string;
}

/** Every `...AccountRef` `{value, name}` in the record, header first, then lines (document order). */
export function accountRefsOf(json: unknown, out: AccountRef[] = [], depth = 0): AccountRef[] {
  if (depth > 6 || json === null || typeof json !== 'object') return out;
  for (const [key, value] of Object.entries(json)) {
    if (key.endsWith('AccountRef') && value && typeof value === 'object') {
      const { value: v, name } = value as Json;
      if (typeof v === 'string') out.push({ value: v, name: typeof name === 'string' ? name : '' });
    } else {
      accountRefsOf(value, out, depth + 1);
    }
  }
  return out;
}

/** Where the web app posts a record that names no account of its own (a guess from the real pages). */
const IMPLICIT_OTHER_SIDE: Partial<Record<Entity, string>> = {
  Payment: 'Accounts Receivable (A/R)',
  BillPayment: 'Accounts Payable (A/P)',
  Deposit: 'Undeposited Funds',
};

/** The PAYEE / ACCOUNT cell's account, seen from `accountId`'s register. */
export function otherSide(record: PageRecord, accountId: string): string {
  const lines = Array.isArray(record.json.Line)
    ? record.json.Line.filter((l) => (l as Json | null)?.DetailType !== 'SubTotalLineDetail')
    : [];
  if (lines.length > 1) return '-Split-';
  const other = accountRefsOf(record.json).find((a) => a.value !== accountId);
  return other?.name ?? IMPLICIT_OTHER_SIDE[record.entity] ?? '';
}

/** Money into the account (DEPOSIT; a card's PAYMENT) or out of it (PAYMENT; a card's CHARGE). */
export type Direction = 'in' | 'out';

const ref = (json: Json, key: string) => ((json[key] as Json | undefined)?.value as string | undefined) ?? undefined;

export function directionFor({ entity, json }: PageRecord, accountId: string): Direction {
  switch (entity) {
    case 'Transfer':
      return ref(json, 'ToAccountRef') === accountId ? 'in' : 'out';
    case 'CreditCardPayment':
      return ref(json, 'CreditCardAccountRef') === accountId ? 'in' : 'out';
    case 'Purchase':
      return json.Credit === true ? 'in' : 'out';
    case 'JournalEntry': {
      const line = (Array.isArray(json.Line) ? json.Line : []).find((l) =>
        accountRefsOf(l).some((a) => a.value === accountId),
      ) as Json | undefined;
      const posting = (line?.JournalEntryLineDetail as Json | undefined)?.PostingType;
      return posting === 'Debit' ? 'in' : 'out';
    }
    case 'Deposit':
    case 'SalesReceipt':
    case 'Payment':
    case 'Invoice':
    case 'VendorCredit':
      return 'in';
    default:
      return 'out';
  }
}

/** A card account (CHARGE / PAYMENT columns): named as a card by any record of the company. */
export function isCardAccount(all: PageRecord[], accountId: string): boolean {
  return all.some(
    ({ entity, json }) =>
      (entity === 'CreditCardPayment' && ref(json, 'CreditCardAccountRef') === accountId) ||
      (entity === 'Purchase' && json.PaymentType === 'CreditCard' && ref(json, 'AccountRef') === accountId),
  );
}
