/**
 * A create body's links, read and rewritten in both places they live (service-facts "Where links live
 * in real payloads"): the top-level `LinkedTxn` and every line's `LinkedTxn`. A link whose target was
 * restored is pointed at the target's new Id; a link whose target is not in the restore set is left
 * alone (its counterpart was not deleted: the new record links to the one that exists). Pure.
 */
import type { RecordKey } from '../domain/record-key';
import { linksOfJson } from '../qbo/links';
import { asObject, type JsonObject, linkKey } from './kinds';
import type { CreateBody } from './strip';

/**
 * What rewriteLinks gives: the body ready to send, or the first link (top level first, then lines in
 * order) whose target is in the restore set but has no new Id (refused, or not created yet): the
 * record cannot be restored as it was.
 */
export type RewriteResult = { kind: 'rewritten'; body: CreateBody } | { kind: 'blocked'; blockedBy: RecordKey };

/**
 * The keys of the records `body` links to, both places, each once, top level first; a bill payment's
 * TxnType spellings (BillPaymentCheck, BillPaymentCreditCard) are read as BillPayment.
 */
export function linkedKeys(body: unknown): RecordKey[] {
  return [...new Set(linksOfJson(body).map((link) => linkKey(link.txnType, link.txnId)))];
}

type Rewrite = { list: unknown[] } | { blockedBy: RecordKey };

function rewriteList(
  list: unknown[],
  newIds: ReadonlyMap<RecordKey, string>,
  inRestoreSet: (key: RecordKey) => boolean,
): Rewrite {
  const out: unknown[] = [];
  for (const raw of list) {
    const link = asObject(raw);
    if (typeof link?.TxnId !== 'string' || typeof link.TxnType !== 'string') {
      out.push(raw);
      continue;
    }
    const key = linkKey(link.TxnType, link.TxnId);
    if (!inRestoreSet(key)) {
      out.push(raw);
      continue;
    }
    const newId = newIds.get(key);
    if (newId === undefined) return { blockedBy: key };
    // Only the Id changes: TxnType keeps its spelling (BillPaymentCheck), TxnLineId and the rest stay.
    out.push({ ...link, TxnId: newId });
  }
  return { list: out };
}

/**
 * `body` with every link to a restored record pointed at its new Id (`newIds`: old key → new Id).
 * Never changes `body`; the answer is a deep copy.
 */
export function rewriteLinks(
  body: Readonly<CreateBody>,
  newIds: ReadonlyMap<RecordKey, string>,
  inRestoreSet: (key: RecordKey) => boolean,
): RewriteResult {
  const copy = structuredClone(body) as JsonObject;
  if (Array.isArray(copy.LinkedTxn)) {
    const top = rewriteList(copy.LinkedTxn, newIds, inRestoreSet);
    if ('blockedBy' in top) return { kind: 'blocked', blockedBy: top.blockedBy };
    copy.LinkedTxn = top.list;
  }
  if (Array.isArray(copy.Line)) {
    const lines: unknown[] = [];
    for (const raw of copy.Line) {
      const line = asObject(raw);
      if (!line || !Array.isArray(line.LinkedTxn)) {
        lines.push(raw);
        continue;
      }
      const onLine = rewriteList(line.LinkedTxn, newIds, inRestoreSet);
      if ('blockedBy' in onLine) return { kind: 'blocked', blockedBy: onLine.blockedBy };
      lines.push({ ...line, LinkedTxn: onLine.list });
    }
    copy.Line = lines;
  }
  return { kind: 'rewritten', body: copy };
}
