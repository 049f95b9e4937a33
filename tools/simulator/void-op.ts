/**
 * One void (service-facts "Void"), shared by the single paths and batch items:
 * Invoice through `?operation=void` {Id, SyncToken}; Payment, SalesReceipt, BillPayment through
 * `?operation=update&include=void` {Id, SyncToken, sparse: true} (batch: `operation: "void"` and
 * `operation: "update", optionsData: "void"`). Checks in order: Id/SyncToken present (2020; a stale
 * SyncToken is accepted, as R1 for deletes), the record exists (610), the type can be voided
 * (document: 400 2010; real: Purchase 400 2010, Bill HTTP 200 carrying a SystemFault, every other type
 * HTTP 200 with the record unchanged), the right form for the type (2010), closed period (R3: 6200/
 * 6210), deposited (6540). Then the record stays with every amount 0, "Voided" before its
 * PrivateNote, SyncToken + 1 and LastUpdatedTime now; an Invoice's Balance 0; a Payment gives back
 * what it applied (the invoice's Balance goes up, the link stays at Amount 0); a BillPayment's lines
 * are cleared (Intuit: "all lines are cleared") and its bills drop the link and get their Balance back.
 */
import { touch } from './create-links';
import { type FaultObject, faults } from './faults';
import { writeFaults } from './faults-write';
import { jsonLinks } from './links';
import { DEPOSITABLE, type Entity, jsonKey } from './service-names';
import type { SimState } from './state';
import { recordKey, type StoredRecord } from './store';

type Json = Record<string, unknown>;

export type WriteOutcome =
  | { ok: true; key: string; answer: Json }
  /** status: the HTTP status of a single call (400 unless the service answers 200 with a Fault). */
  | { ok: false; key?: string; fault: FaultObject; status?: number };

/** `operation=void` (Invoice) or `operation=update&include=void` (the others). */
export type VoidForm = 'void' | 'update-void';

export const VOIDABLE: Readonly<Partial<Record<Entity, VoidForm>>> = {
  Invoice: 'void',
  Payment: 'update-void',
  SalesReceipt: 'update-void',
  BillPayment: 'update-void',
};

const asParam = (v: unknown) =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
const cents = (n: number) => Math.round(n * 100) / 100;
const lines = (json: Json): Json[] => (Array.isArray(json.Line) ? (json.Line as Json[]) : []);

function zeroAmounts(json: Json): void {
  for (const field of ['TotalAmt', 'Balance', 'UnappliedAmt', 'HomeTotalAmt', 'HomeBalance', 'Deposit'])
    if (json[field] !== undefined) json[field] = 0;
  json.Line = lines(json).map((line) => (line.Amount !== undefined ? { ...line, Amount: 0 } : line));
}

/** Gives back what a Payment or BillPayment applied to the documents its lines name. */
function release(state: SimState, realmId: string, rec: StoredRecord): void {
  for (const line of lines(rec.json)) {
    const amount = Number(line.Amount) || 0;
    for (const link of jsonLinks({ Line: [line] })) {
      if (link.TxnType === 'Deposit') continue;
      const target = state.store.find(realmId, link.TxnType as Entity, link.TxnId);
      if (!target) continue;
      if (typeof target.json.Balance === 'number') {
        const total = Number(target.json.TotalAmt ?? target.json.Balance);
        target.json.Balance = Math.min(total, cents(target.json.Balance + amount));
      }
      if (rec.entity === 'BillPayment') {
        const top = Array.isArray(target.json.LinkedTxn) ? (target.json.LinkedTxn as Json[]) : [];
        target.json.LinkedTxn = top.filter((l) => !(l.TxnId === rec.id && l.TxnType === rec.entity));
      }
      touch(target, state.now());
    }
  }
}

function applyVoid(state: SimState, realmId: string, rec: StoredRecord): void {
  if (rec.entity === 'Payment' || rec.entity === 'BillPayment') release(state, realmId, rec);
  const wasVoided = (state.store.company(realmId).voided.get(recordKey(rec.entity, rec.id)) ?? 0) > 0;
  zeroAmounts(rec.json);
  if (rec.entity === 'BillPayment') rec.json.Line = [];
  const note = typeof rec.json.PrivateNote === 'string' ? rec.json.PrivateNote : '';
  if (!wasVoided) rec.json.PrivateNote = note ? `Voided - ${note}` : 'Voided';
  touch(rec, state.now());
}

export function voidRecord(
  state: SimState,
  realmId: string,
  entity: Entity,
  body: unknown,
  form: VoidForm,
): WriteOutcome {
  const fields = (body && typeof body === 'object' ? body : {}) as Json;
  const id = asParam(fields.Id);
  if (id === undefined) return { ok: false, fault: faults.requiredParam('Id') };
  const key = recordKey(entity, id);
  // R1 (as for deletes): SyncToken must be present; a stale value is accepted.
  if (asParam(fields.SyncToken) === undefined) return { ok: false, key, fault: faults.requiredParam('SyncToken') };
  const { store, config } = state;
  const rec = store.find(realmId, entity, id);
  // 610: unknown or deleted.
  if (!rec) return { ok: false, key, fault: faults.objectNotFound(entity, id) };

  // A void through update must be sparse: a full update of {Id, SyncToken} is not simulated.
  if (form === 'update-void' && fields.sparse !== true)
    return { ok: false, key, fault: writeFaults.updateNotSupported('A void through update needs sparse: true') };
  const expected = VOIDABLE[entity];
  if (!expected) {
    if (config.mode === 'document' || entity === 'Purchase')
      return { ok: false, key, fault: writeFaults.voidNotSupported(entity) };
    // real: Bill → HTTP 200 whose body is a system Fault; the other types → 200, nothing changes.
    if (entity === 'Bill') return { ok: false, key, fault: writeFaults.voidSystemFault(), status: 200 };
    return { ok: true, key, answer: { [jsonKey(entity)]: structuredClone(rec.json) } };
  }
  if (form !== expected) {
    const how = expected === 'void' ? 'operation=void' : 'operation=update&include=void with sparse: true';
    return { ok: false, key, fault: writeFaults.updateNotSupported(`A ${entity} is voided with ${how}`) };
  }

  // R3: dated on or before the book-closing date → refused.
  const closeDate = store.company(realmId).bookCloseDate;
  const txnDate = String(rec.json.TxnDate ?? '');
  if (closeDate && txnDate <= closeDate)
    return { ok: false, key, fault: faults.closedPeriod(config.mode, txnDate, closeDate) };
  // 6540: a Payment/SalesReceipt on an existing Deposit must leave it first.
  if (DEPOSITABLE.has(entity)) {
    const onDeposit = jsonLinks(rec.json).some(
      (l) => l.TxnType === 'Deposit' && store.find(realmId, 'Deposit', l.TxnId),
    );
    if (onDeposit) return { ok: false, key, fault: faults.deposited() };
  }

  applyVoid(state, realmId, rec);
  const company = store.company(realmId);
  company.voided.set(key, (company.voided.get(key) ?? 0) + 1);
  return { ok: true, key, answer: { [jsonKey(entity)]: structuredClone(rec.json) } };
}
