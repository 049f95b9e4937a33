/**
 * A job's entities are laid out so that entity boundaries fall on chunk cuts where they can
 * (issue 23 §4): each boundary inside a chunk costs a metered re-read query.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { orderForChunks } from '../../lib/jobs/create';
import { entityGroupOrder } from '../../lib/jobs/entity-order';
import type { ReviewedRecord } from '../../lib/journal/schema';

/** Queries a job's re-reads cost: one per entity in each chunk of `size`. */
function queries(entities: readonly string[], size = 30): number {
  let n = 0;
  for (let at = 0; at < entities.length; at += size) n += new Set(entities.slice(at, at + size)).size;
  return n;
}

const reviewed = (entity: Entity, id: number): ReviewedRecord => ({
  record: { entity, id: String(id), syncToken: '0', txnDate: '2025-01-01', linkedTxn: [], raw: {} },
  reconciled: false,
});

describe('entity layout', () => {
  it('puts the groups whose sizes add up to a chunk together: 20 + 10 fill the first chunk', () => {
    // Alphabetical A(20) B(25) C(10): cuts at 30 fall inside B; A C B puts a boundary on the cut.
    expect(entityGroupOrder([20, 25, 10], 30)).toEqual([0, 2, 1]);
    const records = [
      ...Array.from({ length: 20 }, (_, i) => reviewed('Bill', 100 + i)),
      ...Array.from({ length: 25 }, (_, i) => reviewed('Invoice', 200 + i)),
      ...Array.from({ length: 10 }, (_, i) => reviewed('Purchase', 300 + i)),
    ];
    const laid = orderForChunks(records).map((r) => r.record.entity);
    expect(laid.slice(0, 30).sort()).toEqual([...Array(20).fill('Bill'), ...Array(10).fill('Purchase')]);
    expect(queries(laid)).toBe(3);
    expect(queries(records.map((r) => r.record.entity))).toBe(4); // alphabetical
  });

  it('keeps the alphabetical order when no cut can be won, and for one or two groups', () => {
    expect(entityGroupOrder([1, 1, 1], 30)).toEqual([0, 1, 2]);
    expect(entityGroupOrder([29, 1], 30)).toEqual([0, 1]);
    expect(entityGroupOrder([], 30)).toEqual([]);
  });

  it('never costs more queries than the alphabetical order, and finds the most cuts (16 groups)', () => {
    // The bench's company (seed 7, 4,800 records): 16 entity types.
    const sizes = [1341, 122, 352, 181, 146, 282, 123, 534, 260, 155, 452, 80, 442, 119, 123, 88];
    const order = entityGroupOrder(sizes, 30);
    expect([...order].sort((a, b) => a - b)).toEqual(sizes.map((_, i) => i));
    const layout = (o: readonly number[]) => o.flatMap((i) => Array<string>(sizes[i] ?? 0).fill(String(i)));
    // In the given order one boundary falls on a cut by chance: 160 chunks + 15 boundaries − 1.
    expect(queries(layout(sizes.map((_, i) => i)))).toBe(174);
    // Laid out: 4 boundaries on cuts, the most any order reaches (5 runs of a multiple of 30, the last
    // one the whole job).
    expect(queries(layout(order))).toBe(171);
  });

  it('two groups keep their alphabetical order even where swapping them would win a cut', () => {
    // B(30) A(1) would put the boundary on the cut at 30; two groups are left as they are.
    expect(entityGroupOrder([1, 30], 30)).toEqual([0, 1]);
  });

  it('lays out up to 16 groups; from 17 on the alphabetical order is kept (the DP is 2^n)', () => {
    const ones = (k: number) => Array<number>(k).fill(1);
    const sixteen = entityGroupOrder([20, 25, 10, ...ones(13)], 30);
    expect(sixteen.slice(0, 2)).toEqual([0, 2]); // 20 + 10 fill the first chunk
    const seventeen = [20, 25, 10, ...ones(14)];
    expect(entityGroupOrder(seventeen, 30)).toEqual(seventeen.map((_, i) => i));
  });

  it('with chunks of 2 a group of 2 goes first so its boundary falls on the cut', () => {
    expect(entityGroupOrder([1, 2, 1], 2)).toEqual([1, 0, 2]);
  });

  it('the first group goes last when all the others fill whole chunks', () => {
    // A(7) B(20) C(10): B + C = 30, so B C A puts a boundary on the cut; alphabetical puts none there.
    expect(entityGroupOrder([7, 20, 10], 30)).toEqual([1, 2, 0]);
  });
});
