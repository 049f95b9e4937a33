/**
 * lib/domain/values/amount.ts: one reader for every amount shown or typed. A wrong reading either
 * raises a false "page mismatch" (the record cannot be deleted) or, worse, reads a different amount
 * as a match, so a record other than the one the person saw passes the check.
 */
import { describe, expect, it } from 'vitest';
import {
  amountShownAs,
  formatAmount,
  parseAmount,
  readAmountCents,
  readBelowZero,
  toCents,
} from '../../../lib/domain/values/amount';

const sorted = (values: number[] | undefined) => values?.slice().sort((a, b) => a - b);

describe('readAmountCents: every reading of a cell', () => {
  it.each([
    ['$1,234.56', [123456]],
    ['-$1,234.56', [123456]],
    ['($1,234.56)', [123456]],
    ['1.234,56 €', [123456]],
    ['USD 99', [9900]],
    ['(1,234.56)', [123456]],
    ['−1,234.56', [123456]],
    ['USD 1,234.56', [123456]],
    ['1 234,56 kr', [123456]],
    ["CHF 1'234.50", [123450]],
    ['$0.00', [0]],
    ['1,234,567.89', [123456789]],
    ['99', [9900]],
    ['12.5', [1250]],
    ['1,5', [150]],
    ['1,234', [123, 123400]], // thousands, or a decimal comma
    ['€1.234', [123, 123400]],
    ['1 234 567,89', [123456789]], // spaces group, comma decimal
    ['1\u00a0234.5', [123450]], // NBSP group, one decimal digit
    ['1\u202f234', [123400]], // narrow NBSP
    ['1\u2009234', [123400]], // thin space
    ["1'234.56", [123456]], // Swiss apostrophe
    ['1’234.50', [123450]], // typographic apostrophe
    ['１２３', [12300]], // full-width digits fold to ASCII
    ['\u200e$12.00\u200e', [1200]], // direction marks around the number
    ['1.234.567,89', [123456789]],
    ['1,234,567', [123456700]],
    ['1.234.567', [123456700]],
    ['1234,567', [123457]], // not grouped: a decimal comma only
    ['1,23', [123]],
    ['0,5', [50]],
    ['0.29', [29]], // digits, not float arithmetic (0.29 * 100 is 28.999…)
    ['12.345', [1235, 1234500]], // three digits after one mark: a decimal or a group
    ['123,456', [12346, 12345600]],
  ])('%j → %j', (text, cents) => {
    expect(sorted(readAmountCents(text))).toEqual(cents);
  });

  it.each([
    '—',
    '',
    'n/a',
    'Paid',
    '$',
    '1-2',
    '12abc34',
    '1.234.56',
    '1,23,4',
    '1..2',
    '1,234.',
    '12 34', // bad grouping with spaces
    '1 234,567', // a space group and a three-digit comma part
    '1 2.34 5',
    '12,34.56', // the groups before the decimal point are not thousands
    '1,234.567.8', // two decimal points
    '1.234,56,7',
    '12,34,567',
    '1,,2',
    '1,2345,678', // every later group has exactly three digits
    '1.2345.678',
    '1,', // a mark with nothing after it
    '12.',
    '9'.repeat(400), // not a finite number
    '10 - 20', // a range
  ])('%j is not read', (text) => {
    expect(readAmountCents(text)).toBeUndefined();
  });
});

describe('readBelowZero', () => {
  it.each([
    ['-$12.00', true],
    ['$12.00-', true],
    ['−$12.00', true], // the Unicode minus
    ['($12.00)', true],
    ['$12.00', false],
    ['(12.00', false],
  ])('%j → %j', (text, below) => {
    expect(readBelowZero(text)).toBe(below);
  });
});

describe('parseAmount: the one amount a person means, US first', () => {
  it.each([
    // The search form used to take only "$1,234.56" while an import read these: one reader now.
    ['1.234,56', 123456],
    ["1'234.56", 123456],
    ['1 234,56', 123456],
    // What the form took before still reads the same.
    ['$1,234.56', 123456],
    ['1234.5', 123450],
    ['-12', -1200],
    ['  1,234  ', 123400],
    // A text that reads two ways: the US reading.
    ['1,234', 123400],
    ['12.50', 1250],
    // Accounting negatives, as lists write them.
    ['($12.00)', -1200],
    ['$12.00-', -1200],
    ['-0', 0],
    ['1,23', 123], // no US reading, one other
    ['1.234.567', 123456700],
  ])('%j → %j cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each([
    '1.234', // one point two three four, or one thousand: refused, not guessed
    '12.345',
    'twelve',
    '1,2,3', // the old form dropped the commas and read 123
    '1234.', // a point with nothing after it
    '',
    '9'.repeat(17), // past a safe number of cents
  ])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });
});

describe('fold and compare', () => {
  it.each([
    [10.001, 1000],
    [10.005, 1001],
    [-12.5, -1250],
    [0.29, 29],
    [undefined, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ])('toCents(%j) → %j', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([
    [[123456], 1234.56, true],
    [[123456], -1234.56, true], // lists show credits below zero: the sign is compared apart
    [[1235, 1234500], 12345, true], // any reading
    [[1235, 1234500], 12.34, false],
    [[100], 1.004, true], // to the cent
    [[100], 1.01, false],
  ])('amountShownAs(%j, %j) → %j', (readings, amount, agrees) => {
    expect(amountShownAs(readings, amount)).toBe(agrees);
  });
});

describe('formatAmount: Intl, the locale an argument', () => {
  it.each([
    // The audit log formatted by hand and the popup through Intl: one formatter, the same figures.
    [120, undefined, 'en-US', '$120.00'],
    [1200.5, 'EUR', 'en-US', '€1,200.50'],
    [1234.5, undefined, 'en-US', '$1,234.50'],
    [-20, 'USD', 'en-US', '-$20.00'],
    [1234.5, 'EUR', 'de-DE', '1.234,50\u00a0€'],
    [1234.5, 'GBP', 'en-GB', '£1,234.50'],
    [1234.5, 'CAD', 'en-US', 'CA$1,234.50'],
    // A code Intl refuses: the figure, then the code (the hand-made one wrote the code first).
    [120, 'not-a-code', 'en-US', '120.00 not-a-code'],
  ])('%j %j in %s → %j', (amount, currency, locale, text) => {
    expect(formatAmount(amount, currency, locale)).toBe(text);
  });
});
