/** A restore's chunks, cut in lib/restore at the one batch size: refusals first, then wave by wave. */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { MAX_BATCH_ITEMS } from '../../lib/domain/limits';
import { restoreChunksOf } from '../../lib/restore/chunks';
import type { PlannedRecord, RefusedRecord } from '../../lib/restore/plan';

const refused = (id: string): RefusedRecord => ({ oldKey: `Bill:${id}`, reason: 'no', at: 1, jobId: 'j' });
const planned = (entity: Entity, id: string, wave: number, dependsOn: string[] = []): PlannedRecord => ({
  oldKey: `${entity}:${id}`,
  entity,
  oldId: id,
  body: {},
  wave,
  dependsOn: dependsOn as PlannedRecord['dependsOn'],
  notes: [],
  jobId: 'j',
  deletedAt: 1,
});
const toJob = {
  refused: (r: RefusedRecord) => `-${r.oldKey}`,
  planned: (r: PlannedRecord, deps: { key: string; chunk: number }[]) =>
    `+${r.oldKey}${deps.map((d) => ` <${d.key}@${d.chunk}`).join('')}`,
};

describe('restoreChunksOf', () => {
  it('refusals, then each wave, each cut at the batch size; a record knows the chunk of what it links to', () => {
    const invoices = Array.from({ length: MAX_BATCH_ITEMS + 5 }, (_, i) => planned('Invoice', String(i), 0));
    const payment = planned('Payment', '900', 1, ['Invoice:33', 'Invoice:2', 'Customer:1']);
    const plan = {
      refused: Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => refused(String(i))),
      records: [payment, ...invoices],
    };
    const chunks = restoreChunksOf(plan, toJob);
    expect(MAX_BATCH_ITEMS).toBe(30);
    expect(chunks.map((c) => c.length)).toEqual([30, 1, 30, 5, 1]);
    expect(chunks[0]?.[0]).toBe('-Bill:0');
    expect(chunks[2]?.[0]).toBe('+Invoice:0');
    // A key outside the restore (a name) has no chunk: it is not a dependency.
    expect(chunks[4]).toEqual(['+Payment:900 <Invoice:33@3 <Invoice:2@2']);
  });

  it('no record, no chunk', () => {
    expect(restoreChunksOf({ refused: [], records: [] }, toJob)).toEqual([]);
  });
});
