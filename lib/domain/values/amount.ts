/**
 * An amount of money, wherever it is shown or typed: a QuickBooks list cell, a line of an imported
 * file, the search form's amount. One reader for all of them, so a text the import reads the search
 * reads too ("1.234,56", "1'234.56", "(12.00)").
 *
 * - read: every plausible reading of a cell in whole cents (absolute), for a cell whose number
 *   format is not known ("1.234": one thousand two hundred thirty-four, or one point two three four);
 *   a record agrees with the cell when ANY reading equals its amount. Undefined for text that is not
 *   one number ("—", a range): nothing is then compared, so no false alarm.
 * - parse: the one signed amount a person means, US first: "1,234" is $1,234.00; a text that reads
 *   two ways and not as US money ("1.234") is refused rather than guessed.
 * - fold: a service amount (dollars, a float) in whole cents, rounded as the service shows it.
 * - format: in the record's currency through Intl, the locale an argument (the audit log passes
 *   'en-US', the popup the person's).
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

/** Whole cents of digits: exact for up to two decimals (0.29 is 29, never 28.999…), rounded past. */
function cents(integer: string, fraction = ''): number | undefined {
  const value =
    fraction.length <= 2
      ? Number(integer) * 100 + Number(fraction.padEnd(2, '0'))
      : Math.round(Number(`${integer}.${fraction}`) * 100);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** The number's digits and marks, space and apostrophe groups taken out; undefined when not one number. */
function numberCore(text: string): string | undefined {
  const body = AMOUNT.exec(plain(text))?.[1];
  if (!body || !GROUP_SPACE.test(body)) return body;
  const decimal = /[.,]\d{1,2}$/.exec(body)?.[0] ?? '';
  const integer = body.slice(0, body.length - decimal.length);
  if (/[.,]/.test(integer) || !isGrouped(integer.replace(GROUP_SPACES, ' '), ' ')) return undefined;
  return integer.replace(GROUP_SPACES, '') + decimal;
}

/**
 * The absolute amount in cents a cell shows, as every plausible reading: "$1,234.56",
 * "-$1,234.56", "($1,234.56)", "1.234,56 €", "1 234,56", "1'234.56", "USD 99". Undefined when it is
 * not a number (empty, "—", text, a range).
 */
export function readAmountCents(text: string): number[] | undefined {
  const core = numberCore(text);
  if (core === undefined) return undefined;
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
 * The text shows an amount below zero: a minus sign before or after the number ("-$12.00",
 * "$12.00-", the Unicode minus "−$12.00") or parentheses around it ("($12.00)"). Read only for a
 * text readAmountCents reads.
 */
export function readBelowZero(text: string): boolean {
  const t = plain(text);
  return /[-\u2212]/.test(t) || (t.startsWith('(') && t.endsWith(')'));
}

/** US money: comma thousands groups (or none), a decimal point with one or two digits. */
const US_MONEY = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * The one signed amount in cents a person typed (or a file wrote), or undefined. Every text
 * readAmountCents reads is accepted; where it reads two ways, the US reading wins ("1,234" is
 * $1,234.00, "12.50" is $12.50), and a text with no US reading but two others ("1.234") is refused.
 */
export function parseAmount(text: string): number | undefined {
  const readings = readAmountCents(text);
  if (!readings) return undefined;
  const us = US_MONEY.exec(numberCore(text) ?? '');
  const value = us
    ? cents((us[1] ?? '').replaceAll(',', ''), us[2] ?? '')
    : readings.length === 1
      ? readings[0]
      : undefined;
  if (value === undefined) return undefined;
  return readBelowZero(text) && value !== 0 ? -value : value;
}

/** A service amount (dollars) in whole cents, rounded as the service shows it; undefined when not finite. */
export function toCents(amount: number | undefined): number | undefined {
  return amount !== undefined && Number.isFinite(amount) ? Math.round(amount * 100) : undefined;
}

/** A service amount's absolute value in whole cents: what a list cell shows, its sign apart. */
export function absoluteCents(amount: number): number {
  return Math.round(Math.abs(amount) * 100);
}

/** A cell's readings agree with a record's amount: any reading equals its absolute value to the cent. */
export function amountShownAs(readings: readonly number[], amount: number): boolean {
  return readings.includes(absoluteCents(amount));
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in its currency (USD when unknown) in the locale given (the person's when undefined):
 * "$1,234.50", "1.234,50 €". A code Intl refuses falls back to "12.50 XYZ".
 */
export function formatAmount(amount: number, currency = 'USD', locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(amount)} ${currency}`;
    }
    formats.set(key, format);
  }
  return format.format(amount);
}
