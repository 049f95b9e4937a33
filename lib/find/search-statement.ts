/**
 * The statements a search sends. The document names no queryable field (4.5: "not shown");
 * service-facts gives the grammar (AND only, no OR). Sent to the service, as the product's other
 * reads already send them (lib/qbo/read-created.ts) and the simulator accepts them:
 *
 * - `TxnDate >= 'YYYY-MM-DD' and TxnDate <= 'YYYY-MM-DD'` (dates checked by the query's schema);
 * - `MetaData.CreateTime >= '…+00:00' and MetaData.CreateTime <= '…+00:00'`, times formatted here,
 *   widened to whole seconds (the service's times have no milliseconds): a superset, cut exactly
 *   after the read (./search-filter.ts);
 * - `DocNumber IN ('1042', '#1042')` only for a number without letters or quotes (digits and
 *   - / . #): a number compares with its "#" or without (lib/domain/values/doc-number.ts), so both
 *   forms are asked for; the service's case rules for text are not documented, and a number with
 *   letters is matched without case after the read.
 *
 * Never sent, filtered after the counted read: the name (refs carry Ids, not the shown text, and
 * the text would be the person's own characters), the amount (Transfer and CreditCardPayment keep
 * it in `Amount`, a JournalEntry in its lines; cents compared as integers, not the service's
 * decimals) and a number with letters. So no character the person typed reaches a statement except
 * a number of digits and - / . #, which holds no quote.
 */
import { type Entity, isEntity } from '../domain/entities';
import { isIsoDate } from '../domain/values/date';
import { foldNumber } from '../domain/values/doc-number';
import { MAX_PAGE_SIZE } from '../qbo/query-builder';
import type { SearchQuery } from './search-query';

/** A number the service may filter: no letter (no case question) and no quote. */
const PLAIN_NUMBER = /^[0-9][0-9\-/.#]{0,20}$/;

/** `2026-11-26T22:38:37+00:00`: the offset form the service's own times use (as read-created.ts). */
function serviceTime(ms: number): string {
  if (!Number.isFinite(ms)) throw new TypeError(`search-statement: bad time ${ms}`);
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

function checkedDate(date: string): string {
  if (!isIsoDate(date)) throw new TypeError(`search-statement: bad date ${date}`);
  return date;
}

/**
 * The DocNumbers the service may be asked for (the number folded, then with a "#" before it), or
 * undefined when the number is matched after the read only.
 */
export function serviceNumbers(number: string | undefined): [string, string] | undefined {
  const folded = foldNumber(number);
  return folded !== undefined && PLAIN_NUMBER.test(folded) ? [folded, `#${folded}`] : undefined;
}

/** The WHERE conditions the service applies, in a fixed order (tests read them). */
export function serviceConditions(query: SearchQuery): string[] {
  const out: string[] = [];
  if (query.txnDateFrom !== undefined) out.push(`TxnDate >= '${checkedDate(query.txnDateFrom)}'`);
  if (query.txnDateTo !== undefined) out.push(`TxnDate <= '${checkedDate(query.txnDateTo)}'`);
  if (query.createdFrom !== undefined)
    out.push(`MetaData.CreateTime >= '${serviceTime(Math.floor(query.createdFrom / 1000) * 1000)}'`);
  if (query.createdTo !== undefined)
    out.push(`MetaData.CreateTime <= '${serviceTime(Math.ceil(query.createdTo / 1000) * 1000)}'`);
  const numbers = serviceNumbers(query.number);
  if (numbers !== undefined) out.push(`DocNumber IN (${numbers.map((n) => `'${n}'`).join(', ')})`);
  return out;
}

function checkEntity(entity: Entity): Entity {
  if (!isEntity(entity)) throw new TypeError(`search-statement: not an allow-listed entity: ${String(entity)}`);
  return entity;
}

const whereOf = (conditions: readonly string[]) => (conditions.length ? ` where ${conditions.join(' and ')}` : '');

/** R4: the total is read with count(*), the only select whose totalCount the real service keeps. */
export function countStatement(entity: Entity, conditions: readonly string[]): string {
  return `select count(*) from ${checkEntity(entity)}${whereOf(conditions)}`;
}

/** R4: MAXRESULTS always stated, so the silent cut at 100 rows never applies; STARTPOSITION from 1. */
export function pageStatement(
  entity: Entity,
  conditions: readonly string[],
  start: number,
  size = MAX_PAGE_SIZE,
): string {
  if (!Number.isInteger(start) || start < 1) throw new TypeError(`search-statement: bad startposition ${start}`);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw new TypeError(`search-statement: bad maxresults ${size}`);
  return `select * from ${checkEntity(entity)}${whereOf(conditions)} startposition ${start} maxresults ${size}`;
}
