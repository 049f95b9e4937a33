/**
 * An imported line's date and amount read as values (the row resolver's readers,
 * lib/preflight/shown-values.ts), so the full view shows the file's line and the QuickBooks record
 * in one date format and one money format. A line matched to a record takes the record's reading
 * where the file's text allows it ("03/04/2025" is March 4 when the record is dated March 4) and the
 * record's sign (a report's "-640.00" for a credit is QuickBooks' $640.00); a line with no record
 * takes its one reading, or the reading the file's order of day and month gives, else its text
 * stays as the file wrote it.
 */
import type { Shown } from '../domain/shown';
import { readAmountCents, readBelowZero, readDates } from '../preflight/shown-values';
import { type DateOrder, dateOrderOf } from '../resolve/read-shown';

export type { DateOrder };

export interface LineValues {
  /** YYYY-MM-DD, when the file's date reads as exactly this day. */
  date?: string;
  /** The amount in dollars, signed, when the file's amount reads as exactly this. */
  amount?: number;
}

const NUMERIC = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/;

/** The ISO day a numeric date means in `order`, when it is one of `dates`. */
function inOrder(text: string, dates: readonly string[], order: DateOrder): string | undefined {
  const m = NUMERIC.exec(text);
  if (!m) return undefined;
  const [a, b] = [m[1] ?? '', m[2] ?? ''];
  const [month, day] = order === 'month-first' ? [a, b] : [b, a];
  const iso = `${m[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return dates.includes(iso) ? iso : undefined;
}

/**
 * The file's order of day and month: proven by its own dates ("11/21/2024" reads only month-first),
 * else by its matched lines (a "11/02/2024" matched to a record of 2024-11-02), else unknown.
 */
export function fileDateOrder(lines: readonly { shown: Shown; date?: string }[]): DateOrder | undefined {
  const own = dateOrderOf(lines.map((l, i) => ({ rowKey: `row:${i}`, shown: l.shown })));
  if (own) return own;
  const votes = new Set<DateOrder>();
  for (const { shown, date } of lines) {
    if (shown.date === undefined || date === undefined) continue;
    const dates = readDates(shown.date);
    if (!dates || dates.length < 2) continue;
    for (const order of ['month-first', 'day-first'] as const)
      if (inOrder(shown.date, [date], order) === date) votes.add(order);
  }
  return votes.size === 1 ? [...votes][0] : undefined;
}

/** What the line's date and amount read as, given the record it matched (if any) and the file's order. */
export function lineValues(shown: Shown, record?: { date?: string; amount?: number }, order?: DateOrder): LineValues {
  const values: LineValues = {};
  const dates = shown.date === undefined ? undefined : readDates(shown.date);
  if (dates && record?.date !== undefined && dates.includes(record.date)) values.date = record.date;
  else if (dates?.length === 1) values.date = dates[0];
  else if (dates && order && shown.date !== undefined) values.date = inOrder(shown.date, dates, order);
  const cents = shown.amount === undefined ? undefined : readAmountCents(shown.amount);
  const recordCents = record?.amount === undefined ? undefined : Math.round(Math.abs(record.amount) * 100);
  if (cents && recordCents !== undefined && cents.includes(recordCents)) values.amount = record?.amount;
  else if (cents?.length === 1 && cents[0] !== undefined)
    values.amount = (readBelowZero(shown.amount ?? '') ? -cents[0] : cents[0]) / 100;
  return values;
}
