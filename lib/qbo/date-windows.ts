/**
 * Splits [start, end] into windows of at most one year for the TransactionList report. The report
 * is not paged: one answer carries every row of its range, and the service times out past 120 s.
 * Yearly windows keep each answer bounded on companies with years of reconciled history, and a year
 * matches how books are closed and reconciled, so most selections need one window.
 */
import { fromDayNumber, isIsoDate, toDayNumber } from '../domain/values/date';

export { fromDayNumber, toDayNumber };

export interface DateWindow {
  start: string;
  end: string;
}

export const MAX_WINDOW_DAYS = 366; // a leap year fits one window

/** Throws a TypeError on malformed or reversed dates: callers pass dates they validated. */
export function splitDateRange(start: string, end: string, maxDays: number = MAX_WINDOW_DAYS): DateWindow[] {
  if (!isIsoDate(start) || !isIsoDate(end)) throw new TypeError(`date-windows: bad range ${start}..${end}`);
  const first = toDayNumber(start);
  const last = toDayNumber(end);
  if (last < first) throw new TypeError(`date-windows: end ${end} before start ${start}`);
  const windows: DateWindow[] = [];
  for (let from = first; from <= last; from += maxDays) {
    windows.push({ start: fromDayNumber(from), end: fromDayNumber(Math.min(from + maxDays - 1, last)) });
  }
  return windows;
}
