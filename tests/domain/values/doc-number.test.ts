/**
 * lib/domain/values/doc-number.ts: one rule for a transaction's number, whether a list shows it, a
 * file holds it, a person types it or two records are compared as duplicates.
 */
import { describe, expect, it } from 'vitest';
import { compareNumbers, foldNumber, formatNumber, sameNumber } from '../../../lib/domain/values/doc-number';

describe('foldNumber', () => {
  it.each([
    ['1001', '1001'],
    [' INV-7 ', 'inv-7'],
    ['  INV-7a ', 'inv-7a'],
    // The duplicates kept "#" and the page check dropped it: "#1001" is 1001 everywhere now.
    ['#1001', '1001'],
    ['# 7', '7'],
    ['no 1001', '1001'],
    ['NO.1001', '1001'],
    ['No. 1001', '1001'],
    ['１００１', '1001'], // full-width digits
    ['\u200b1001', '1001'], // a zero-width space pasted with it
    ['A#1', 'a#1'], // "#" or "No." only at the start
    ['1001 no. 2', '1001 no. 2'],
    ['#', undefined],
    ['   ', undefined],
    [undefined, undefined],
  ])('%j → %j', (text, folded) => {
    expect(foldNumber(text)).toBe(folded);
  });
});

describe('sameNumber', () => {
  it.each([
    ['#1001', '1001', true],
    ['INV-7', 'inv-7', true],
    ['1001', '1002', false],
    ['', '', false], // no number is no match
    [undefined, undefined, false],
  ])('%j and %j → %j', (a, b, same) => {
    expect(sameNumber(a, b)).toBe(same);
  });
});

describe('compareNumbers: the order a person expects', () => {
  it.each([
    ['2', '10', -1],
    ['010', '9', 1], // leading zeros do not make a number bigger
    ['10', '10', 0],
    ['INV-2', 'INV-10', -1],
    ['', '1', -1],
    ['b', 'A', 1],
  ])('%j vs %j → %j', (a, b, sign) => {
    expect(Math.sign(compareNumbers(a, b))).toBe(sign);
  });
});

describe('formatNumber', () => {
  it.each([
    [' 1001 ', '1001'],
    ['\u202e1001', '1001'], // a bidi override never reaches the screen
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (text, shown) => {
    expect(formatNumber(text)).toBe(shown);
  });
});
