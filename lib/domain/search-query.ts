/**
 * What "Find transactions" searches for, checked on arrival: the full view sends
 * it in a message, so it is untrusted until `parseSearchQuery` says otherwise. Problems come back as
 * zod issues (data: a path, a code, and for ours `params.rule`), worded only where they are shown.
 */
import { z } from 'zod';
import { ENTITIES } from './entities';
import { isIsoDate } from './values/date';

/** A search reads at most this many records: past it the person narrows the search, nothing is cut. */
export const MAX_SEARCH_RESULTS = 50_000;
/** The widest transaction-date range: five calendar years. */
export const MAX_RANGE_YEARS = 5;
/** Names and numbers longer than the service keeps cannot match anything. */
const MAX_NAME_LENGTH = 200;
const MAX_NUMBER_LENGTH = 30;

const IsoDate = z.string().refine(isIsoDate, { params: { rule: 'notADate' }, message: 'not a YYYY-MM-DD date' });
const Cents = z.number().int().safe();
/** Epoch ms; the service's times are at least in 2000 and the checks reject nonsense early. */
const Instant = z.number().int().min(946_684_800_000).max(8_640_000_000_000_000);

export const SearchAmountSchema = z.union([
  z.strictObject({ exact: Cents }),
  z
    .strictObject({ min: Cents, max: Cents })
    .refine((a) => a.min <= a.max, { params: { rule: 'amountReversed' }, message: 'min above max' }),
]);

/** The last day a range starting on `from` may end on: the same day five years on. */
export function lastDayAllowed(from: string): string {
  return `${String(Number(from.slice(0, 4)) + MAX_RANGE_YEARS).padStart(4, '0')}${from.slice(4)}`;
}

export const SearchQuerySchema = z
  .strictObject({
    /** One or more types; each read apart (the service has no query across types). */
    types: z
      .array(z.enum(ENTITIES))
      .min(1)
      .refine((t) => new Set(t).size === t.length, { params: { rule: 'typeTwice' }, message: 'a type twice' }),
    /** YYYY-MM-DD, inclusive; both or neither. */
    txnDateFrom: IsoDate.optional(),
    txnDateTo: IsoDate.optional(),
    /** Customer, vendor or employee as shown; matched without case or spacing. */
    name: z.string().trim().min(1).max(MAX_NAME_LENGTH).optional(),
    /** In cents: exact, or a range (inclusive). */
    amount: SearchAmountSchema.optional(),
    /** DocNumber, matched trimmed and without case. */
    number: z.string().trim().min(1).max(MAX_NUMBER_LENGTH).optional(),
    /** MetaData.CreateTime window, epoch ms, inclusive: "created on 3 Nov between 14:00 and 14:05". */
    createdFrom: Instant.optional(),
    createdTo: Instant.optional(),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, rule: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], params: { rule }, message });
    if ((q.txnDateFrom === undefined) !== (q.txnDateTo === undefined))
      issue('txnDateTo', 'dateRangeHalf', 'a date range needs both ends');
    if (q.txnDateFrom !== undefined && q.txnDateTo !== undefined) {
      if (q.txnDateTo < q.txnDateFrom) issue('txnDateTo', 'dateRangeReversed', 'the range ends before it starts');
      else if (q.txnDateTo > lastDayAllowed(q.txnDateFrom))
        issue('txnDateTo', 'dateRangeTooLong', `a date range of at most ${MAX_RANGE_YEARS} years`);
    }
    if (q.createdFrom !== undefined && q.createdTo !== undefined && q.createdTo < q.createdFrom)
      issue('createdTo', 'createdReversed', 'the created window ends before it starts');
  });

export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchAmount = z.infer<typeof SearchAmountSchema>;

export type ParsedSearch = { kind: 'ok'; query: SearchQuery } | { kind: 'invalid'; issues: z.core.$ZodIssue[] };

export function parseSearchQuery(value: unknown): ParsedSearch {
  const parsed = SearchQuerySchema.safeParse(value);
  return parsed.success ? { kind: 'ok', query: parsed.data } : { kind: 'invalid', issues: parsed.error.issues };
}
