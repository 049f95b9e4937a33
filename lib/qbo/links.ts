/**
 * Where links live in real payloads (service-facts "Where links live"): a document lists what is
 * linked to it at its top level (`Invoice.LinkedTxn` names the payments that paid it), a payment
 * carries its links per line (`Payment.Line[].LinkedTxn` names the invoices it pays, the line's
 * `Amount` being what it applies to each; the same for BillPayment, and Deposit lines name the
 * payments they group), with no top-level `LinkedTxn` of its own. Every reader of links goes through
 * here, so both places are always read. Tolerant: whatever is not a `{TxnId, TxnType}` string pair
 * is skipped, never thrown. Some uses leave no link at all on the record (./usage.ts).
 */

import { type Entity, isEntity } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import type { TxnRecord } from './outcomes';

/**
 * Spellings real payloads use in a LinkedTxn's TxnType for a bill payment (a Bill's link to the
 * payment that paid it, by check or by card): read as BillPayment everywhere links are read.
 */
const TXN_TYPE_ALIASES: Readonly<Record<string, Entity>> = {
  BillPaymentCheck: 'BillPayment',
  BillPaymentCreditCard: 'BillPayment',
};

/** The entity a LinkedTxn's TxnType names, or undefined for a type we do not know (ReimburseCharge…). */
export function entityOfTxnType(txnType: string): Entity | undefined {
  if (Object.hasOwn(TXN_TYPE_ALIASES, txnType)) return TXN_TYPE_ALIASES[txnType];
  return isEntity(txnType) ? txnType : undefined;
}

export interface TxnLink {
  txnId: string;
  txnType: string;
  /** What the link carries on the line that holds it (a payment's amount applied to an invoice). */
  lineAmount?: number;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function pairs(list: unknown): { txnId: string; txnType: string }[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const link = asObject(entry);
    return typeof link?.TxnId === 'string' && typeof link.TxnType === 'string'
      ? [{ txnId: link.TxnId, txnType: entityOfTxnType(link.TxnType) ?? link.TxnType }]
      : [];
  });
}

/**
 * The links an entity JSON names, top level first, then its lines', one per `TxnType:TxnId` (a bill
 * payment's spellings read as BillPayment: `BillPaymentCheck` 7 is `BillPayment` 7). A line
 * holding a single link gives it the line's Amount; the same link on several lines adds them up.
 */
export function linksOfJson(json: unknown): TxnLink[] {
  const entity = asObject(json);
  const links = new Map<string, TxnLink>();
  for (const link of pairs(entity?.LinkedTxn)) links.set(recordKey(link.txnType, link.txnId), { ...link });
  const lines = Array.isArray(entity?.Line) ? entity.Line : [];
  for (const raw of lines) {
    const line = asObject(raw);
    const onLine = pairs(line?.LinkedTxn);
    const amount = line?.Amount;
    const lineAmount =
      onLine.length === 1 && typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
    for (const link of onLine) {
      const key = recordKey(link.txnType, link.txnId);
      const known = links.get(key);
      if (!known) {
        links.set(key, lineAmount === undefined ? { ...link } : { ...link, lineAmount });
      } else if (lineAmount !== undefined) {
        known.lineAmount = Math.round(((known.lineAmount ?? 0) + lineAmount) * 100) / 100;
      }
    }
  }
  return [...links.values()];
}

/**
 * A read record's links: its `linkedTxn` and whatever its full JSON names in either place (a record
 * built elsewhere may carry only one of them), one per `TxnType:TxnId`.
 */
export function recordLinks(record: Pick<TxnRecord, 'linkedTxn'> & { raw?: unknown }): TxnLink[] {
  const links = new Map<string, TxnLink>();
  for (const link of linksOfJson(record.raw)) links.set(recordKey(link.txnType, link.txnId), link);
  for (const link of record.linkedTxn ?? []) {
    const key = recordKey(link.txnType, link.txnId);
    if (!links.has(key)) links.set(key, { txnId: link.txnId, txnType: link.txnType });
  }
  return [...links.values()];
}

/** Links that deleting the record changes: every link but a Deposit's (the deposited check's business). */
export function changingLinks(record: (Pick<TxnRecord, 'linkedTxn'> & { raw?: unknown }) | undefined): TxnLink[] {
  return record ? recordLinks(record).filter((link) => link.txnType !== 'Deposit') : [];
}

/** The Deposit a record sits on, when it names one in either place. */
export function depositLink(record: Pick<TxnRecord, 'linkedTxn'> & { raw?: unknown }): TxnLink | undefined {
  return recordLinks(record).find((link) => link.txnType === 'Deposit');
}
