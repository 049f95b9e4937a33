/**
 * A restore's chunks, cut in lib/restore at the one batch size: refusals first, then wave by wave,
 * each record the job's restore variant (its old Id, the plan's body once, or the plan's refusal).
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { RestoreRecord } from '../../lib/domain/job-records';
import { MAX_BATCH_ITEMS } from '../../lib/domain/limits';
import type { RestoreNote } from '../../lib/domain/refusals';
import { restoreChunks } from '../../lib/restore/chunks';
import type { PlannedRecord, RefusedRecord } from '../../lib/restore/plan';

const refused = (id: string): RefusedRecord => ({
  oldKey: `Bill:${id}`,
  why: { code: 'listedTwice' },
  at: 1,
  jobId: 'j',
});
const NOTE: RestoreNote = { code: 'madeFrom', holder: 'Invoice', target: { entity: 'Estimate', id: '2' } };
const planned = (entity: Entity, id: string, wave: number, dependsOn: string[] = []): PlannedRecord => ({
  oldKey: `${entity}:${id}`,
  entity,
  oldId: id,
  body: { TotalAmt: Number(id) },
  wave,
  dependsOn: dependsOn as PlannedRecord['dependsOn'],
  notes: [],
  jobId: 'j',
  deletedAt: 1,
});
/** A record in short: `-key` refused, `+key <dep@chunk…` to send. */
const short = (r: RestoreRecord) =>
  r.create.kind === 'refused'
    ? `-${r.entity}:${r.id}`
    : `+${r.entity}:${r.id}${r.create.dependsOn.map((d) => ` <${d.key}@${d.chunk}`).join('')}`;

describe('restoreChunks', () => {
  it('refusals, then each wave, each cut at the batch size; a record knows the chunk of what it links to', () => {
    const invoices = Array.from({ length: MAX_BATCH_ITEMS + 5 }, (_, i) => planned('Invoice', String(i), 0));
    const payment = planned('Payment', '900', 1, ['Invoice:33', 'Invoice:2', 'Customer:1']);
    const plan = {
      refused: Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => refused(String(i))),
      records: [payment, ...invoices],
    };
    const chunks = restoreChunks(plan).map((c) => c.map(short));
    expect(MAX_BATCH_ITEMS).toBe(30);
    expect(chunks.map((c) => c.length)).toEqual([30, 1, 30, 5, 1]);
    expect(chunks[0]?.[0]).toBe('-Bill:0');
    expect(chunks[2]?.[0]).toBe('+Invoice:0');
    // A key outside the restore (a name) has no chunk: it is not a dependency.
    expect(chunks[4]).toEqual(['+Payment:900 <Invoice:33@3 <Invoice:2@2']);
  });

  it('each record is the restore variant: no SyncToken, the plan’s body as its body, its refusal as its code', () => {
    const invoice: PlannedRecord = {
      ...planned('Invoice', '7', 0),
      docNumber: '1007',
      txnDate: '2025-03-04',
      amount: 7,
      notes: [NOTE],
    };
    const [refusals, sends] = restoreChunks({
      refused: [refused('3')],
      records: [invoice, planned('Invoice', '8', 0)],
    });
    expect(refusals).toEqual([
      { kind: 'restore', entity: 'Bill', id: '3', create: { kind: 'refused', why: { code: 'listedTwice' } } },
    ]);
    expect(sends).toEqual([
      {
        kind: 'restore',
        entity: 'Invoice',
        id: '7',
        docNumber: '1007',
        txnDate: '2025-03-04',
        amount: 7,
        notes: [NOTE],
        create: { kind: 'send', body: { TotalAmt: 7 }, dependsOn: [] },
      },
      // No number, date, amount or notes: no such keys.
      { kind: 'restore', entity: 'Invoice', id: '8', create: { kind: 'send', body: { TotalAmt: 8 }, dependsOn: [] } },
    ]);
    expect(sends?.[0]?.create.kind === 'send' && sends[0].create.body).toBe(invoice.body);
  });

  it('no record, no chunk', () => {
    expect(restoreChunks({ refused: [], records: [] })).toEqual([]);
  });
});
