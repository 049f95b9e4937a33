/**
 * Does a restored record, as the service now holds it, match what its snapshot says it was? Compared
 * against createBody(entity, snapshot) (the product's own rule of what a create may carry): DocNumber,
 * TxnDate, TotalAmt, CustomerRef, VendorRef, PrivateNote, the number of lines and each line's Amount,
 * and every forward link (top level and on lines) pointing at the NEW Id of a restored target (or the
 * old Id of a target that was never deleted). Back-references (a payment's line naming its Deposit,
 * an invoice's link to its payment) are the service's to write on either side, so they are left out
 * of both sides, as is a line that holds nothing but them.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Entity } from '../../lib/domain/entities';
import { asObject, type JsonObject, linkKey } from '../../lib/restore/kinds';
import { createBody, isBackReference } from '../../lib/restore/strip';

export const COMPARED_FIELDS = ['DocNumber', 'TxnDate', 'TotalAmt', 'CustomerRef', 'VendorRef', 'PrivateNote'] as const;

export interface LinkTargets {
  /** Old key → the new Id its restore gave it (from the job's restored outcomes). */
  newIdOf(oldKey: string): string | undefined;
  /** The old key was among the records the restore set out to re-create (refused ones too). */
  inRestoreSet(oldKey: string): boolean;
}

const cents = (n: unknown) => (typeof n === 'number' ? Math.round(n * 100) : n);

/** The forward links of a LinkedTxn list, as record keys, sorted. */
function forwardLinks(entity: Entity, list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map(asObject)
    .filter((l): l is JsonObject => typeof l?.TxnId === 'string' && typeof l.TxnType === 'string')
    .filter((l) => !isBackReference(entity, l.TxnType as string))
    .map((l) => linkKey(l.TxnType as string, l.TxnId as string))
    .sort();
}

interface ComparableLine {
  amount: unknown;
  links: string[];
}

/** The lines as compared: a line holding only back-references (and no DetailType) is the service's. */
function comparableLines(entity: Entity, lines: unknown): ComparableLine[] {
  if (!Array.isArray(lines)) return [];
  const out: ComparableLine[] = [];
  for (const raw of lines) {
    const line = asObject(raw) ?? {};
    const all = Array.isArray(line.LinkedTxn) ? line.LinkedTxn : [];
    const links = forwardLinks(entity, all);
    if (all.length > 0 && links.length === 0 && line.DetailType === undefined) continue;
    out.push({ amount: cents(line.Amount), links });
  }
  return out;
}

/** What a link of the body (old Ids) should read once restored: the new Id, or the old one of a live target. */
function expectedLink(oldKey: string, targets: LinkTargets): string {
  const newId = targets.newIdOf(oldKey);
  if (newId !== undefined) return `${oldKey.slice(0, oldKey.indexOf(':'))}:${newId}`;
  return targets.inRestoreSet(oldKey) ? `(not restored) ${oldKey}` : oldKey;
}

/** What differs between the restored `record` and its snapshot's create body: [] when it matches. */
export function snapshotMismatches(
  entity: Entity,
  snapshot: JsonObject,
  record: JsonObject,
  targets: LinkTargets,
): string[] {
  const body = createBody(entity, snapshot);
  const diffs: string[] = [];
  for (const field of COMPARED_FIELDS) {
    const [got, want] =
      field === 'TotalAmt' ? [cents(record[field]), cents(body[field])] : [record[field], body[field]];
    if (!isDeepStrictEqual(got, want)) diffs.push(field);
  }
  const expect = (keys: string[]) => keys.map((k) => expectedLink(k, targets)).sort();
  if (!isDeepStrictEqual(forwardLinks(entity, record.LinkedTxn), expect(forwardLinks(entity, body.LinkedTxn))))
    diffs.push('LinkedTxn');
  const got = comparableLines(entity, record.Line);
  const want = comparableLines(entity, body.Line);
  if (got.length !== want.length) diffs.push(`Line count ${got.length} ≠ ${want.length}`);
  else
    want.forEach((line, i) => {
      const mine = got[i];
      if (!isDeepStrictEqual(mine?.amount, line.amount)) diffs.push(`Line ${i + 1} Amount`);
      if (!isDeepStrictEqual(mine?.links, expect(line.links))) diffs.push(`Line ${i + 1} LinkedTxn`);
    });
  return diffs;
}
