/**
 * The "Find transactions" form as typed, turned into the SearchQuery the background takes: an
 * amount typed → cents sent (read as every amount is, lib/domain/values/amount.ts), the person's
 * local time → epoch ms, and every problem in words. Pure: the checks are the protocol's own schema (parseSearchQuery), worded here by rule.
 */
import { ENTITIES, type Entity } from '../domain/entities';
import { parseSearchQuery, type SearchAmount, type SearchQuery } from '../domain/search-query';
import { parseAmount } from '../domain/values/amount';

export interface SearchForm {
  /** "All types": every type Safe Delete knows is searched, whatever `types` holds. */
  allTypes: boolean;
  types: Entity[];
  dateFrom: string;
  dateTo: string;
  name: string;
  amount: string;
  amountMin: string;
  amountMax: string;
  number: string;
  createdFrom: string;
  createdTo: string;
}

/** A new search looks in every type: a person who has never seen the tool finds before they filter. */
export const EMPTY_SEARCH_FORM: SearchForm = {
  allTypes: true,
  types: [],
  dateFrom: '',
  dateTo: '',
  name: '',
  amount: '',
  amountMin: '',
  amountMax: '',
  number: '',
  createdFrom: '',
  createdTo: '',
};

/**
 * A datetime-local value ("2024-11-03T14:05", the person's own clock) → epoch ms. `end`: the whole
 * minute (or second) typed is included, so "to 14:05" keeps a record created at 14:05:30.
 */
export function localTimeToMs(typedTime: string, end = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(typedTime);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as number[];
  // The Date constructor with parts reads them in the local time zone, as the person typed them.
  const at = new Date(y ?? 0, (mo ?? 1) - 1, d, h, mi, s || 0, ms || 0).getTime();
  if (Number.isNaN(at)) return undefined;
  if (!end) return at;
  return at + (m[7] !== undefined ? 0 : m[6] !== undefined ? 999 : 59_999);
}

/** Words for the schema's rules (lib/domain/search-query.ts). */
const RULE_WORDS: Record<string, string> = {
  notADate: 'A date is not a real date.',
  dateRangeHalf: 'Give both dates of the date range, or neither.',
  dateRangeReversed: 'The date range ends before it starts.',
  dateRangeTooLong: 'The date range can be at most 5 years.',
  createdReversed: '"Created to" is before "Created from".',
  amountReversed: 'The lowest amount is above the highest.',
  typeTwice: 'A type is chosen twice.',
};

export type FormCheck = { kind: 'ok'; query: SearchQuery } | { kind: 'invalid'; problems: string[] };

function amountOf(form: SearchForm, problems: string[]): SearchAmount | undefined {
  const exact = form.amount.trim();
  const min = form.amountMin.trim();
  const max = form.amountMax.trim();
  const unreadable = (label: string) => problems.push(`${label} cannot be read: type dollars, like 1,234.56.`);
  if (exact !== '') {
    if (min !== '' || max !== '') problems.push('Give an exact amount or a range, not both.');
    const cents = parseAmount(exact);
    if (cents === undefined) unreadable('The amount');
    return cents === undefined ? undefined : { exact: cents };
  }
  if (min === '' && max === '') return undefined;
  if (min === '' || max === '') {
    problems.push('Give both ends of the amount range.');
    return undefined;
  }
  const lo = parseAmount(min);
  const hi = parseAmount(max);
  if (lo === undefined) unreadable('The lowest amount');
  if (hi === undefined) unreadable('The highest amount');
  return lo === undefined || hi === undefined ? undefined : { min: lo, max: hi };
}

/** The form as a query the background accepts, or every problem in words (nothing sent). */
export function searchQueryOf(form: SearchForm): FormCheck {
  const problems: string[] = [];
  const types = form.allTypes ? [...ENTITIES] : form.types;
  if (types.length === 0) problems.push('Choose at least one type.');
  const amount = amountOf(form, problems);
  const createdFrom = form.createdFrom ? localTimeToMs(form.createdFrom) : undefined;
  const createdTo = form.createdTo ? localTimeToMs(form.createdTo, true) : undefined;
  if (form.createdFrom && createdFrom === undefined) problems.push('"Created from" is not a date and time.');
  if (form.createdTo && createdTo === undefined) problems.push('"Created to" is not a date and time.');
  const draft = {
    types,
    ...(form.dateFrom ? { txnDateFrom: form.dateFrom } : {}),
    ...(form.dateTo ? { txnDateTo: form.dateTo } : {}),
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    ...(amount ? { amount } : {}),
    ...(form.number.trim() ? { number: form.number.trim() } : {}),
    ...(createdFrom !== undefined ? { createdFrom } : {}),
    ...(createdTo !== undefined ? { createdTo } : {}),
  };
  const parsed = parseSearchQuery(draft);
  if (parsed.kind === 'invalid') {
    for (const issue of parsed.issues) {
      const rule = (issue as { params?: { rule?: string } }).params?.rule;
      const words = rule ? RULE_WORDS[rule] : issue.path[0] === 'types' ? undefined : wordsOfField(issue.path[0]);
      if (words && !problems.includes(words)) problems.push(words);
    }
    if (problems.length === 0) problems.push('The search cannot be sent as it is: check each field.');
  }
  if (problems.length > 0) return { kind: 'invalid', problems };
  return parsed.kind === 'ok' ? parsed : { kind: 'invalid', problems };
}

function wordsOfField(field: PropertyKey | undefined): string {
  switch (field) {
    case 'name':
      return 'The name is too long.';
    case 'number':
      return 'The number is too long.';
    case 'createdFrom':
    case 'createdTo':
      return 'The created time is out of range.';
    default:
      return 'A field cannot be read.';
  }
}

/**
 * What "Created to" takes when only a minute is typed (the whole minute, see localTimeToMs), said
 * next to the field: "Up to 2:05:59 PM: the whole minute is included." Undefined when nothing (or
 * seconds) is typed.
 */
export function createdToHint(typedTime: string, locale?: string): string | undefined {
  if (!/T\d{2}:\d{2}$/.test(typedTime)) return undefined;
  const last = localTimeToMs(typedTime, true);
  if (last === undefined) return undefined;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(last));
  return `Up to ${time}: the whole minute is included.`;
}

/** What to try when a search found nothing, from the filters it had (the widest first). */
export function noResultsAdvice(form: SearchForm): string[] {
  const advice: string[] = [];
  if (form.dateFrom || form.dateTo) advice.push('Widen the dates, or clear them to look at every date.');
  if (!form.allTypes) advice.push('Tick "All types": only the types ticked were searched.');
  if (form.name.trim())
    advice.push('Clear the name, or pick it from the suggestions: it must be the name as QuickBooks has it.');
  if (form.number.trim()) advice.push('Clear the number, or check it against QuickBooks.');
  if (form.amount.trim() || form.amountMin.trim() || form.amountMax.trim())
    advice.push('Clear the amount, or give a range around it.');
  if (form.createdFrom || form.createdTo)
    advice.push("Widen the created times: they are this computer's local time, to the minute.");
  if (advice.length === 0) advice.push('No transaction of these types is in this company: check the company shown.');
  return advice;
}
