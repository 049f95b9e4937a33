/**
 * unsupported: a type Safe Delete does not delete, or an Id that is not a decimal id. Such an item
 * never reaches a query (the query builder would throw: that would be a bug, this is data).
 */
import { isEntity, isValidId } from '../../domain/entities';
import type { Finding, PreflightItem } from '../types';

export const id = 'unsupported';

export function checkUnsupported(item: PreflightItem): Finding | undefined {
  if (!isEntity(item.entity)) return { check: id, status: 'unsupported', field: 'entity', value: String(item.entity) };
  if (!isValidId(item.id)) return { check: id, status: 'unsupported', field: 'id', value: String(item.id) };
  return undefined;
}
