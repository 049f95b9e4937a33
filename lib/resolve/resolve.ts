/**
 * resolveRows: each planned (entity, window) read once through the injected reader, at
 * most two reads in flight, then every row matched against the records of its entities and windows
 * (./match.ts). Exactly one record agreeing with every shown field is a match; none is none; several
 * are the person's pick, candidates oldest first. A row the page showed among rows identical to it
 * (shownAmongTwins) names no single record: the records that agree are the person's pick even when
 * only one does (the one ticked may be gone and its twin left), and none agreeing is none. A read
 * that failed fails every row that needed it: a row is never concluded from an incomplete set (R4),
 * even when another of its windows was read.
 */
import type { Entity } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import type { QboFindReads } from '../qbo/client-api';
import type { CallFailure } from '../qbo/outcomes';
import { factsAgree, factsOf, type RecordFacts } from './match';
import { planReads } from './plan';
import { type IdsReader, resolveByRowIds } from './row-ids';
import type { Candidate, RowResolution, RowToResolve, WindowReader } from './types';

export const READS_IN_FLIGHT = 2;

type WindowResult = { kind: 'ok'; byDate: Map<string, RecordFacts[]> } | { kind: 'failed'; failure: CallFailure };

function indexByDate(entity: Entity, records: unknown[]): Map<string, RecordFacts[]> {
  const byDate = new Map<string, RecordFacts[]>();
  for (const record of records) {
    const facts = factsOf(entity, record);
    if (facts?.date === undefined) continue;
    const list = byDate.get(facts.date) ?? [];
    list.push(facts);
    byDate.set(facts.date, list);
  }
  return byDate;
}

/** A page row's key after the first of identical rows: `row:<page kind>:<digest>#n` (lib/collect/row-keys.ts). */
const LATER_TWIN_KEY = /^row:[^:]+:[0-9a-f]{14}#[1-9][0-9]*$/;

/** The page showed the row among rows identical to it in every shown field (its count, else its key). */
export function shownAmongTwins(row: RowToResolve): boolean {
  return (row.alike ?? 1) >= 2 || LATER_TWIN_KEY.test(row.rowKey);
}

function candidateOf(facts: RecordFacts): Candidate {
  const { json } = facts;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const ref = (v: unknown) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);
  const candidate: Candidate = { entity: facts.entity, id: facts.id };
  const number = str(json.DocNumber) ?? str(json.PaymentRefNum);
  if (number !== undefined) candidate.number = number;
  if (facts.date !== undefined) candidate.date = facts.date;
  const name = facts.names[0];
  if (name !== undefined) candidate.name = name;
  const amount = [json.TotalAmt, json.Amount].find((v) => typeof v === 'number' && Number.isFinite(v));
  if (typeof amount === 'number') candidate.amount = amount;
  else if (facts.amounts.length > 0) candidate.amount = Math.max(...facts.amounts) / 100; // a JournalEntry's debits
  const currency = str(ref(json.CurrencyRef)?.value);
  if (currency !== undefined) candidate.currency = currency;
  const memo = facts.memos[0];
  if (memo !== undefined) candidate.memo = memo;
  const createdAt = str(ref(json.MetaData)?.CreateTime);
  if (createdAt !== undefined) candidate.createdAt = createdAt;
  const updatedAt = str(ref(json.MetaData)?.LastUpdatedTime);
  if (updatedAt !== undefined) candidate.updatedAt = updatedAt;
  return candidate;
}

/** Oldest first (CreateTime as instants, else as text; none last), then by Id as a number. */
function byCreation(a: Candidate, b: Candidate): number {
  const time = (c: Candidate) => (c.createdAt === undefined ? Number.POSITIVE_INFINITY : Date.parse(c.createdAt));
  const [ta, tb] = [time(a), time(b)];
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta - tb;
  if (ta !== tb) return (a.createdAt ?? '').localeCompare(b.createdAt ?? '');
  return a.id.length - b.id.length || a.id.localeCompare(b.id) || a.entity.localeCompare(b.entity);
}

async function readAll(
  windows: ReturnType<typeof planReads>['windows'],
  read: WindowReader,
  readMany?: WindowsReader,
): Promise<WindowResult[]> {
  if (readMany && windows.length > 0) {
    const answer = await readMany(windows);
    if (answer.kind !== 'ok') return windows.map(() => ({ kind: 'failed', failure: answer }));
    return windows.map((w, i) => ({ kind: 'ok', byDate: indexByDate(w.entity, answer.records[i] ?? []) }));
  }
  const results: WindowResult[] = new Array(windows.length);
  let next = 0;
  const worker = async () => {
    while (next < windows.length) {
      const index = next++;
      const w = windows[index];
      if (!w) continue;
      const answer = await read(w.entity, w.from, w.to);
      results[index] =
        answer.kind === 'ok'
          ? { kind: 'ok', byDate: indexByDate(w.entity, answer.records) }
          : { kind: 'failed', failure: answer };
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, windows.length) }, worker));
  return results;
}

/**
 * `readMany`, when given, reads every planned window at once (lib/qbo/read-windows.ts: counts and
 * first pages batched); `read` is then unused. `readIds`, when given, first tries the rows' own ids
 * in the markup (`idHint`, ./row-ids.ts): a row whose id names the record it shows is matched without
 * its window being read; every other row is resolved by what it shows.
 */
export async function resolveRows(
  rows: RowToResolve[],
  read: WindowReader,
  readMany?: WindowsReader,
  readIds?: IdsReader,
): Promise<Map<string, RowResolution>> {
  // Rows whose own id in the markup names the record they show need no window read (./row-ids.ts).
  const byId = readIds ? await resolveByRowIds(rows, readIds, shownAmongTwins) : new Map<string, RecordFacts>();
  const rest = byId.size > 0 ? rows.filter((row) => !byId.has(row.rowKey)) : rows;
  const plan = planReads(rest);
  const twins = new Set(rest.filter(shownAmongTwins).map((r) => r.rowKey));
  const results = await readAll(plan.windows, read, readMany);
  const out = new Map<string, RowResolution>(plan.unreadable);
  for (const [rowKey, facts] of byId) out.set(rowKey, { kind: 'match', candidate: candidateOf(facts) });
  for (const [rowKey, { reading, windows }] of plan.rows) {
    const failed = windows.map((i) => results[i]).find((r) => r?.kind === 'failed');
    if (failed?.kind === 'failed') {
      out.set(rowKey, { kind: 'failed', failure: failed.failure });
      continue;
    }
    const agreeing = new Map<string, RecordFacts>();
    for (const i of windows) {
      const result = results[i];
      if (result?.kind !== 'ok') continue;
      for (const date of reading.dates) {
        for (const facts of result.byDate.get(date) ?? []) {
          if (factsAgree(reading, facts)) agreeing.set(recordKey(facts.entity, facts.id), facts);
        }
      }
    }
    const candidates = [...agreeing.values()].map(candidateOf).sort(byCreation);
    const [only] = candidates;
    if (candidates.length === 0) out.set(rowKey, { kind: 'none' });
    else if (candidates.length === 1 && only && !twins.has(rowKey)) out.set(rowKey, { kind: 'match', candidate: only });
    else out.set(rowKey, { kind: 'several', candidates });
  }
  return out;
}

/** Every planned window at once, each proven complete, in the order given. */
export type WindowsReader = (
  windows: readonly { entity: Entity; from: string; to: string }[],
) => Promise<{ kind: 'ok'; records: unknown[][] } | CallFailure>;

/** The resolver's batched reader over a client (lib/qbo/read-windows.ts). */
export function windowsReaderOf(client: Pick<QboFindReads, 'readWindows'>): WindowsReader {
  return async (windows) => {
    const result = await client.readWindows(windows);
    return result.kind === 'ok' ? { kind: 'ok', records: result.records } : result;
  };
}

/** The resolver's reader over a client's counted window read (lib/qbo: R4). */
export function windowReaderOf(client: Pick<QboFindReads, 'readWindow'>): WindowReader {
  return async (entity, from, to) => {
    const result = await client.readWindow(entity, from, to);
    return result.kind === 'ok' ? { kind: 'ok', records: result.records } : result;
  };
}
