/**
 * Links of a record being created (service-facts "Where links live", "Re-creating a deleted
 * transaction"): every link it names, top level or on a line, must name a live record (else 610).
 * Who writes a link:
 * - a payer (Payment, BillPayment, Deposit) names what it pays or groups on its lines; creating it
 *   records the link on the other side too: the Invoice/Bill lists the payment at its top level and
 *   its Balance drops by the line's Amount; a deposited Payment gets a line naming the Deposit, a
 *   deposited SalesReceipt a top-level link (so deleting or voiding it later answers 6540);
 * - a document naming another document (Invoice → Estimate, Bill → PurchaseOrder) gets the link,
 *   and the other document lists it back — except a TimeActivity an Invoice bills: it gets no link,
 *   its `BillableStatus` becomes "HasBeenBilled" (a string; there is no boolean field);
 * - a link naming a payer (an Invoice's link to its Payment, a Payment's line naming its Deposit)
 *   is the payer's to write: it is checked, then left out of the created record.
 * The records the new one links are changed: their SyncToken goes up and LastUpdatedTime moves.
 */
import { metaTime } from './clock';
import type { FaultObject } from './faults';
import { writeFaults } from './faults-write';
import { addLink, type JsonLink, LINE_LINKED } from './links';
import { type Entity, entityFromJsonKey, isEntity } from './service-names';
import type { SimState } from './state';
import type { StoredRecord } from './store';

type Json = Record<string, unknown>;

/** What pays what: a payer's line amount lowers these documents' Balance. */
const PAYS: Partial<Record<Entity, readonly Entity[]>> = {
  Payment: ['Invoice', 'CreditMemo', 'JournalEntry'],
  BillPayment: ['Bill', 'VendorCredit'],
};

export type LinkRole = 'payer' | 'document' | 'maintained';

export function linkRole(source: Entity, target: Entity): LinkRole {
  if (target === 'Deposit' && source !== 'Deposit') return 'maintained';
  if (LINE_LINKED.has(source)) return 'payer';
  if (LINE_LINKED.has(target)) return 'maintained';
  return 'document';
}

export interface PendingLink {
  target: StoredRecord;
  /** What the line applies (payers' lines), else undefined. */
  amount?: number;
}

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const targetEntity = (txnType: unknown): Entity | undefined =>
  typeof txnType === 'string' ? (isEntity(txnType) ? txnType : entityFromJsonKey(txnType)) : undefined;

/**
 * Checks every link of `json` (which it rewrites: links the payer writes are dropped, and so is a
 * line left with no link and no DetailType of its own) and returns the links to record on the other side.
 */
export function resolveLinks(
  state: SimState,
  realmId: string,
  entity: Entity,
  json: Json,
): { fault: FaultObject } | { pending: PendingLink[] } {
  const pending: PendingLink[] = [];
  const mode = state.config.mode;
  const check = (link: Json, element: string): StoredRecord | FaultObject => {
    const type = targetEntity(link.TxnType);
    const id = typeof link.TxnId === 'number' ? String(link.TxnId) : link.TxnId;
    const found = type && typeof id === 'string' ? state.store.find(realmId, type, id) : undefined;
    return found ?? writeFaults.linkMissing(mode, String(link.TxnType), String(link.TxnId), element);
  };
  const keep = (links: Json[], element: string, amount?: number): Json[] | FaultObject => {
    const kept: Json[] = [];
    for (const link of links) {
      const target = check(link, element);
      if (!('entity' in target)) return target;
      const role = linkRole(entity, target.entity);
      if (role === 'maintained') continue;
      kept.push({ ...link, TxnId: target.id, TxnType: target.entity });
      const paid = role === 'payer' && PAYS[entity]?.includes(target.entity) ? (amount ?? 0) : undefined;
      pending.push({ target, ...(paid !== undefined ? { amount: paid } : {}) });
    }
    return kept;
  };
  if (json.LinkedTxn !== undefined) {
    const top = keep(list(json.LinkedTxn), 'LinkedTxn');
    if (!Array.isArray(top)) return { fault: top };
    json.LinkedTxn = top;
  }
  if (Array.isArray(json.Line)) {
    const lines: Json[] = [];
    for (const line of list(json.Line)) {
      if (!line || typeof line !== 'object') continue;
      if (line.LinkedTxn === undefined) {
        lines.push(line);
        continue;
      }
      const amount = typeof line.Amount === 'number' ? line.Amount : Number(line.Amount) || 0;
      const kept = keep(list(line.LinkedTxn), 'Line.LinkedTxn', amount);
      if (!Array.isArray(kept)) return { fault: kept };
      if (kept.length > 0 || line.DetailType !== undefined) lines.push({ ...line, LinkedTxn: kept });
    }
    json.Line = lines;
  }
  return { pending };
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** A record changed by the service: SyncToken up, LastUpdatedTime now. */
export function touch(rec: StoredRecord, now: number): void {
  const meta = (rec.json.MetaData ?? {}) as Json;
  rec.json.SyncToken = String(Number(rec.json.SyncToken ?? '0') + 1);
  rec.json.MetaData = { ...meta, LastUpdatedTime: metaTime(now) };
}

/** Records the new record `rec` on the other side of each of its links. */
export function applyLinks(state: SimState, rec: StoredRecord, pending: PendingLink[]): void {
  const link: JsonLink = { TxnId: rec.id, TxnType: rec.entity };
  for (const { target, amount } of pending) {
    if (target.entity === 'TimeActivity') target.json.BillableStatus = 'HasBeenBilled';
    else if (rec.entity === 'Deposit') addLink(target.entity, target.json, link, lineAmountFor(rec, target));
    else addLink(target.entity, target.json, link);
    if (amount !== undefined && typeof target.json.Balance === 'number')
      target.json.Balance = Math.max(0, cents(target.json.Balance - amount));
    touch(target, state.now());
  }
}

/** What a Deposit line deposits of `target` (for the deposited Payment's own line). */
function lineAmountFor(deposit: StoredRecord, target: StoredRecord): number {
  for (const line of list(deposit.json.Line))
    if (list(line.LinkedTxn).some((l) => l.TxnId === target.id)) return Number(line.Amount) || 0;
  return 0;
}
