/**
 * Reading what a QuickBooks list displayed (raw cell text) as values the service's record can be
 * compared with. Every reader answers `undefined` for text it cannot read with confidence: the
 * page-mismatch check then compares nothing for that field (no false alarms). Where a text reads two
 * ways ("1.234": one thousand two hundred thirty-four, or one point two three four; "03/04/2025":
 * March 4 or 3 April), every reading is returned and ANY of them matching counts as a match.
 */

/**
 * The text as a reader sees it: compatibility forms folded (full-width digits, NBSP), invisible
 * format characters (LRM/RLM marks pages put around numbers, zero-width spaces) dropped.
 */
function plain(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
}

/** Spaces and apostrophes used as thousands separators (NBSP, narrow NBSP, thin space, Swiss '). */
const GROUP_SPACE = /[ \u00a0\u2009\u202f'’]/;
const GROUP_SPACES = /[ \u00a0\u2009\u202f'’]/g;
/** Currency symbols, currency letters (USD, CA$, kr, zł), signs and parentheses around the number. */
const EDGE = String.raw`[\p{L}\p{Sc}\s()+\-\u2212]*`;
const AMOUNT = new RegExp(String.raw`^${EDGE}?(\d(?:[\d.,]|[ \u00a0\u2009\u202f'’](?=\d))*)${EDGE}$`, 'u');

/** Thousands groups: a first group of 1-3 digits, then groups of exactly 3. */
function isGrouped(integer: string, separator: string): boolean {
  const groups = integer.split(separator);
  return /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

function cents(integer: string, fraction = ''): number | undefined {
  const value = Number(`${integer}.${fraction || '0'}`);
  return Number.isFinite(value) ? Math.round(value * 100) : undefined;
}

/**
 * The absolute amount in cents a list cell shows, as every plausible reading: "$1,234.56",
 * "-$1,234.56", "($1,234.56)", "1.234,56 €", "1 234,56", "USD 99". Undefined when it is not a number
 * (empty, "—", text, a range).
 */
export function readAmountCents(text: string): number[] | undefined {
  const match = AMOUNT.exec(plain(text));
  const body = match?.[1];
  if (!body) return undefined;
  let core = body;
  if (GROUP_SPACE.test(core)) {
    const decimal = /[.,]\d{1,2}$/.exec(core)?.[0] ?? '';
    const integer = core.slice(0, core.length - decimal.length);
    if (/[.,]/.test(integer) || !isGrouped(integer.replace(GROUP_SPACES, ' '), ' ')) return undefined;
    core = integer.replace(GROUP_SPACES, '') + decimal;
  }
  const dots = core.split('.').length - 1;
  const commas = core.split(',').length - 1;
  const readings = new Set<number | undefined>();
  if (dots === 0 && commas === 0) {
    readings.add(cents(core));
  } else if (dots > 0 && commas > 0) {
    // Both: the one that comes last is the decimal mark, the other groups thousands.
    const decimalMark = core.lastIndexOf('.') > core.lastIndexOf(',') ? '.' : ',';
    const groupMark = decimalMark === '.' ? ',' : '.';
    const at = core.lastIndexOf(decimalMark);
    const integer = core.slice(0, at);
    const fraction = core.slice(at + 1);
    if (core.split(decimalMark).length - 1 !== 1 || !isGrouped(integer, groupMark) || !/^\d+$/.test(fraction)) {
      return undefined;
    }
    readings.add(cents(integer.split(groupMark).join(''), fraction));
  } else {
    const mark = dots > 0 ? '.' : ',';
    const parts = core.split(mark);
    if (parts.some((p) => p === '')) return undefined;
    if (parts.length > 2) {
      if (!isGrouped(core, mark)) return undefined;
      readings.add(cents(parts.join('')));
    } else {
      const [integer = '', fraction = ''] = parts;
      readings.add(cents(integer, fraction)); // a decimal mark
      if (fraction.length === 3 && isGrouped(core, mark)) readings.add(cents(integer + fraction)); // or thousands
    }
  }
  const values = [...readings].filter((v): v is number => v !== undefined);
  return values.length > 0 ? values : undefined;
}

/**
 * The cell shows an amount below zero: a minus sign before or after the number ("-$12.00",
 * "$12.00-", the Unicode minus "−$12.00") or parentheses around it ("($12.00)"). Read only for a cell
 * readAmountCents reads.
 */
export function readBelowZero(text: string): boolean {
  const t = plain(text);
  return /[-\u2212]/.test(t) || (t.startsWith('(') && t.endsWith(')'));
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

/**
 * The dates (YYYY-MM-DD) a list cell may mean: "11/21/2024" and "21/11/2024" (either order, also with
 * "-" or "."), "2024-11-21", "Nov 21, 2024", "21 Nov 2024". Undefined when unreadable (two-digit
 * years included: they would have to be guessed).
 */
export function readDates(text: string): string[] | undefined {
  const t = plain(text);
  const found = new Set<string | undefined>();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) found.add(isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(t);
  if (m) {
    found.add(isoDate(Number(m[4]), Number(m[1]), Number(m[3]))); // MM/DD/YYYY
    found.add(isoDate(Number(m[4]), Number(m[3]), Number(m[1]))); // DD/MM/YYYY
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

/** A document number as shown: trimmed, a leading "#" or "No." dropped, compared case-insensitively. */
export function normalizeNumber(text: string): string | undefined {
  const n = plain(text)
    .replace(/^(#|no\.?)\s*/i, '')
    .trim()
    .toLowerCase();
  return n === '' ? undefined : n;
}

/** "Nov 21, 2024" for an ISO date, the words a bookkeeper reads. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return iso;
  return `${month[0]?.toUpperCase()}${month.slice(1)} ${Number(m[3])}, ${m[1]}`;
}

/** "$120.00" (or "€120.00", "CAD 120.00"), for a record's amount. */
export function formatAmount(amount: number, currency: string | undefined): string {
  try {
    return amount.toLocaleString('en-US', { style: 'currency', currency: currency ?? 'USD' });
  } catch {
    return `${currency ? `${currency} ` : ''}${amount.toFixed(2)}`;
  }
}
