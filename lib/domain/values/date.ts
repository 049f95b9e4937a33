/**
 * A transaction's date, wherever it is shown: the service's TxnDate (YYYY-MM-DD, a calendar day, not
 * an instant), a QuickBooks list cell, a line of an imported file, a form's date field.
 *
 * - read: every day a cell may mean. "03/04/2025" is March 4 (US) or 3 April: both readings are kept
 *   and a record agrees when either is its day, unless the rows themselves prove their order
 *   (dateInOrder). Two-digit years are never read: they would have to be guessed.
 * - fold: a day as a day number (days since 1970-01-01, UTC), for windows and distances.
 * - compare: ISO days compare as text; distances in whole days.
 * - format: through Intl in UTC (no time zone moves a day to the day before), the locale an
 *   argument: "Nov 21, 2024" in en-US.
 */

export const DAY_MS = 24 * 3600 * 1000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** Days since 1970-01-01 of an ISO day (callers pass a day isIsoDate accepts). */
export function toDayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The text as a reader sees it: compatibility forms folded, invisible format characters dropped. */
function plain(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

function isoDate(year: number, month: number, day: number): string | undefined {
  if (!(year >= 1900 && year <= 2999 && month >= 1 && month <= 12 && day >= 1)) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

function monthOf(name: string): number | undefined {
  const key = name.toLowerCase().replace(/\.$/, '');
  const index = MONTHS.indexOf(key.slice(0, 3));
  if (index < 0) return undefined;
  // "Nov", "Nov.", "November", "Sept": a prefix of the English name.
  return MONTH_NAMES[index]?.startsWith(key) ? index + 1 : undefined;
}

const NUMERIC_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/;

/** The three numbers of "11/21/2024" (also with "-" or "."), in the order written; else undefined. */
export function numericDateParts(text: string): [number, number, number] | undefined {
  const m = NUMERIC_DATE.exec(plain(text));
  return m ? [Number(m[1]), Number(m[3]), Number(m[4])] : undefined;
}

/**
 * The days (YYYY-MM-DD) a cell may mean: "11/21/2024" and "21/11/2024" (either order, also with
 * "-" or "."), "2024-11-21", "Nov 21, 2024", "21 Nov 2024". Undefined when unreadable.
 */
export function readDates(text: string): string[] | undefined {
  const t = plain(text);
  const found = new Set<string | undefined>();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) found.add(isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  const parts = numericDateParts(t);
  if (parts) {
    const [a, b, year] = parts;
    found.add(isoDate(year, a, b)); // MM/DD/YYYY
    found.add(isoDate(year, b, a)); // DD/MM/YYYY
  }
  m = /^([A-Za-z]{3,9}\.?)\s+(\d{1,2}),?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[1] ?? '');
    if (month) found.add(isoDate(Number(m[3]), month, Number(m[2])));
  }
  m = /^(\d{1,2})\s+([A-Za-z]{3,9}\.?),?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[2] ?? '');
    if (month) found.add(isoDate(Number(m[3]), month, Number(m[1])));
  }
  const dates = [...found].filter((d): d is string => d !== undefined);
  return dates.length > 0 ? dates : undefined;
}

/** Which number comes first in a file's or a company's numeric dates. */
export type DateOrder = 'month-first' | 'day-first';

/** The day a numeric date means in `order` ("03/04/2025" month-first: 2025-03-04); else undefined. */
export function dateInOrder(text: string, order: DateOrder): string | undefined {
  const parts = numericDateParts(text);
  if (!parts) return undefined;
  const [a, b, year] = parts;
  return order === 'month-first' ? isoDate(year, a, b) : isoDate(year, b, a);
}

/**
 * The order of day and month in numeric dates, when the dates themselves prove it: some date reads
 * only month-first ("11/21/2026") and none only day-first ("21/11/2026"), or the reverse. A company
 * writes every date in its one format, and a file in its own, so "11/03/2026" beside "11/21/2026" is
 * November 3. Without proof (or with contrary proof) undefined: both readings stay.
 */
export function provenDateOrder(texts: Iterable<string | undefined>): DateOrder | undefined {
  let monthFirst = false;
  let dayFirst = false;
  for (const text of texts) {
    const parts = text === undefined ? undefined : numericDateParts(text);
    if (!parts) continue;
    if (parts[0] > 12 && parts[1] <= 12) dayFirst = true;
    if (parts[1] > 12 && parts[0] <= 12) monthFirst = true;
  }
  if (monthFirst === dayFirst) return undefined;
  return monthFirst ? 'month-first' : 'day-first';
}

/** Whole days from `a` to `b` (ISO days): negative when `b` is earlier. */
export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 21, 2024" (en-US; the person's locale when undefined); text that is no real ISO day is returned as given. */
export function formatDate(date: string, locale?: string): string {
  if (!isIsoDate(date)) return date;
  const key = locale ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}
