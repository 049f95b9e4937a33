/**
 * One create (`POST /{entity}` with a body without Id), shared by the single path and batch items.
 * Checks in order: body shape (2010), Id/SyncToken (an update: 610 for an Id that is gone, 2010 for
 * a live one: updates are not simulated), required name ref (2020), TxnDate (2010), closed period
 * (R3: the same 6200/6210 as deletes), refs (./refs.ts), links (./create-links.ts), DocNumber (6140
 * unless `include=allowduplicatedocnum`). Then: a new Id above every Id the company ever used,
 * SyncToken "0", MetaData now, `domain`/`sparse`, line Ids, TotalAmt and Balance computed, links
 * recorded on the other side.
 *
 * Read-only fields a client may send back from a read (MetaData, domain, sparse, line Ids, Balance,
 * HomeBalance, UnappliedAmt, …) are ignored and recomputed, never refused.
 */
import { isDate, metaTime, msToDate } from './clock';
import { applyLinks, resolveLinks } from './create-links';
import { faults } from './faults';
import { writeFaults } from './faults-write';
import { LINE_LINKED } from './links';
import { checkRefs } from './refs';
import { type Entity, jsonKey } from './service-names';
import type { SimState } from './state';
import { recordKey, type StoredRecord } from './store';
import type { WriteOutcome } from './void-op';

type Json = Record<string, unknown>;

export interface CreateOptions {
  /** `include=allowduplicatedocnum` on the call. */
  allowDuplicateDocNumber: boolean;
}

/** The name ref each entity cannot be created without. */
const REQUIRED_REF: Partial<Record<Entity, string>> = {
  Invoice: 'CustomerRef',
  CreditMemo: 'CustomerRef',
  Estimate: 'CustomerRef',
  Payment: 'CustomerRef',
  Bill: 'VendorRef',
  VendorCredit: 'VendorRef',
  PurchaseOrder: 'VendorRef',
  BillPayment: 'VendorRef',
};

/** Computed or stamped by the service: whatever the client sends is dropped. */
const READ_ONLY = ['Id', 'SyncToken', 'MetaData', 'domain', 'sparse', 'Balance', 'HomeBalance', 'UnappliedAmt'];

/** Entities whose TotalAmt the service sums from the lines (when they have lines with a DetailType). */
const AMOUNT_FROM_LINES: ReadonlySet<Entity> = new Set<Entity>([
  'Invoice',
  'SalesReceipt',
  'CreditMemo',
  'RefundReceipt',
  'Estimate',
  'Bill',
  'VendorCredit',
  'Purchase',
  'PurchaseOrder',
  'Deposit',
]);

const cents = (n: number) => Math.round(n * 100) / 100;
const asId = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' && v !== '' ? v : undefined);

function lineTotal(lines: Json[]): number | undefined {
  const counted = lines.filter((l) => typeof l.DetailType === 'string' && l.DetailType !== 'SubTotalLineDetail');
  if (counted.length === 0) return undefined;
  return cents(counted.reduce((s, l) => s + (Number(l.Amount) || 0), 0));
}

/** Line Ids 1..n in order, and the TotalAmt / Balance / UnappliedAmt the service computes. */
function computeFields(entity: Entity, json: Json): void {
  const lines = Array.isArray(json.Line) ? (json.Line as Json[]) : undefined;
  if (lines) json.Line = lines.map((line, i) => ({ ...line, Id: String(i + 1) }));
  const fromLines = AMOUNT_FROM_LINES.has(entity) && lines ? lineTotal(lines) : undefined;
  if (fromLines !== undefined) json.TotalAmt = fromLines;
  if (json.TotalAmt !== undefined) json.TotalAmt = cents(Number(json.TotalAmt) || 0);
  const total = Number(json.TotalAmt ?? 0);
  if (entity === 'Invoice' || entity === 'Bill') json.Balance = total;
  if (entity === 'Payment') {
    const applied = (lines ?? [])
      .filter((l) => Array.isArray(l.LinkedTxn) && l.LinkedTxn.length > 0)
      .reduce((s, l) => s + (Number(l.Amount) || 0), 0);
    json.UnappliedAmt = Math.max(0, cents(total - applied));
  }
}

function duplicateOf(state: SimState, realmId: string, entity: Entity, docNumber: string): StoredRecord | undefined {
  for (const rec of state.store.company(realmId).records.values())
    if (rec.entity === entity && rec.json.DocNumber === docNumber) return rec;
  return undefined;
}

export function createRecord(
  state: SimState,
  realmId: string,
  entity: Entity,
  body: unknown,
  options: CreateOptions,
): WriteOutcome {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, fault: faults.invalidRequest(`The ${entity} to create must be a JSON object`) };
  const input = body as Json;
  const { store, config } = state;
  const company = store.company(realmId);

  // A body with an Id is an update: of a record that is gone → 610; updates are not simulated.
  const id = asId(input.Id);
  if (id !== undefined) {
    if (!store.find(realmId, entity, id)) return { ok: false, fault: faults.objectNotFound(entity, id) };
    return { ok: false, fault: writeFaults.updateNotSupported(`Updating ${entity} ${id} is not supported here`) };
  }
  if (input.SyncToken !== undefined)
    return { ok: false, fault: writeFaults.updateNotSupported('SyncToken without Id: a create carries neither') };
  const required = REQUIRED_REF[entity];
  if (required && !(input[required] && typeof input[required] === 'object'))
    return { ok: false, fault: faults.requiredParam(required) };
  if (input.TxnDate !== undefined && !isDate(input.TxnDate))
    return { ok: false, fault: faults.invalidRequest(`Invalid date: TxnDate ${String(input.TxnDate)}`) };
  const txnDate = (input.TxnDate as string | undefined) ?? msToDate(state.now());

  // R3: a create dated on or before the book-closing date is refused as a delete is.
  const closeDate = company.bookCloseDate;
  if (closeDate && txnDate <= closeDate)
    return { ok: false, fault: faults.closedPeriod(config.mode, txnDate, closeDate) };

  const refFault = checkRefs(company, input, config.mode);
  if (refFault) return { ok: false, fault: refFault };

  const json: Json = structuredClone(input);
  for (const key of READ_ONLY) delete json[key];
  const links = resolveLinks(state, realmId, entity, json);
  if ('fault' in links) return { ok: false, fault: links.fault };

  // 6140: a DocNumber a live record of the same entity already has.
  const docNumber = typeof json.DocNumber === 'string' && json.DocNumber !== '' ? json.DocNumber : undefined;
  const duplicate = docNumber && !options.allowDuplicateDocNumber && duplicateOf(state, realmId, entity, docNumber);
  if (duplicate && docNumber)
    return { ok: false, fault: writeFaults.duplicateDocNumber(docNumber, entity, duplicate.id) };

  computeFields(entity, json);
  company.maxId += 1;
  const newId = String(company.maxId);
  const stamp = metaTime(state.now());
  const record: Json = {
    domain: 'QBO',
    sparse: false,
    Id: newId,
    SyncToken: '0',
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
    TxnDate: txnDate,
    ...(LINE_LINKED.has(entity) ? {} : { LinkedTxn: [] }),
    ...json,
  };
  const rec: StoredRecord = { entity, id: newId, json: record, cleared: 'uncleared' };
  const key = recordKey(entity, newId);
  company.records.set(key, rec);
  company.created.set(key, (company.created.get(key) ?? 0) + 1);
  applyLinks(state, rec, links.pending);
  return { ok: true, key, answer: { [jsonKey(entity)]: structuredClone(rec.json) } };
}
