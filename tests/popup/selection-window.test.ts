/**
 * The selection's windowed list with rows of their own heights: a row whose why-text takes more
 * lines is as tall as it is drawn, the rows below it move down, and the window of rows to draw
 * follows the measured heights (the rows not drawn yet count the least height).
 */
import { describe, expect, it } from 'vitest';
import { OVERSCAN, ROW_HEIGHT, rowTops, visibleRange } from '../../components/SelectionList';

const keys = Array.from({ length: 100 }, (_, i) => `Invoice:${i + 1}`);

describe('rowTops', () => {
  it('stacks each row at the least height until it is measured', () => {
    const tops = rowTops(keys, new Map());
    expect(tops).toHaveLength(101);
    expect(tops[10]).toBe(10 * ROW_HEIGHT);
    expect(tops[100]).toBe(100 * ROW_HEIGHT);
  });

  it('a measured row as tall as its text moves every row below it down by the difference', () => {
    const tops = rowTops(keys, new Map([['Invoice:3', 84]]));
    expect(tops[2]).toBe(2 * ROW_HEIGHT);
    expect(tops[3]).toBe(2 * ROW_HEIGHT + 84);
    expect(tops[100]).toBe(99 * ROW_HEIGHT + 84);
  });
});

describe('visibleRange', () => {
  it('draws the rows in view plus the overscan either side', () => {
    const tops = rowTops(keys, new Map());
    expect(visibleRange(tops, 0, 360)).toEqual([0, 10 + OVERSCAN]);
    expect(visibleRange(tops, 50 * ROW_HEIGHT, 360)).toEqual([50 - OVERSCAN, 60 + OVERSCAN]);
    expect(visibleRange(tops, 100 * ROW_HEIGHT - 360, 360)).toEqual([90 - OVERSCAN, 100]);
  });

  it('counts tall rows by their height: fewer rows fill the view', () => {
    // Rows 1 to 20 each 72 px (a why on two lines): 360 px shows five of them.
    const tall = new Map(keys.slice(0, 20).map((k) => [k, 72]));
    const tops = rowTops(keys, tall);
    expect(visibleRange(tops, 0, 360)).toEqual([0, 5 + OVERSCAN]);
    // Scrolled to the tenth tall row: rows 10 to 14 in view.
    expect(visibleRange(tops, 10 * 72, 360)).toEqual([10 - OVERSCAN, 15 + OVERSCAN]);
    // Half a row scrolled: the one partly above is still drawn.
    expect(visibleRange(tops, 10 * 72 + 36, 360)).toEqual([10 - OVERSCAN, 16 + OVERSCAN]);
  });
});
