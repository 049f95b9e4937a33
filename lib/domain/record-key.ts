/**
 * A record's key, `Entity:Id` (e.g. "Invoice:115"): how the selection, the preflight, the journal and
 * the popup name one record of a company. Built and parsed here only.
 */
import { DIGITS_ID } from './ids';

export type RecordKey = string;

export function recordKey(entity: string, id: string): RecordKey {
  return `${entity}:${id}`;
}

export const keyOfRecord = (r: { entity: string; id: string }): RecordKey => recordKey(r.entity, r.id);

/** `{ entity, id }` of a key, or undefined when it is not `Name:digits`. */
export function parseRecordKey(key: string): { entity: string; id: string } | undefined {
  const at = key.indexOf(':');
  const entity = key.slice(0, at);
  const id = key.slice(at + 1);
  return at > 0 && /^[A-Za-z]+$/.test(entity) && DIGITS_ID.test(id) ? { entity, id } : undefined;
}
