/**
 * An imported line's date and amount as values (lib/find/import-values.ts): the record's reading and
 * sign for a matched line, one reading for a line without a record, and a date that reads two ways
 * read in the file's order of day and month, proven by its dates or by the records its lines matched.
 */
import { describe, expect, it } from 'vitest';
import { fileDateOrder, lineValues } from '../../lib/find/import-values';

describe('lineValues', () => {
  it("a matched line takes the record's day and sign: '03/04/2025' and '-640.00' for a record of March 4, $640", () => {
    expect(lineValues({ date: '03/04/2025', amount: '-640.00' }, { date: '2025-03-04', amount: 640 })).toEqual({
      date: '2025-03-04',
      amount: 640,
    });
    expect(lineValues({ date: '03/04/2025', amount: '(1,200.00)' }, { date: '2025-04-03', amount: 1200 })).toEqual({
      date: '2025-04-03',
      amount: 1200,
    });
  });

  it('without a record: one reading is taken, the sign as the file shows it; two readings only in a known order', () => {
    expect(lineValues({ date: '03/22/2025', amount: '-12.50' })).toEqual({ date: '2025-03-22', amount: -12.5 });
    expect(lineValues({ date: '03/04/2025', amount: '12.50' })).toEqual({ amount: 12.5 });
    expect(lineValues({ date: '03/04/2025' }, undefined, 'month-first')).toEqual({ date: '2025-03-04' });
    expect(lineValues({ date: '03/04/2025' }, undefined, 'day-first')).toEqual({ date: '2025-04-03' });
  });

  it('without a record the amount reads as the search form reads it: US first, any other format the file has', () => {
    expect(lineValues({ amount: '1,234' })).toEqual({ amount: 1234 });
    expect(lineValues({ amount: '1.234,56' })).toEqual({ amount: 1234.56 });
    expect(lineValues({ amount: "1'234.56" })).toEqual({ amount: 1234.56 });
    expect(lineValues({ amount: '($12.00)' })).toEqual({ amount: -12 });
    expect(lineValues({ amount: '1.234' })).toEqual({}); // refused rather than guessed
  });
});

describe('fileDateOrder', () => {
  it("proven by the file's own dates", () => {
    expect(fileDateOrder([{ shown: { date: '03/04/2025' } }, { shown: { date: '11/21/2025' } }])).toBe('month-first');
    expect(fileDateOrder([{ shown: { date: '21/11/2025' } }])).toBe('day-first');
  });

  it('else by the records the lines matched; unknown without proof or with contrary proof', () => {
    expect(
      fileDateOrder([{ shown: { date: '03/04/2025' }, date: '2025-03-04' }, { shown: { date: '05/06/2025' } }]),
    ).toBe('month-first');
    expect(fileDateOrder([{ shown: { date: '03/04/2025' } }])).toBeUndefined();
    expect(
      fileDateOrder([
        { shown: { date: '03/04/2025' }, date: '2025-03-04' },
        { shown: { date: '05/06/2025' }, date: '2025-06-05' },
      ]),
    ).toBeUndefined();
  });
});
