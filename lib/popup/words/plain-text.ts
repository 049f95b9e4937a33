import { ENTITIES, isEntity } from '../../domain/entities';
import { describeTxn, formatDate } from '../format';

const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})(?:T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;
const KEY = new RegExp(`\\b(${ENTITIES.join('|')}):(\\d{1,20})\\b`, 'g');

/** "Invoice (Id 115)" for a key or a "Type Id" pair the background wrote. */
function txnWords(entity: string, id: string): string {
  return isEntity(entity) ? describeTxn(entity, undefined, id) : `${entity} (Id ${id})`;
}

/**
 * Last line of defence for any text from the background: no rule codes, API field names, internal
 * keys or ISO timestamps survive into what a person reads.
 */
export function plainText(text: string, locale?: string): string {
  return text
    .replace(/\bR[1-5]\s*[:—-]\s*/g, '')
    .replace(/\s*\(R[1-5]\)/g, '')
    .replace(/\bR[1-5]\b/g, '')
    .replace(/\bTxnDate\b/g, 'date')
    .replace(/\bLastUpdatedTime\b/g, 'last-change time')
    .replace(/\bSyncToken\b/g, 'version')
    .replace(/\bBookCloseDate\b/g, 'book-close date')
    .replace(/\bDocNumber\b/g, 'number')
    .replace(/\bTotalAmt\b/g, 'amount')
    .replace(KEY, (_, entity: string, id: string) => txnWords(entity, id))
    .replace(ISO_DATE, (_, day: string) => formatDate(day, locale))
    .replace(/\s{2,}/g, ' ')
    .trim();
}
