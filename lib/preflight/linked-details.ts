/**
 * Linked details: for every record the preflight found linked, who is on the other side of each link
 * (its number, amount, and the amount the payment's line applies), so the popup can say in words
 * what deleting it changes ("payment No. 3051 becomes an unapplied credit of $1,200.00").
 *
 * Counterparts among the selection are already read; the others are read with one complete IN-read
 * per entity (the client's R4 reader: page size set, paged, count confirmed). No link, no call. The
 * details are a courtesy: a failed read (or a thrown one) never fails the preflight, the records whose
 * counterparts it was to read just get no details, and the popup says what it says without them.
 */

import { ENTITIES, type Entity, isEntity, isValidId } from '../domain/entities';
import { hasLinkedFinding } from '../domain/findings';
import { recordKey } from '../domain/record-key';
import type { QboClient } from '../qbo/client-api';
import { changingLinks, recordLinks, type TxnLink } from '../qbo/links';
import type { TxnRecord } from '../qbo/outcomes';
import type { LinkedDetail, PreflightRecord } from './types';

const keyOf = recordKey;

/** A counterpart's number: its DocNumber, or a payment's reference number. */
function numberOf(record: TxnRecord): string | undefined {
  if (record.docNumber?.trim()) return record.docNumber.trim();
  const refNum = record.raw.PaymentRefNum;
  return typeof refNum === 'string' && refNum.trim() ? refNum.trim() : undefined;
}

/** A counterpart's total: TotalAmt, or Amount (Transfer, CreditCardPayment). */
function amountOf(record: TxnRecord): number | undefined {
  if (record.totalAmt !== undefined) return record.totalAmt;
  const amount = record.raw.Amount;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
}

function detailOf(
  self: TxnRecord,
  link: TxnLink & { txnType: Entity },
  counterpart: TxnRecord | undefined,
): LinkedDetail {
  const detail: LinkedDetail = { entity: link.txnType, id: link.txnId };
  // The amount applied sits on the payment's line: this record's own, or the counterpart's naming it.
  const lineAmount =
    link.lineAmount ??
    (counterpart
      ? recordLinks(counterpart).find((l) => l.txnType === self.entity && l.txnId === self.id)?.lineAmount
      : undefined);
  if (counterpart) {
    const docNumber = numberOf(counterpart);
    const amount = amountOf(counterpart);
    if (docNumber !== undefined) detail.docNumber = docNumber;
    if (amount !== undefined) detail.amount = amount;
    if (counterpart.currency !== undefined) detail.currency = counterpart.currency;
  }
  if (lineAmount !== undefined) detail.lineAmount = lineAmount;
  if (detail.currency === undefined && self.currency !== undefined) detail.currency = self.currency;
  return detail;
}

function isKnownLink(link: TxnLink): link is TxnLink & { txnType: Entity } {
  return isEntity(link.txnType) && isValidId(link.txnId);
}

/**
 * Attaches `linked` to each deletable record ('ready', or 'reconciled' for the opt-in) with a
 * 'linked' warning, in place, and returns the calls made.
 * `found` holds the selection's records as read, by `Entity:Id`; `selected` every `Entity:Id` the
 * selection asked for (one the read did not return is gone: it is not asked for again).
 */
export async function attachLinkedDetails(
  client: QboClient,
  records: PreflightRecord[],
  found: ReadonlyMap<string, TxnRecord>,
  selected: ReadonlySet<string>,
): Promise<{ calls: number }> {
  // Only records the click may delete (a blocked one stays whatever its links): no read for the rest.
  const linkedRecords = records.flatMap((record) =>
    record.reviewed &&
    (record.status === 'ready' || record.status === 'reconciled') &&
    hasLinkedFinding(record.warnings)
      ? [{ record, self: record.reviewed, links: changingLinks(record.reviewed) }]
      : [],
  );
  const wanted = new Map<Entity, Set<string>>();
  for (const { links } of linkedRecords) {
    for (const link of links) {
      if (!isKnownLink(link) || selected.has(keyOf(link.txnType, link.txnId))) continue;
      wanted.set(link.txnType, (wanted.get(link.txnType) ?? new Set()).add(link.txnId));
    }
  }

  let calls = 0;
  const read = new Map<string, TxnRecord>();
  const unread = new Set<Entity>();
  let failed = false;
  for (const entity of ENTITIES) {
    const ids = wanted.get(entity);
    if (!ids) continue;
    if (failed) {
      unread.add(entity);
      continue;
    }
    try {
      const answer = await client.readByIds(entity, [...ids]);
      if (answer.kind !== 'ok') {
        calls += 1;
        failed = true;
        unread.add(entity);
        continue;
      }
      calls += answer.calls;
      for (const record of answer.records) read.set(keyOf(entity, record.id), record);
    } catch {
      failed = true;
      unread.add(entity);
    }
  }

  for (const { record, self, links } of linkedRecords) {
    // Every link must be accounted for, or the sentence would leave one out: no details then.
    if (links.length === 0 || !links.every(isKnownLink)) continue;
    const needsUnread = links.some((l) => unread.has(l.txnType) && !selected.has(keyOf(l.txnType, l.txnId)));
    if (needsUnread) continue;
    record.linked = links.map((link) => {
      const key = keyOf(link.txnType, link.txnId);
      return detailOf(self, link, found.get(key) ?? read.get(key));
    });
  }
  return { calls };
}
