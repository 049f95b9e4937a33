/**
 * What a duplicate group's member shows beside the found record (./found.ts): where the record came
 * from, when it says so itself, and whether it is a card credit.
 *
 * The source is read only from what the record carries: the API has no field saying a record was
 * matched to or added from the bank feed, by which import or by which app (the simulator's records
 * carry none either: tools/simulator/entity-json.ts). Two places sometimes tell: `TxnSource`, which
 * the service sends on some records it created from a bank or card feed (undocumented values, shown
 * as sent), and the memo, where imports and sync apps often write their name ("Imported from CSV",
 * "Synder: Stripe payout"). Anything else is 'unknown': never guessed from amounts or times.
 */
import type { TxnRecord } from '../qbo/outcomes';
import { fieldsOf, memosOf } from './found';

export type RecordSource = { kind: 'bankFeed' | 'import' | 'app'; evidence: string } | { kind: 'unknown' };

/** Words imports, feeds and sync apps leave in a memo. Checked in this order. */
const MEMO_SOURCES: readonly { kind: 'bankFeed' | 'import' | 'app'; words: RegExp }[] = [
  { kind: 'bankFeed', words: /\bbank[ -]?feeds?\b|\bbank rule\b|\bdownloaded\b/i },
  { kind: 'import', words: /\bimport(ed|s)?\b|\bcsv\b|\bxlsx?\b|\bupload(ed)?\b|\bmigrat(ed|ion)\b/i },
  {
    kind: 'app',
    words:
      /\b(synder|paytraqer|a2x|zapier|saasant|transaction pro|dext|hubdoc|shopify|stripe|square|paypal|sync(ed)?)\b/i,
  },
];

const EVIDENCE_CHARS = 80;
const clip = (text: string) => (text.length > EVIDENCE_CHARS ? `${text.slice(0, EVIDENCE_CHARS - 1)}…` : text);

/** Where the record says it came from, or 'unknown'. */
export function sourceOf(record: TxnRecord): RecordSource {
  const fields = fieldsOf(record);
  const txnSource = fields.txnSource?.trim();
  if (txnSource) {
    const kind = /feed|bank|card/i.test(txnSource) ? 'bankFeed' : 'app';
    return { kind, evidence: clip(`TxnSource: ${txnSource}`) };
  }
  for (const memo of memosOf(fields)) {
    const text = memo?.trim();
    if (!text) continue;
    const found = MEMO_SOURCES.find(({ words }) => words.test(text));
    if (found) return { kind: found.kind, evidence: clip(text) };
  }
  return { kind: 'unknown' };
}

/** `Credit: true` on a Purchase: a card credit. */
export function isCardCredit(record: TxnRecord): boolean {
  return record.entity === 'Purchase' && fieldsOf(record).credit;
}
