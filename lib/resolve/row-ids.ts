/**
 * The row-id fast path. An account register (dojo dgrid) names each row `<grid id>-row-<identity>`,
 * the identity being whatever QuickBooks' store keys the row by: the transaction's Id, or a row
 * counter (service-facts "Account registers": which one is unknown). The collector sends those digits
 * as the row's `idHint`; they are never taken as an Id on their own word. Here each hinted record is
 * read by Id (one counted read per type, R4) and the hint stands only when that record agrees with
 * EVERY field the row shows (date, amount and its sign, number, type and kind, name, account, memo:
 * match.ts factsAgree). A counter names some other record, or none, that does not agree.
 *
 * Stricter than one row's agreement, as a counter may by chance name a record alike in every shown
 * field (a duplicate entered twice): the hints of one page (the rows' page kind, `row:<kind>:`) stand
 * together or fall together; one hinted row of the page whose record is missing or disagrees, and no
 * row of that page takes the fast path. A row the page showed among identical rows never takes it
 * (shownAmongTwins: its twin is never taken in its place). A read that fails proves nothing: every
 * row then goes the slow way, resolved by what it shows over the whole date window.
 */
import { type Entity, isValidId } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import type { QboClient } from '../qbo/client-api';
import type { CallFailure } from '../qbo/outcomes';
import { factsAgree, factsOf, type RecordFacts } from './match';
import { dateOrderOf, narrowDates, readShown, type ShownReading } from './read-shown';
import type { RowToResolve } from './types';

/** Every record of `entity` among `ids` that exists, as the service sent it (complete, R4). */
export type IdsReader = (
  entity: Entity,
  ids: readonly string[],
) => Promise<{ kind: 'ok'; records: unknown[] } | CallFailure>;

/** The page a row key names (`row:register.35:` of `row:register.35:<digest>`). */
const pageOf = (rowKey: string) => rowKey.slice(0, rowKey.indexOf(':', 4) + 1);

interface Hinted {
  row: RowToResolve;
  hint: string;
  reading: ShownReading;
}

/**
 * The rows whose hint names the one record that agrees with every field they show, with that record;
 * every other row is left out (to be resolved by what it shows).
 */
export async function resolveByRowIds(
  rows: readonly RowToResolve[],
  readIds: IdsReader,
  twins: (row: RowToResolve) => boolean,
): Promise<Map<string, RecordFacts>> {
  const out = new Map<string, RecordFacts>();
  const order = dateOrderOf(rows);
  const hinted: Hinted[] = [];
  const idsByEntity = new Map<Entity, Set<string>>();
  for (const row of rows) {
    const hint = row.idHint;
    if (hint === undefined || !isValidId(hint) || twins(row)) continue;
    const read = readShown(row);
    if ('kind' in read) continue;
    const reading = narrowDates(read, row.shown, order);
    hinted.push({ row, hint, reading });
    for (const entity of reading.entities) {
      const ids = idsByEntity.get(entity) ?? new Set<string>();
      ids.add(hint);
      idsByEntity.set(entity, ids);
    }
  }
  if (hinted.length === 0) return out;

  const facts = new Map<string, RecordFacts>();
  for (const [entity, ids] of idsByEntity) {
    const answer = await readIds(entity, [...ids]);
    if (answer.kind !== 'ok') return out;
    for (const record of answer.records) {
      const f = factsOf(entity, record);
      if (f !== undefined) facts.set(recordKey(entity, f.id), f);
    }
  }

  const agreed = new Map<string, RecordFacts>();
  const failedPages = new Set<string>();
  for (const { row, hint, reading } of hinted) {
    const agreeing = reading.entities
      .map((entity) => facts.get(recordKey(entity, hint)))
      .filter((f): f is RecordFacts => f !== undefined && factsAgree(reading, f));
    const [only] = agreeing;
    if (agreeing.length === 1 && only) agreed.set(row.rowKey, only);
    else failedPages.add(pageOf(row.rowKey));
  }
  for (const [rowKey, f] of agreed) if (!failedPages.has(pageOf(rowKey))) out.set(rowKey, f);
  return out;
}

/** The fast path's reader over a client's read by Id (lib/qbo: MAXRESULTS set, paged, total confirmed). */
export function idsReaderOf(client: Pick<QboClient, 'readByIds'>): IdsReader {
  return async (entity, ids) => {
    const result = await client.readByIds(entity, ids);
    return result.kind === 'ok' ? { kind: 'ok', records: result.records.map((r) => r.raw) } : result;
  };
}
