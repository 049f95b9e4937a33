import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { compareWithReviewed, dateSpan, toRecordOutcome } from '../../lib/jobs/classify';
import { chunkCount, newJobMeta, orderForChunks } from '../../lib/jobs/create';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import type { ReviewedRecord } from '../../lib/jobs/types';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { reconciledSet } from '../../lib/qbo/reconciled-set';

const rec = (entity: Entity, id: string, syncToken = '0', txnDate = '2025-01-01'): TxnRecord => ({
  entity,
  id,
  syncToken,
  txnDate,
  linkedTxn: [],
  raw: { Id: id, SyncToken: syncToken },
});
const reviewed = (r: TxnRecord, reconciled = false): ReviewedRecord => ({ record: r, reconciled });
const fault = { code: '6210', message: 'Account Period Closed, Cannot Update Through Services API' };

describe('chunking', () => {
  it('de-duplicates and orders by entity, date, then numeric Id', () => {
    const ordered = orderForChunks([
      reviewed(rec('Invoice', '20', '0', '2025-02-01')),
      reviewed(rec('Bill', '5')),
      reviewed(rec('Invoice', '100', '0', '2025-01-01')),
      reviewed(rec('Invoice', '9', '0', '2025-01-01')),
      reviewed(rec('Bill', '5')),
    ]);
    expect(ordered.map((r) => `${r.record.entity}:${r.record.id}`)).toEqual([
      'Bill:5',
      'Invoice:9',
      'Invoice:100',
      'Invoice:20',
    ]);
  });
  it('cuts chunks of at most 30', () => {
    expect(chunkCount(0, 30)).toBe(0);
    expect(chunkCount(30, 30)).toBe(1);
    expect(chunkCount(31, 30)).toBe(2);
    expect(newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [], chunkSize: 99 }, 61, 0)).toMatchObject({
      chunkSize: 30,
      chunks: 3,
      includeReconciled: false,
      status: 'created',
    });
  });
});

describe('R1 / gone: compare with the reviewed version', () => {
  it('skips a changed SyncToken, reports a vanished record as already gone, keeps the rest', () => {
    const a = reviewed(rec('Invoice', '1', '3'));
    const b = reviewed(rec('Invoice', '2', '0'));
    const c = reviewed(rec('Invoice', '3', '0'));
    const current = new Map([
      ['Invoice:1', rec('Invoice', '1', '4')],
      ['Invoice:3', rec('Invoice', '3', '0')],
    ]);
    const { skips, survivors } = compareWithReviewed([a, b, c], current);
    expect(skips.get('Invoice:1')).toEqual({ kind: 'skippedChanged', currentSyncToken: '4' });
    expect(skips.get('Invoice:2')).toEqual({ kind: 'alreadyGone' });
    expect(survivors.map((s) => s.current.id)).toEqual(['3']);
  });
});

describe('R2: reconciled set membership', () => {
  it('joins on entity + Id, or on Id alone when the report name did not map', () => {
    expect(reconciledSet([{ id: '7', entity: 'Invoice' }]).has('Invoice', '7')).toBe(true);
    expect(reconciledSet([{ id: '7', entity: 'Bill' }]).has('Invoice', '7')).toBe(false);
    expect(reconciledSet([{ id: '7' }]).has('Invoice', '7')).toBe(true);
  });
  it('spans the chunk dates for one report call', () => {
    expect(dateSpan([{ txnDate: '2025-03-01' }, { txnDate: '2024-12-31' }, {}])).toEqual({
      start: '2024-12-31',
      end: '2025-03-01',
    });
    expect(dateSpan([{}])).toBeUndefined();
  });
});

describe('per-record answers', () => {
  it('maps R3, 610, 6540 and a missing bId (R5)', () => {
    expect(toRecordOutcome({ kind: 'deleted' })).toEqual({ kind: 'deleted' });
    expect(toRecordOutcome({ kind: 'closedPeriod', fault })).toEqual({ kind: 'closedPeriod', fault });
    const gone = { code: '610', message: 'Object Not Found' };
    expect(toRecordOutcome({ kind: 'alreadyGone', fault: gone })).toEqual({ kind: 'alreadyGone', fault: gone });
    const dep = { code: '6540', message: 'Deposited Transaction cannot be changed' };
    expect(toRecordOutcome({ kind: 'deposited', fault: dep })).toEqual({ kind: 'refused', fault: dep });
    expect(toRecordOutcome({ kind: 'missing' })).toBe('verify');
  });
});

describe('from the preflight', () => {
  it('keeps ready records and flags reconciled ones; drops every blocked status', () => {
    const out = reviewedFromPreflight([
      { status: 'ready', reviewed: rec('Invoice', '1') },
      { status: 'reconciled', reviewed: rec('Invoice', '2') },
      { status: 'changed', reviewed: rec('Invoice', '3') },
      { status: 'closedPeriod', reviewed: rec('Invoice', '4') },
      { status: 'notFound' },
    ]);
    expect(out.map((r) => [r.record.id, r.reconciled])).toEqual([
      ['1', false],
      ['2', true],
    ]);
  });
});

/* Edge cases of lib/jobs/classify.ts (issue 13): every per-record answer has an outcome. */
describe('toRecordOutcome: a per-record refusal', () => {
  it("maps a 'refused' answer (any other fault, e.g. 2500) to a refused outcome carrying its fault", () => {
    const fault = { code: '2500', message: 'Invalid Reference Id', detail: 'Something you are using has been deleted' };
    expect(toRecordOutcome({ kind: 'refused', fault })).toEqual({ kind: 'refused', fault });
  });

  it('never leaves a per-record answer without an outcome', () => {
    const fault = { code: '1', message: 'm' };
    const answers = [
      { kind: 'deleted' },
      { kind: 'alreadyGone', fault },
      { kind: 'closedPeriod', fault },
      { kind: 'deposited', fault },
      { kind: 'refused', fault },
      { kind: 'missing' },
    ] as const;
    for (const answer of answers) expect(toRecordOutcome(answer), answer.kind).toBeDefined();
  });
});
