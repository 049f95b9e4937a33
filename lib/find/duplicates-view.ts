/**
 * What the side-by-side view shows of one record of a duplicate group: date, number, name, amount,
 * memo, created, and where the record came from when it says so itself.
 *
 * The source is read only from what the record carries: the API has no field saying a record was
 * matched to or added from the bank feed, by which import or by which app (the simulator's records
 * carry none either: tools/simulator/entity-json.ts). Two places sometimes tell: `TxnSource`, which
 * the service sends on some records it created from a bank or card feed (undocumented values, shown
 * as sent), and the memo, where imports and sync apps often write their name ("Imported from CSV",
 * "Synder: Stripe payout"). Anything else is 'unknown': never guessed from amounts or times.
 * The raw JSON is the service's, so it goes through zod; a field of the wrong shape reads as absent.
 */
import { z } from 'zod';
import type { TxnRecord } from '../qbo/outcomes';

export type RecordSource = { kind: 'bankFeed' | 'import' | 'app'; evidence: string } | { kind: 'unknown' };

export interface MemberView {
  date?: string;
  number?: string;
  name?: string;
  amount?: number;
  currency?: string;
  memo?: string;
  /** MetaData.CreateTime as the service sent it. */
  created?: string;
  source: RecordSource;
}

const ViewFieldsSchema = z.looseObject({
  PrivateNote: z.string().optional().catch(undefined),
  CustomerMemo: z.looseObject({ value: z.string().optional() }).optional().catch(undefined),
  Memo: z.string().optional().catch(undefined),
  TxnSource: z.string().optional().catch(undefined),
  Credit: z.boolean().optional().catch(undefined),
  MetaData: z
    .looseObject({ CreateTime: z.string().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});
type ViewFields = z.infer<typeof ViewFieldsSchema>;

/** Parsed once per record: matching, keeping and the view all read these fields. */
const parsedFields = new WeakMap<TxnRecord, ViewFields>();

function fieldsOf(record: TxnRecord): ViewFields {
  const known = parsedFields.get(record);
  if (known) return known;
  const parsed = ViewFieldsSchema.safeParse(record.raw);
  const fields = parsed.success ? parsed.data : {};
  parsedFields.set(record, fields);
  return fields;
}

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
  const txnSource = fields.TxnSource?.trim();
  if (txnSource) {
    const kind = /feed|bank|card/i.test(txnSource) ? 'bankFeed' : 'app';
    return { kind, evidence: clip(`TxnSource: ${txnSource}`) };
  }
  for (const memo of [fields.PrivateNote, fields.CustomerMemo?.value, fields.Memo]) {
    const text = memo?.trim();
    if (!text) continue;
    const found = MEMO_SOURCES.find(({ words }) => words.test(text));
    if (found) return { kind: found.kind, evidence: clip(text) };
  }
  return { kind: 'unknown' };
}

/** The memo shown: the private note, else the customer memo, else a Memo field. */
function memoOf(fields: ViewFields): string | undefined {
  return (
    [fields.PrivateNote, fields.CustomerMemo?.value, fields.Memo].map((m) => m?.trim()).find((m) => m) ?? undefined
  );
}

/** `Credit: true` on a Purchase: a card credit. */
export function isCardCredit(record: TxnRecord): boolean {
  return record.entity === 'Purchase' && fieldsOf(record).Credit === true;
}

/** MetaData.CreateTime in epoch ms, or undefined when absent or unreadable. */
export function createdMs(record: TxnRecord): number | undefined {
  const time = fieldsOf(record).MetaData?.CreateTime;
  const ms = time === undefined ? Number.NaN : Date.parse(time);
  return Number.isFinite(ms) ? ms : undefined;
}

export function viewOf(record: TxnRecord): MemberView {
  const fields = fieldsOf(record);
  const view: MemberView = { source: sourceOf(record) };
  if (record.txnDate !== undefined) view.date = record.txnDate;
  const number = record.docNumber?.trim();
  if (number) view.number = number;
  if (record.party !== undefined) view.name = record.party;
  if (record.totalAmt !== undefined) view.amount = record.totalAmt;
  if (record.currency !== undefined) view.currency = record.currency;
  const memo = memoOf(fields);
  if (memo !== undefined) view.memo = memo;
  const created = fields.MetaData?.CreateTime;
  if (created !== undefined) view.created = created;
  return view;
}
