/** duplicate: the same entity:id ticked twice (two pages, or a page that lists a row twice). */

import { recordKey } from '../../domain/record-key';
import type { Finding, PreflightItem } from '../types';

export const id = 'duplicate';

/** Marks every occurrence after the first; the first is checked normally. */
export function findDuplicates(items: readonly PreflightItem[]): Map<number, Finding> {
  const seen = new Set<string>();
  const found = new Map<number, Finding>();
  items.forEach((item, index) => {
    const key = recordKey(item.entity, item.id);
    if (seen.has(key)) found.set(index, { check: id, status: 'duplicate' });
    seen.add(key);
  });
  return found;
}
