/**
 * Query statements. Only allow-listed entity names (isEntity) and Ids passing isValidId reach a
 * statement; anything else throws a TypeError: that is a bug in our code, never a user-facing error.
 * Nothing from a page is ever interpolated unchecked.
 */
import { type Entity, isEntity, isValidId } from '../domain/entities';
import { isNameType, type NameType } from '../domain/names';

/** Maximum page size and, for us, maximum Ids per IN list. */
export const MAX_PAGE_SIZE = 1000;

function checkEntity(entity: unknown): Entity {
  if (!isEntity(entity)) throw new TypeError(`query-builder: not an allow-listed entity: ${String(entity)}`);
  return entity;
}

function idList(ids: readonly unknown[]): string {
  if (ids.length === 0) throw new TypeError('query-builder: empty Id list');
  if (ids.length > MAX_PAGE_SIZE) throw new TypeError(`query-builder: more than ${MAX_PAGE_SIZE} Ids in one IN list`);
  return ids
    .map((id) => {
      if (!isValidId(id)) throw new TypeError(`query-builder: invalid Id ${JSON.stringify(id)}`);
      return `'${id}'`;
    })
    .join(',');
}

function checkPosition(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new TypeError(`query-builder: bad ${name} ${value}`);
  return value;
}

/** R4: always states MAXRESULTS, so the silent default cut of 100 rows never applies. */
export function selectByIds(
  entity: Entity,
  ids: readonly string[],
  page: { startPosition: number; maxResults: number },
): string {
  const name = checkEntity(entity);
  const start = checkPosition('startposition', page.startPosition, Number.MAX_SAFE_INTEGER);
  const max = checkPosition('maxresults', page.maxResults, MAX_PAGE_SIZE);
  return `select * from ${name} where Id in (${idList(ids)}) startposition ${start} maxresults ${max}`;
}

/**
 * Names (customers, vendors, items, accounts) by Id, inactive and deleted ones included: without a
 * condition on Active the service returns active names only. One page of MAX_PAGE_SIZE holds every
 * row of an IN list of at most MAX_PAGE_SIZE Ids, so nothing can be cut (R4).
 */
export function selectNamesByIds(type: NameType, ids: readonly string[]): string {
  if (!isNameType(type)) throw new TypeError(`query-builder: not a name list: ${String(type)}`);
  return `select * from ${type} where Active in (true, false) and Id in (${idList(ids)}) startposition 1 maxresults ${MAX_PAGE_SIZE}`;
}

/** R4: totalCount is only reliable on count(*) in the real service. */
export function countByIds(entity: Entity, ids: readonly string[]): string {
  return `select count(*) from ${checkEntity(entity)} where Id in (${idList(ids)})`;
}

/** Long IN lists go by POST (`Content-Type: application/text`): no URL length limit. */
export function shouldPost(statement: string, idCount: number): boolean {
  return idCount > 50 || statement.length > 1500;
}
