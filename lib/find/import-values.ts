/**
 * An imported line's date and amount read as values (the readers every shown value goes through,
 * lib/domain/values), so the full view shows the file's line and the QuickBooks record
 * in one date format and one money format. A line matched to a record takes the record's reading
 * where the file's text allows it ("03/04/2025" is March 4 when the record is dated March 4) and the
 * record's sign (a report's "-640.00" for a credit is QuickBooks' $640.00); a line with no record
 * takes its amount as a person reads it (parseAmount: "1,234" is $1,234.00) and its one date, or the
 * date the file's order of day and month gives, else its text stays as the file wrote it.
 */
import type { Shown } from '../domain/shown';
import { amountShownAs, parseAmount, readAmountCents } from '../domain/values/amount';
import { type DateOrder, dateInOrder, provenDateOrder, readDates } from '../domain/values/date';

export type { DateOrder };

export interface LineValues {
  /** YYYY-MM-DD, when the file's date reads as exactly this day. */
  date?: string;
  /** The amount in dollars, signed, when the file's amount reads as exactly this. */
  amount?: number;
}

/**
 * The file's order of day and month: proven by its own dates ("11/21/2024" reads only month-first),
 * else by its matched lines (a "11/02/2024" matched to a record of 2024-11-02), else unknown.
 */
export function fileDateOrder(lines: readonly { shown: Shown; date?: string }[]): DateOrder | undefined {
  const own = provenDateOrder(lines.map((l) => l.shown.date));
  if (own) return own;
  const votes = new Set<DateOrder>();
  for (const { shown, date } of lines) {
    if (shown.date === undefined || date === undefined) continue;
    const dates = readDates(shown.date);
    if (!dates || dates.length < 2) continue;
    for (const order of ['month-first', 'day-first'] as const)
      if (dateInOrder(shown.date, order) === date) votes.add(order);
  }
  return votes.size === 1 ? [...votes][0] : undefined;
}

/** What the line's date and amount read as, given the record it matched (if any) and the file's order. */
export function lineValues(shown: Shown, record?: { date?: string; amount?: number }, order?: DateOrder): LineValues {
  const values: LineValues = {};
  const dates = shown.date === undefined ? undefined : readDates(shown.date);
  if (dates && record?.date !== undefined && dates.includes(record.date)) values.date = record.date;
  else if (dates?.length === 1) values.date = dates[0];
  else if (dates && order && shown.date !== undefined) {
    const inOrder = dateInOrder(shown.date, order);
    if (inOrder !== undefined && dates.includes(inOrder)) values.date = inOrder;
  }
  if (shown.amount === undefined) return values;
  const readings = readAmountCents(shown.amount);
  const own = parseAmount(shown.amount);
  if (readings && record?.amount !== undefined && amountShownAs(readings, record.amount)) values.amount = record.amount;
  else if (own !== undefined) values.amount = own / 100;
  return values;
}
