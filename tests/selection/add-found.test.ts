/**
 * "Add to selection" in Safe Delete's own page (issue 22): the records the person chose join the
 * selection now (their act: an earlier removal does not hold them back), with when Safe Delete read
 * what it showed them, never a time in the future; a record already selected keeps its own tick;
 * the cap counts the rows still waiting to be resolved.
 */
import { describe, expect, it } from 'vitest';
import { addFound, type Lists } from '../../lib/selection/apply-report';
import { MAX_SELECTION } from '../../lib/selection/items';

const NOW = 1_800_000_000_000;
const empty = (): Lists => ({ selection: {}, pageTicked: {}, tombstones: {}, rows: {} });

describe('addFound', () => {
  it('adds the chosen records as the person’s tick now, shown when Safe Delete read them', () => {
    const out = addFound(
      empty(),
      [
        { entity: 'Invoice', id: '7' },
        { entity: 'Bill', id: '8' },
      ],
      NOW - 5_000,
      NOW,
    );
    expect(out.entered).toEqual(['Invoice:7', 'Bill:8']);
    expect(out.selection['Invoice:7']).toEqual({
      entity: 'Invoice',
      id: '7',
      shownAt: NOW - 5_000,
      tickedAt: NOW,
      addedAt: NOW,
    });
  });

  it('a read time in the future is taken as now (the changed-since-viewed check stays honest)', () => {
    const out = addFound(empty(), [{ entity: 'Invoice', id: '7' }], NOW + 60_000, NOW);
    expect(out.selection['Invoice:7']?.shownAt).toBe(NOW);
  });

  it('clears an earlier removal and a page tick of the same record; a selected record keeps its own tick', () => {
    const lists: Lists = {
      ...empty(),
      selection: { 'Bill:8': { entity: 'Bill', id: '8', shownAt: NOW - 9_000, tickedAt: NOW - 9_000 } },
      pageTicked: { 'Invoice:7': { entity: 'Invoice', id: '7', shownAt: NOW - 1, tickedAt: NOW - 1 } },
      tombstones: { 'Invoice:7': NOW - 100 },
    };
    const out = addFound(
      lists,
      [
        { entity: 'Invoice', id: '7' },
        { entity: 'Bill', id: '8' },
      ],
      NOW - 10,
      NOW,
    );
    expect(out.entered).toEqual(['Invoice:7']);
    expect(out.tombstones).toEqual({});
    expect(out.pageTicked).toEqual({});
    expect(out.selection['Bill:8']?.tickedAt).toBe(NOW - 9_000);
  });

  it('the cap counts the rows waiting to be resolved', () => {
    const selection = Object.fromEntries(
      Array.from({ length: MAX_SELECTION - 1 }, (_, i) => [
        `Invoice:${i + 1}`,
        { entity: 'Invoice' as const, id: String(i + 1), shownAt: NOW },
      ]),
    );
    const rows = {
      'row:x': {
        rowKey: 'row:x',
        shown: { date: '11/03/2026', amount: '$1.00' },
        shownAt: NOW,
        tickedAt: NOW,
        addedAt: NOW,
      },
    };
    const out = addFound({ ...empty(), selection, rows }, [{ entity: 'Bill', id: '1' }], NOW, NOW);
    expect(out.entered).toEqual([]);
    expect(out.overCap).toBe(1);
  });
});
