/**
 * The duplicates scan's reading plan and run: for a date range and types (or one
 * account), the reads it needs, then the groups (./duplicates.ts). It has the caps of a search
 * (./search.ts): a range of at most MAX_RANGE_YEARS, at most MAX_SEARCH_RESULTS records read. Over
 * either it is refused whole, never cut. Reads, in order:
 *
 * 0. every range read's count(*), so a scan over the record cap is refused before a page is read;
 * 1. the reconciled TransactionList report for the range (R2; the reader windows it by year);
 * 2. per type, one counted, paged read of the range (R4: page size 1000, STARTPOSITION, count(*)
 *    confirmed; the reader is the client's, like lib/qbo/read-created.ts);
 * 3. when Payments or SalesReceipts are scanned, the Deposits of the range and DEPOSIT_LAG_DAYS after
 *    it (a deposit is dated on or after the payments it groups), whose lines name what they hold
 *    (one read with the Deposits themselves when they are scanned too).
 *
 * Linked needs no read of its own: a document names its payments at its top level and a payment
 * names its documents on its own lines (service-facts "Where links live"), and the preflight's linked
 * check reads both. Any read that fails or cannot be proven complete fails the whole scan: nothing
 * is proposed from part of the books.
 */
import { z } from 'zod';
import { ENTITIES, type Entity, isEntity } from '../domain/entities';
import { fromDayNumber, isIsoDate, toDayNumber } from '../domain/values/date';
import type { ReconciledIndex } from '../preflight/types';
import type { ReconciledRow } from '../qbo/client-api';
import { DEPOSITABLE, GENERIC_DELETE_EXCLUDED } from '../qbo/entities';
import type { CallFailure, CallResult, TxnRecord } from '../qbo/outcomes';
import { reconciledSet } from '../qbo/reconciled-set';
import { type DuplicateCandidate, type DuplicateFindings, findDuplicateGroups } from './duplicates';
import { depositedKeys, protectionsOf } from './duplicates-facts';
import { lastDayAllowed, MAX_RANGE_YEARS, MAX_SEARCH_RESULTS } from './search-query';

/** How long after the range a Deposit holding one of its payments may be dated. */
export const DEPOSIT_LAG_DAYS = 60;
/** The widest day window the person may choose. */
export const MAX_DUPLICATE_WINDOW_DAYS = 31;

export interface ScanQuery {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** The types to scan; empty with `accountId` set: every type that posts to an account. */
  types: readonly Entity[];
  /** Only records naming this account (a top-level `…AccountRef` or a line's). */
  accountId?: string;
  /** Default 3 (./duplicates-match.ts). */
  windowDays?: number;
}

/** What the scan needs from the service; the client (R4 reads, the windowed report) implements it. */
export interface ScanReader {
  /** count(*) of `entity` with TxnDate in [from, to]: what `readRange` would read. */
  countRange(entity: Entity, from: string, to: string): Promise<CallResult<{ count: number; calls: number }>>;
  /** Every record of `entity` with TxnDate in [from, to], proven complete (count(*), pages of 1000). */
  readRange(entity: Entity, from: string, to: string): Promise<CallResult<{ records: TxnRecord[]; calls: number }>>;
  /** R2: the cleared=Reconciled TransactionList rows over [from, to]. */
  readReconciled(from: string, to: string): Promise<CallResult<{ rows: ReconciledRow[]; calls: number }>>;
}

export type PlannedRead =
  | { kind: 'reconciled'; from: string; to: string }
  | { kind: 'range'; entity: Entity; from: string; to: string; candidates: boolean; deposits: boolean };

export type ScanResult =
  | { kind: 'ok'; findings: DuplicateFindings; scanned: number; calls: number }
  | { kind: 'failed'; failure: CallFailure; calls: number }
  /** More records than the cap: refused whole, no group found from part of them. */
  | { kind: 'tooMany'; counted: number; limit: number; calls: number }
  | { kind: 'invalid'; reason: string; calls: 0 };

export interface ScanOptions {
  /** Default MAX_SEARCH_RESULTS; smaller only in tests. */
  limit?: number;
}

/** The range cap in words: the person reads this reason (the background sends it as it is). */
export const RANGE_TOO_LONG = `The date range can be at most ${MAX_RANGE_YEARS} years.`;

const POSTING_TYPES = ENTITIES.filter((e) => !GENERIC_DELETE_EXCLUDED.has(e));

/** The reads a scan makes, in order, or why the query cannot be run. */
export function planScan(query: ScanQuery): { kind: 'ok'; reads: PlannedRead[] } | { kind: 'invalid'; reason: string } {
  const { from, to } = query;
  if (!isIsoDate(from) || !isIsoDate(to)) return { kind: 'invalid', reason: `not a date range: ${from}..${to}` };
  if (to < from) return { kind: 'invalid', reason: `the range ends before it starts: ${from}..${to}` };
  if (to > lastDayAllowed(from)) return { kind: 'invalid', reason: RANGE_TOO_LONG };
  const window = query.windowDays ?? 3;
  if (!Number.isInteger(window) || window < 0 || window > MAX_DUPLICATE_WINDOW_DAYS)
    return { kind: 'invalid', reason: `the day window must be 0..${MAX_DUPLICATE_WINDOW_DAYS}: ${window}` };
  if (query.types.some((t) => !isEntity(t))) return { kind: 'invalid', reason: 'an unknown type' };
  const types = query.types.length > 0 ? [...new Set(query.types)] : query.accountId ? POSTING_TYPES : [];
  if (types.length === 0) return { kind: 'invalid', reason: 'no type to scan' };
  const needDeposits = types.some((t) => DEPOSITABLE.has(t));
  const depositsTo = fromDayNumber(toDayNumber(to) + DEPOSIT_LAG_DAYS);
  const reads: PlannedRead[] = [{ kind: 'reconciled', from, to }];
  for (const entity of ENTITIES) {
    const candidates = types.includes(entity);
    const deposits = entity === 'Deposit' && needDeposits;
    if (!candidates && !deposits) continue;
    reads.push({ kind: 'range', entity, from, to: deposits ? depositsTo : to, candidates, deposits });
  }
  return { kind: 'ok', reads };
}

const RefSchema = z.looseObject({ value: z.string() });
const ObjectSchema = z.record(z.string(), z.unknown());

/** Whether `json` (an entity, or one line's detail) names the account in a `…AccountRef` field. */
function namesAccount(json: unknown, accountId: string): boolean {
  const object = ObjectSchema.safeParse(json);
  if (!object.success) return false;
  return Object.entries(object.data).some(
    ([field, value]) => field.endsWith('AccountRef') && RefSchema.safeParse(value).data?.value === accountId,
  );
}

/** A top-level `…AccountRef`, or one on any line's detail (`Line[].…Detail.AccountRef`). */
export function mentionsAccount(record: TxnRecord, accountId: string): boolean {
  if (namesAccount(record.raw, accountId)) return true;
  const lines = z.array(z.unknown()).safeParse(record.raw.Line).data ?? [];
  return lines.some((line) => {
    const fields = ObjectSchema.safeParse(line).data ?? {};
    return Object.entries(fields).some(([field, value]) => field.endsWith('Detail') && namesAccount(value, accountId));
  });
}

/** A throw at the reader (an I/O edge) is a failed read like any other: the scan stops. */
function thrown(error: unknown): CallFailure {
  return { kind: 'ambiguous', reason: `read threw: ${String(error)}`.slice(0, 200), meta: { status: 0 } };
}

/** The records every range read of the plan would bring, by count(*), before any of them is read. */
async function countReads(
  reads: readonly PlannedRead[],
  reader: ScanReader,
): Promise<{ kind: 'ok'; counted: number; calls: number } | { kind: 'failed'; failure: CallFailure; calls: number }> {
  let calls = 0;
  let counted = 0;
  for (const read of reads) {
    if (read.kind !== 'range') continue;
    try {
      const answer = await reader.countRange(read.entity, read.from, read.to);
      if (answer.kind !== 'ok') return { kind: 'failed', failure: answer, calls: calls + 1 };
      calls += answer.calls;
      counted += answer.count;
    } catch (error) {
      return { kind: 'failed', failure: thrown(error), calls: calls + 1 };
    }
  }
  return { kind: 'ok', counted, calls };
}

export async function scanDuplicates(
  query: ScanQuery,
  reader: ScanReader,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const plan = planScan(query);
  if (plan.kind === 'invalid') return { kind: 'invalid', reason: plan.reason, calls: 0 };
  const limit = options.limit ?? MAX_SEARCH_RESULTS;
  const count = await countReads(plan.reads, reader);
  if (count.kind === 'failed') return count;
  let calls = count.calls;
  if (count.counted > limit) return { kind: 'tooMany', counted: count.counted, limit, calls };
  let received = 0;
  let index: ReconciledIndex | undefined;
  const candidates: TxnRecord[] = [];
  const deposits: TxnRecord[] = [];
  for (const read of plan.reads) {
    try {
      if (read.kind === 'reconciled') {
        const answer = await reader.readReconciled(read.from, read.to);
        if (answer.kind !== 'ok') return { kind: 'failed', failure: answer, calls: calls + 1 };
        calls += answer.calls;
        const set = reconciledSet(answer.rows);
        index = { has: set.has, covers: (date) => read.from <= date && date <= read.to };
        continue;
      }
      const answer = await reader.readRange(read.entity, read.from, read.to);
      if (answer.kind !== 'ok') return { kind: 'failed', failure: answer, calls: calls + 1 };
      calls += answer.calls;
      const stray = answer.records.find((r) => r.entity !== read.entity);
      if (stray) {
        const reason = `asked for ${read.entity}, got ${stray.entity} ${stray.id}`;
        return { kind: 'failed', failure: { kind: 'incomplete', reason, meta: answer.meta }, calls };
      }
      // Records added since the counts: over the cap, the scan is refused, never cut.
      received += answer.records.length;
      if (received > limit) return { kind: 'tooMany', counted: received, limit, calls };
      if (read.deposits) deposits.push(...answer.records);
      if (!read.candidates) continue;
      // The Deposits' read runs past the range: only those within it are scanned.
      for (const r of answer.records) if (r.txnDate === undefined || r.txnDate <= query.to) candidates.push(r);
    } catch (error) {
      return { kind: 'failed', failure: thrown(error), calls: calls + 1 };
    }
  }
  if (!index) return { kind: 'failed', failure: thrown('no reconciled report read'), calls };
  const onDeposits = depositedKeys(deposits);
  const scanned = query.accountId
    ? candidates.filter((r) => mentionsAccount(r, query.accountId as string))
    : candidates;
  const reconciledIndex = index;
  const prepared: DuplicateCandidate[] = scanned.map((record) => ({
    record,
    protections: protectionsOf(record, reconciledIndex, onDeposits),
  }));
  const matching = query.windowDays === undefined ? {} : { windowDays: query.windowDays };
  return { kind: 'ok', findings: findDuplicateGroups(prepared, matching), scanned: scanned.length, calls };
}
