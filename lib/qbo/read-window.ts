/**
 * The WindowReader over the real client: every record of one entity with TxnDate in
 * [from, to], as the service sent each row. R4 as every read (lib/qbo/read-pages.ts): count(*)
 * first, then pages with STARTPOSITION and MAXRESULTS until the count is reached; a short page, a row
 * seen twice, a row that is no record, or a total that does not add up is a failure, never a smaller
 * set. Only an allow-listed entity and checked YYYY-MM-DD dates reach the statement (a TypeError
 * otherwise: a programming error, not the service's answer).
 */
import { type Entity, isEntity } from '../domain/entities';
import type { CallContext } from './exchange';
import type { CallResult } from './outcomes';
import { readAllPages } from './read-pages';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The checked WHERE of a TxnDate window (only an allow-listed entity and real YYYY-MM-DD dates). */
export function windowWhere(entity: Entity, from: string, to: string): string {
  if (!isEntity(entity)) throw new TypeError(`read-window: not an allow-listed entity: ${String(entity)}`);
  for (const date of [from, to]) {
    if (typeof date !== 'string' || !ISO_DATE.test(date)) throw new TypeError(`read-window: bad date ${String(date)}`);
  }
  if (from > to) throw new TypeError(`read-window: ${from} is after ${to}`);
  return `where TxnDate >= '${from}' and TxnDate <= '${to}'`;
}

export async function readWindow(
  ctx: CallContext,
  entity: Entity,
  from: string,
  to: string,
  pageSize: number,
): Promise<CallResult<{ records: unknown[]; calls: number }>> {
  // Async so that a failed check is a rejected promise, as every caller awaits, before any call.
  const where = windowWhere(entity, from, to);
  return readAllPages(ctx, entity, where, pageSize, (_record, row) => row);
}
