/**
 * lib/domain/values/date.ts: one reader and one formatter for every date shown, typed or sent. A
 * wrong reading raises a false "page mismatch" or matches a record of another day.
 */
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dateInOrder,
  daysBetween,
  formatDate,
  fromDayNumber,
  isIsoDate,
  numericDateParts,
  provenDateOrder,
  readDates,
  toDayNumber,
} from '../../../lib/domain/values/date';

const sorted = (dates: string[] | undefined) => dates?.slice().sort();

describe('readDates: every day a cell may mean', () => {
  it.each([
    ['2024-11-21', ['2024-11-21']],
    ['2024/11/21', ['2024-11-21']],
    ['2024.11.21', ['2024-11-21']],
    ['11/21/2024', ['2024-11-21']], // reads only month-first
    ['21/11/2024', ['2024-11-21']], // reads only day-first
    ['11-21-2024', ['2024-11-21']],
    ['21.11.2024', ['2024-11-21']],
    ['03/04/2025', ['2025-03-04', '2025-04-03']],
    ['November 21, 2024', ['2024-11-21']],
    ['Sept. 3, 2024', ['2024-09-03']],
    ['1/2/2024', ['2024-01-02', '2024-02-01']], // both orders
    ['03/03/2025', ['2025-03-03']],
    ['  2024-11-21  ', ['2024-11-21']],
    ['\u200e11/21/2024\u200e', ['2024-11-21']], // direction marks
    ['１１/２１/２０２４', ['2024-11-21']], // full-width digits
    ['Nov 21, 2024', ['2024-11-21']],
    ['NOV 21 2024', ['2024-11-21']],
    ['Nov  21,  2024', ['2024-11-21']],
    ['Septem 3, 2024', ['2024-09-03']],
    ['21 November, 2024', ['2024-11-21']],
    ['21 Nov. 2024', ['2024-11-21']],
    ['21  Nov  2024', ['2024-11-21']],
    ['Jan 5, 2024', ['2024-01-05']], // January is month index 0
    ['5 January 2024', ['2024-01-05']],
    ['1900-01-01', ['1900-01-01']],
    ['2999-12-31', ['2999-12-31']],
    ['2024-02-29', ['2024-02-29']],
  ])('%j → %j', (text, dates) => {
    expect(sorted(readDates(text))).toEqual(dates);
  });

  it.each([
    '',
    'yesterday',
    '11/21/2024 x',
    '2024-02-30',
    '13/13/2024',
    'Foo 21, 2024',
    '11/21-2024', // two separators
    '11/21/24', // a two-digit year would be guessed
    '1899-12-31',
    '3000-01-01',
    '2024-00-10',
    '2024-13-10',
    '2024-01-00',
    '2023-02-29',
    'Novx 21, 2024',
    'Nov 31, 2024',
    '21 Foo 2024',
    '12024-11-21',
    '2024-11-215',
    '111/21/2024',
    '11/21/20245',
    '1Nov 21, 2024',
    'Nov 21, 20245',
    '121 Nov 2024',
    '21 Nov 20245',
  ])('%j is not read', (text) => {
    expect(readDates(text)).toBeUndefined();
  });
});

describe('numeric dates in a proven order', () => {
  it.each([
    ['03/04/2025', 'month-first', '2025-03-04'],
    ['03/04/2025', 'day-first', '2025-04-03'],
    ['3.4.2025', 'day-first', '2025-04-03'],
    // The import and the resolver each parsed numeric dates by hand: direction marks are folded here.
    ['\u200e03/04/2025', 'month-first', '2025-03-04'],
    ['13/04/2025', 'month-first', undefined], // no 13th month
    ['Mar 4, 2025', 'month-first', undefined], // not numeric
  ] as const)('%j %s → %j', (text, order, iso) => {
    expect(dateInOrder(text, order)).toBe(iso);
  });

  it.each([
    [['11/03/2026', '11/21/2026'], 'month-first'],
    [['21/11/2026', undefined, 'Nov 3, 2026'], 'day-first'],
    [['03/04/2026'], undefined], // no proof
    [['11/21/2026', '21/11/2026'], undefined], // contrary proof
    [['\u200e11/21/2026'], 'month-first'],
  ] as const)('provenDateOrder(%j) → %j', (texts, order) => {
    expect(provenDateOrder(texts)).toBe(order);
  });

  it('numericDateParts keeps the order written', () => {
    expect(numericDateParts('11/21/2024')).toEqual([11, 21, 2024]);
    expect(numericDateParts('2024-11-21')).toBeUndefined();
  });
});

describe('fold and compare', () => {
  it.each([
    ['2024-02-29', true],
    ['2026-02-30', false],
    ['2024-2-1', false],
    ['2024-11-20x', false],
  ])('isIsoDate(%j) → %j', (text, ok) => {
    expect(isIsoDate(text)).toBe(ok);
  });

  it.each([
    ['1970-01-01', '1970-01-02', 1],
    ['2024-02-28', '2024-03-01', 2], // a leap day
    ['2024-11-21', '2024-11-18', -3],
  ])('daysBetween(%j, %j) → %j', (a, b, days) => {
    expect(daysBetween(a, b)).toBe(days);
    expect(fromDayNumber(toDayNumber(a) + days)).toBe(b);
  });

  it('a day is 86,400,000 ms: one constant for every window', () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(toDayNumber('1970-01-02')).toBe(1);
  });
});

describe('formatDate: Intl in UTC, the locale an argument', () => {
  it.each([
    // The audit log built "Nov 21, 2024" by hand and the popup through Intl: one formatter.
    ['2024-11-21', 'en-US', 'Nov 21, 2024'],
    ['2024-01-05', 'en-US', 'Jan 5, 2024'],
    ['2024-03-01', 'en-US', 'Mar 1, 2024'],
    ['2024-12-31', 'en-GB', '31 Dec 2024'],
    ['2024-01-01', 'de-DE', '01.01.2024'],
    // The popup's formatter wrote a 13th month as the next January: text that is no day stays as given.
    ['2024-13-01', 'en-US', '2024-13-01'],
    ['2024-00-01', 'en-US', '2024-00-01'],
    ['2024-11-20x', 'en-US', '2024-11-20x'],
    ['x2024-11-20', 'en-US', 'x2024-11-20'],
    ['not a date', 'en-US', 'not a date'],
  ])('%j in %s → %j', (iso, locale, text) => {
    expect(formatDate(iso, locale)).toBe(text);
  });
});
