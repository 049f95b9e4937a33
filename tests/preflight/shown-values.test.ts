/**
 * Edge cases of lib/preflight/shown-values.ts (issue 13): reading what a QuickBooks list
 * showed. A wrong reading either raises a false "page mismatch" (the record cannot be deleted) or,
 * worse, reads a different amount or date as a match, so a record other than the one the person saw
 * passes the check.
 */
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  normalizeNumber,
  readAmountCents,
  readDates,
} from '../../lib/preflight/shown-values';

const sorted = (values: number[] | undefined) => values?.slice().sort((a, b) => a - b);

describe('readAmountCents: separators', () => {
  it.each([
    ['1 234 567,89', [123456789]], // spaces group, comma decimal
    ['1\u00a0234.5', [123450]], // NBSP group, one decimal digit
    ['1\u202f234', [123400]], // narrow NBSP
    ['1\u2009234', [123400]], // thin space
    ['1’234.50', [123450]], // typographic apostrophe (Swiss)
    ['１２３', [12300]], // full-width digits fold to ASCII
    ['1.234.567,89', [123456789]],
    ['1,234,567', [123456700]],
    ['1.234.567', [123456700]],
    ['1234,567', [123457]], // not grouped: a decimal comma only
    ['1,23', [123]],
    ['0,5', [50]],
  ])('%j → %j', (text, cents) => {
    expect(sorted(readAmountCents(text))).toEqual(cents);
  });

  it('three digits after a single mark read both ways only when the integer part is a group', () => {
    expect(sorted(readAmountCents('12.345'))).toEqual([1235, 1234500]);
    expect(sorted(readAmountCents('123,456'))).toEqual([12346, 12345600]);
  });

  it.each([
    '12 34', // bad grouping with spaces
    '1 234,567', // a space group and a three-digit comma part
    '1 2.34 5',
    '12,34.56', // the groups before the decimal point are not thousands
    '1,234.567.8', // two decimal points
    '1.234,56,7',
    '12,34,567',
    '1,,2',
    '9'.repeat(400), // not a finite number
  ])('%j is not read', (text) => {
    expect(readAmountCents(text)).toBeUndefined();
  });
});

describe('readDates', () => {
  it('separators: any of - / . but the same one twice', () => {
    expect(readDates('2024/11/21')).toEqual(['2024-11-21']);
    expect(readDates('2024.11.21')).toEqual(['2024-11-21']);
    expect(readDates('11-21-2024')).toEqual(['2024-11-21']);
    expect(readDates('11/21-2024')).toBeUndefined();
    expect(readDates('1/2/2024')?.sort()).toEqual(['2024-01-02', '2024-02-01']);
  });

  it('years 1900..2999, real months and days only', () => {
    expect(readDates('1900-01-01')).toEqual(['1900-01-01']);
    expect(readDates('2999-12-31')).toEqual(['2999-12-31']);
    for (const bad of ['1899-12-31', '3000-01-01', '2024-00-10', '2024-13-10', '2024-01-00', '2023-02-29']) {
      expect(readDates(bad), bad).toBeUndefined();
    }
    expect(readDates('2024-02-29')).toEqual(['2024-02-29']);
  });

  it('month names: a prefix of the English name, any case, with or without a dot or comma', () => {
    expect(readDates('NOV 21 2024')).toEqual(['2024-11-21']);
    expect(readDates('Septem 3, 2024')).toEqual(['2024-09-03']);
    expect(readDates('21 November, 2024')).toEqual(['2024-11-21']);
    expect(readDates('21 Nov. 2024')).toEqual(['2024-11-21']);
    expect(readDates('Novx 21, 2024')).toBeUndefined();
    expect(readDates('Nov 31, 2024')).toBeUndefined();
    expect(readDates('21 Foo 2024')).toBeUndefined();
  });
});

describe('numbers and formatting', () => {
  it('normalizeNumber drops "#", "No", "No." with any spacing, case-insensitively', () => {
    expect(normalizeNumber('no 1001')).toBe('1001');
    expect(normalizeNumber('NO.1001')).toBe('1001');
    expect(normalizeNumber('# 7')).toBe('7');
    expect(normalizeNumber('#')).toBeUndefined();
  });

  it('formatDate names the month; anything else is returned as given', () => {
    expect(formatDate('2024-01-05')).toBe('Jan 5, 2024');
    expect(formatDate('2024-12-31')).toBe('Dec 31, 2024');
    expect(formatDate('2024-13-01')).toBe('2024-13-01');
    expect(formatDate('2024-00-01')).toBe('2024-00-01');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('formatAmount: USD by default, the record’s currency, a plain fallback for an unknown code', () => {
    expect(formatAmount(120, undefined)).toBe('$120.00');
    expect(formatAmount(1200.5, 'EUR')).toBe('€1,200.50');
    expect(formatAmount(120, 'not-a-code')).toBe('not-a-code 120.00');
  });
});

describe('anchored readings: text around a value is not that value', () => {
  it('every later thousands group has exactly three digits', () => {
    // `/\d{3}$/` or `/^\d{3}/` would let "2345" pass as a group.
    expect(readAmountCents('1,2345,678')).toBeUndefined();
    expect(readAmountCents('1.2345.678')).toBeUndefined();
  });

  it('a mark with nothing after it is not an amount', () => {
    expect(readAmountCents('1,')).toBeUndefined();
    expect(readAmountCents('12.')).toBeUndefined();
  });

  it('dates: surrounding spaces are ignored, but no other character before or after', () => {
    expect(readDates('  2024-11-21  ')).toEqual(['2024-11-21']);
    for (const bad of [
      '12024-11-21',
      '2024-11-215',
      '111/21/2024',
      '11/21/20245',
      '1Nov 21, 2024',
      'Nov 21, 20245',
      '121 Nov 2024',
      '21 Nov 20245',
    ]) {
      expect(readDates(bad), bad).toBeUndefined();
    }
  });

  it('dates: any run of spaces between the parts', () => {
    expect(readDates('Nov  21,  2024')).toEqual(['2024-11-21']);
    expect(readDates('21  Nov  2024')).toEqual(['2024-11-21']);
  });

  it('January is a month (index 0)', () => {
    expect(readDates('Jan 5, 2024')).toEqual(['2024-01-05']);
    expect(readDates('5 January 2024')).toEqual(['2024-01-05']);
  });

  it('"#" or "No." only at the start of a number', () => {
    expect(normalizeNumber('A#1')).toBe('a#1');
    expect(normalizeNumber('1001 no. 2')).toBe('1001 no. 2');
  });

  it('formatDate formats only a whole ISO date', () => {
    expect(formatDate('2024-11-20x')).toBe('2024-11-20x');
    expect(formatDate('x2024-11-20')).toBe('x2024-11-20');
  });
});
