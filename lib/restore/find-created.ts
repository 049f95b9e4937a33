/**
 * After a create's answer was lost (R5), is the record already there? The restore does not trust the
 * service's `requestid` alone (service-facts "Idempotent writes": duplicates despite it, 6000 on a
 * re-sent batch), so before re-sending it looks for its own record among those created since the job
 * started: same TxnDate, DocNumber, amount and party as the body it sent, and the restore's mark of
 * the old Id in the note (marker.ts). Exactly one → adopt it; none → re-send; several → a person must
 * look. Pure: the reading is lib/qbo/read-created.ts, the deciding lib/jobs/operations/restore-verify.ts.
 */
import { asObject, type JsonObject } from './kinds';
import { hasRestoreMark, restoreMark } from './marker';
import type { CreateBody } from './strip';

/**
 * How far the service's clock (MetaData.CreateTime) may run behind the extension's: records created up
 * to this long before the job started are looked at too. Generous on purpose: the mark, not the time,
 * tells our record from another, so a wider window costs reads, never a wrong adoption.
 */
export const CLOCK_SKEW_MS = 10 * 60_000;

export type CreatedMatch = { kind: 'none' } | { kind: 'one'; newId: string } | { kind: 'several'; newIds: string[] };

/** The earliest CreateTime a record this restore made can carry, from when the job started. */
export function createdSinceOf(job: { startedAt?: number; createdAt: number }): number {
  return (job.startedAt ?? job.createdAt) - CLOCK_SKEW_MS;
}

const cents = (n: unknown): number | undefined => (typeof n === 'number' ? Math.round(n * 100) : undefined);
const refValue = (ref: unknown): unknown => asObject(ref)?.value;
const PARTY_REFS = ['CustomerRef', 'VendorRef', 'EntityRef'] as const;
const AMOUNTS = ['TotalAmt', 'Amount'] as const;

function createdAt(record: JsonObject): number | undefined {
  const stamp = asObject(record.MetaData)?.CreateTime;
  const at = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}

/** The note as compared when the body carries no mark (a restore job planned before marks existed). */
const noteOf = (json: JsonObject): string => (typeof json.PrivateNote === 'string' ? json.PrivateNote.trim() : '');

/** Whether `record` (as read) is what `sent` (the create body for old Id `oldId`) made. */
export function looksRestoredFrom(sent: CreateBody, oldId: string, record: JsonObject, createdSince: number): boolean {
  // A record with no readable CreateTime is kept: its mark still has to match.
  const at = createdAt(record);
  if (at !== undefined && at < createdSince) return false;
  if (sent.TxnDate !== undefined && record.TxnDate !== sent.TxnDate) return false;
  if ((sent.DocNumber ?? '') !== (record.DocNumber ?? '')) return false;
  for (const field of AMOUNTS)
    if (typeof sent[field] === 'number' && cents(record[field]) !== cents(sent[field])) return false;
  for (const field of PARTY_REFS)
    if (sent[field] !== undefined && refValue(record[field]) !== refValue(sent[field])) return false;
  const marked = noteOf(sent).includes(restoreMark(oldId));
  return marked ? hasRestoreMark(record, oldId) : noteOf(record) === noteOf(sent);
}

/** Among `candidates` (records of the body's entity, complete for the window), the ones `sent` made. */
export function matchCreated(
  sent: CreateBody,
  oldId: string,
  candidates: readonly { id: string; raw: JsonObject }[],
  createdSince: number,
): CreatedMatch {
  const ids = [
    ...new Set(candidates.filter((c) => looksRestoredFrom(sent, oldId, c.raw, createdSince)).map((c) => c.id)),
  ];
  if (ids.length === 0) return { kind: 'none' };
  if (ids.length === 1) return { kind: 'one', newId: ids[0] as string };
  return { kind: 'several', newIds: ids };
}
