/**
 * Deterministic company generator: N transactions of a weighted entity mix, with chosen shares
 * reconciled, dated in a closed period, deposited (Payment/SalesReceipt on a Deposit) and linked
 * (Payment↔Invoice, BillPayment↔Bill, Estimate→Invoice, PurchaseOrder→Bill). Same seed, same company.
 *
 * Decisions: Ids are numeric strings unique across the company's entities, from 100 upwards with
 * small gaps (as the service's Ids are not contiguous). The Deposits that hold deposited records
 * are counted inside `count` (other types are converted to make room). Shares are targets; the
 * returned `keys` are derived from the final data, so they are exact.
 *
 * Links are written where the real service keeps them (./links.ts): an Invoice or Bill lists the
 * payment at its top level; the Payment or BillPayment names the invoice or bill on a line whose
 * Amount is what it applies (the smaller of the two totals; the document's Balance and the payment's
 * UnappliedAmt drop by it); a Deposit names its payments on its lines, a deposited Payment its
 * Deposit on a line, a deposited SalesReceipt at its top level.
 */

import type { SeedOptions } from './api';
import { addDays, dateToMs, daysBetween, metaTime } from './clock';
import { buildEntityJson } from './entity-json';
import { addLink, jsonLinks } from './links';
import { createPrng, type Prng } from './prng';
import { DEPOSITABLE, ENTITIES, type Entity, GENERIC_DELETE_EXCLUDED } from './service-names';
import { type ClearedStatus, recordKey, type StoredRecord } from './store';

export const DEFAULT_MIX: Readonly<Record<Entity, number>> = {
  Invoice: 30,
  Payment: 10,
  SalesReceipt: 8,
  CreditMemo: 4,
  RefundReceipt: 3,
  Estimate: 5,
  Bill: 10,
  BillPayment: 6,
  VendorCredit: 3,
  Purchase: 12,
  JournalEntry: 4,
  Deposit: 3,
  Transfer: 2,
  CreditCardPayment: 2,
  PurchaseOrder: 3,
  TimeActivity: 3,
};

/** Which record a linked record points at. */
const LINK_TARGET: Partial<Record<Entity, Entity>> = {
  Payment: 'Invoice',
  BillPayment: 'Bill',
  Invoice: 'Estimate',
  Bill: 'PurchaseOrder',
};

const PER_DEPOSIT = 4;

export interface GeneratedCompany {
  records: StoredRecord[];
  bookCloseDate?: string;
}

function drawTypes(count: number, mix: Partial<Record<Entity, number>>, rng: Prng, everyOnce: boolean): Entity[] {
  const entries = ENTITIES.map((e) => [e, mix[e] ?? 0] as const).filter(([, w]) => w > 0);
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const types: Entity[] = everyOnce && count >= entries.length ? entries.map(([e]) => e) : [];
  while (types.length < count) {
    const r = rng.next() * total;
    let acc = 0;
    const hit =
      entries.find(([, w]) => {
        acc += w;
        return r < acc;
      }) ?? entries[entries.length - 1];
    if (!hit) throw new Error('empty entity mix');
    types.push(hit[0]);
  }
  return rng.shuffle(types);
}

/** Converts records of other types until `want` records are of a type in `into` (first element used). */
function ensureTypes(types: Entity[], into: Entity[], want: number, keep: Set<Entity>): void {
  let have = types.filter((t) => into.includes(t)).length;
  for (let i = types.length - 1; i >= 0 && have < want; i--) {
    const t = types[i] as Entity;
    if (into.includes(t) || keep.has(t)) continue;
    types[i] = into[0] as Entity;
    have += 1;
  }
}

const cents = (n: number) => Math.round(n * 100) / 100;

function link(from: StoredRecord, to: StoredRecord): void {
  // A payment applies the smaller of the two totals to the document it pays, on one of its lines.
  const paying = from.entity === 'Payment' || from.entity === 'BillPayment';
  const applied = paying ? cents(Math.min(Number(from.json.TotalAmt ?? 0), Number(to.json.TotalAmt ?? 0))) : undefined;
  addLink(from.entity, from.json, { TxnId: to.id, TxnType: to.entity }, applied);
  addLink(to.entity, to.json, { TxnId: from.id, TxnType: from.entity });
  if (applied === undefined) return;
  if (typeof to.json.Balance === 'number') to.json.Balance = Math.max(0, cents(to.json.Balance - applied));
  if (typeof from.json.UnappliedAmt === 'number')
    from.json.UnappliedAmt = Math.max(0, cents(from.json.UnappliedAmt - applied));
}

export function generateCompany(options: SeedOptions): GeneratedCompany {
  const rng = createPrng(options.seed ?? 1);
  const count = Math.max(0, Math.floor(options.count));
  const start = options.startDate ?? '2024-01-01';
  const end = options.endDate ?? '2025-12-31';
  const span = Math.max(0, daysBetween(start, end));
  const types = drawTypes(count, options.entities ?? DEFAULT_MIX, rng, !options.entities);

  // Deposited records need Payments/SalesReceipts and Deposits to hold them.
  const depositedWanted = Math.min(Math.round((options.depositedShare ?? 0) * count), Math.floor((count * 4) / 5));
  const depositsNeeded = Math.ceil(depositedWanted / PER_DEPOSIT);
  ensureTypes(types, ['Payment', 'SalesReceipt'], depositedWanted, new Set(['Deposit']));
  ensureTypes(types, ['Deposit'], depositsNeeded, new Set(['Payment', 'SalesReceipt']));

  // Dates: a chosen share on/before the book-closing date, the rest after it.
  const closedShare = options.closedShare;
  const bookCloseDate =
    options.bookCloseDate ??
    (closedShare && closedShare > 0
      ? addDays(start, Math.floor(span * Math.min(0.95, Math.max(0.05, closedShare))))
      : undefined);
  const closedIdx = new Set(
    closedShare !== undefined && bookCloseDate
      ? rng.shuffle(types.map((_, i) => i)).slice(0, Math.round(closedShare * count))
      : [],
  );
  const closeOffset = bookCloseDate ? Math.min(span, Math.max(0, daysBetween(start, bookCloseDate))) : span;
  const dateFor = (i: number): string => {
    if (closedShare === undefined || !bookCloseDate) return addDays(start, rng.int(0, span));
    if (closedIdx.has(i)) return addDays(start, rng.int(0, closeOffset));
    return addDays(start, Math.min(span, rng.int(closeOffset + 1, Math.max(closeOffset + 1, span))));
  };

  let nextId = 100 + rng.int(0, 9);
  let docSeq = 1001;
  const records: StoredRecord[] = types.map((entity, i) => {
    const id = String(nextId);
    nextId += rng.int(1, 3);
    const json = buildEntityJson({ entity, id, txnDate: dateFor(i), docNumber: String(docSeq++), rng });
    return { entity, id, json, cleared: 'uncleared' as ClearedStatus };
  });
  const ofType = (t: Entity) => records.filter((r) => r.entity === t);

  // Deposits: groups of up to PER_DEPOSIT, each Deposit dated on its latest member's date.
  const depositable = rng.shuffle(records.filter((r) => DEPOSITABLE.has(r.entity))).slice(0, depositedWanted);
  depositable.sort((a, b) => String(a.json.TxnDate).localeCompare(String(b.json.TxnDate)));
  const deposits = ofType('Deposit');
  for (let g = 0; g * PER_DEPOSIT < depositable.length; g++) {
    const deposit = deposits[g];
    if (!deposit) break;
    const group = depositable.slice(g * PER_DEPOSIT, (g + 1) * PER_DEPOSIT);
    const lines = group.map((r, n) => ({
      Id: String(n + 1),
      Amount: r.json.TotalAmt,
      LinkedTxn: [{ TxnId: r.id, TxnType: r.entity, TxnLineId: '0' }],
    }));
    const total = group.reduce((s, r) => s + Number(r.json.TotalAmt ?? 0), 0);
    const date = String(group[group.length - 1]?.json.TxnDate ?? deposit.json.TxnDate);
    const stamp = metaTime(dateToMs(date) + 17 * 3_600_000);
    deposit.json = {
      ...deposit.json,
      TxnDate: date,
      Line: lines,
      MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
    };
    deposit.json.TotalAmt = Math.round(total * 100) / 100;
    for (const r of group)
      addLink(r.entity, r.json, { TxnId: deposit.id, TxnType: 'Deposit' }, Number(r.json.TotalAmt ?? 0));
  }

  // Links between documents.
  const linkWanted = Math.round((options.linkedShare ?? 0) * count);
  let linked = 0;
  for (const rec of rng.shuffle(records)) {
    if (linked >= linkWanted) break;
    const target = LINK_TARGET[rec.entity];
    const partners = target ? ofType(target) : [];
    if (partners.length === 0) continue;
    link(rec, rng.pick(partners));
    linked += 1;
  }

  // Reconciliation status: the chosen share reconciled, some others merely cleared.
  const posting = rng.shuffle(records.filter((r) => !GENERIC_DELETE_EXCLUDED.has(r.entity)));
  const reconciledWanted = Math.round((options.reconciledShare ?? 0) * count);
  posting.forEach((r, i) => {
    if (i < reconciledWanted) r.cleared = 'reconciled';
    else if (rng.chance(0.15)) r.cleared = 'cleared';
  });

  return { records, bookCloseDate };
}

/** The seeded company's keys by category, derived from the data itself. */
export function categorize(records: StoredRecord[], bookCloseDate: string | undefined) {
  const key = (r: StoredRecord) => recordKey(r.entity, r.id);
  // Links from both places: a document's top level, a payment's or deposit's lines.
  const links = (r: StoredRecord) => jsonLinks(r.json);
  return {
    all: records.map(key),
    reconciled: records.filter((r) => r.cleared === 'reconciled').map(key),
    closed: bookCloseDate ? records.filter((r) => String(r.json.TxnDate) <= bookCloseDate).map(key) : [],
    deposited: records
      .filter((r) => DEPOSITABLE.has(r.entity) && links(r).some((l) => l.TxnType === 'Deposit'))
      .map(key),
    linked: records.filter((r) => links(r).some((l) => l.TxnType !== 'Deposit')).map(key),
  };
}
