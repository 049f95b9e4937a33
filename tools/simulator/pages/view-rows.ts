/**
 * Turns the simulator's records (entity JSON as the API returns it) into what a record's own page
 * (`/app/<slug>?txnId=<Id>`, a deep link that exists) shows: date, type, no., party, amount, and its
 * slug. List rows show a record through real-fields.ts and link no record of their own.
 * Slugs and display names follow ../../../shared/spec/service-facts.md (slugs: ../service-names.ts).
 */
import { type Entity, SLUG_TO_ENTITY } from '../service-names';

export interface PageRecord {
  entity: Entity;
  json: Record<string, unknown>;
}

export interface PageRow {
  entity: Entity;
  id: string;
  slug: string;
  date: string;
  type: string;
  no: string;
  party: string;
  amount: string;
  memo: string;
}

const DISPLAY: Record<Entity, string> = {
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

/** Entity → its one slug; Purchase is decided per record (purchaseSlug). */
const ENTITY_TO_SLUG = new Map<Entity, string>();
for (const [slug, entity] of Object.entries(SLUG_TO_ENTITY)) {
  if (!ENTITY_TO_SLUG.has(entity)) ENTITY_TO_SLUG.set(entity, slug);
}

function purchaseKind(json: Record<string, unknown>): { slug: string; type: string } {
  if (json.PaymentType === 'Check') return { slug: 'check', type: 'Check' };
  if (json.PaymentType === 'CreditCard') {
    return json.Credit === true
      ? { slug: 'creditcardcredit', type: 'Credit Card Credit' }
      : { slug: 'expense', type: 'Credit Card Expense' };
  }
  return { slug: 'expense', type: 'Expense' };
}

export function slugFor(record: PageRecord): string {
  if (record.entity === 'Purchase') return purchaseKind(record.json).slug;
  return ENTITY_TO_SLUG.get(record.entity) ?? record.entity.toLowerCase();
}

function ref(json: Record<string, unknown>, key: string): { value?: string; name?: string } | undefined {
  const r = json[key];
  if (r && typeof r === 'object') {
    const { value, name } = r as Record<string, unknown>;
    return { value: typeof value === 'string' ? value : undefined, name: typeof name === 'string' ? name : undefined };
  }
  return undefined;
}

const PARTY_REFS = ['CustomerRef', 'VendorRef', 'EntityRef', 'EmployeeRef'];

export function partyOf(json: Record<string, unknown>): { value?: string; name?: string } | undefined {
  for (const key of PARTY_REFS) {
    const r = ref(json, key);
    if (r) return r;
  }
  return undefined;
}

function money(json: Record<string, unknown>): string {
  const n = [json.TotalAmt, json.Amount].find((v) => typeof v === 'number') as number | undefined;
  return n === undefined ? '' : n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

export function toPageRow(record: PageRecord): PageRow {
  const { json, entity } = record;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return {
    entity,
    id: str(json.Id),
    slug: slugFor(record),
    date: str(json.TxnDate),
    type: entity === 'Purchase' ? purchaseKind(json).type : DISPLAY[entity],
    no: str(json.DocNumber),
    party: partyOf(json)?.name ?? '',
    amount: money(json),
    memo: str(json.PrivateNote),
  };
}

/** Newest first, then by Id descending, like the web app's default sort. Deterministic. */
export function sortForPage(rows: PageRow[]): PageRow[] {
  return rows.sort((a, b) => b.date.localeCompare(a.date) || Number(b.id) - Number(a.id));
}

/** Every `...AccountRef` value anywhere in the record (header and lines), for account registers. */
export function accountIdsOf(json: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 6 || json === null || typeof json !== 'object') return out;
  for (const [key, value] of Object.entries(json)) {
    if (key.endsWith('AccountRef') && value && typeof value === 'object') {
      const v = (value as Record<string, unknown>).value;
      if (typeof v === 'string') out.add(v);
    } else {
      accountIdsOf(value, out, depth + 1);
    }
  }
  return out;
}
