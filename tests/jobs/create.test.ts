/**
 * Edge cases of lib/jobs/create.ts, records-view.ts, classify.ts and the audit log's outcome label:
 * how a job is cut and ordered, and how its records are shown.
 */
import { describe, expect, it } from 'vitest';
import { auditOutcomeLabel } from '../../lib/audit/words';
import type { Entity } from '../../lib/domain/entities';
import { OUTCOME_GROUP, OUTCOME_LABEL } from '../../lib/domain/outcomes';
import { dateSpan, toSentItems } from '../../lib/jobs/classify';
import { chunkCount, MAX_CHUNK, newJobMeta, orderForChunks } from '../../lib/jobs/create';
import { isLinked, reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import { isWorkerKilled, WorkerKilled } from '../../lib/jobs/hooks';
import { recordRows } from '../../lib/jobs/records-view';
import type { ReviewedRecord } from '../../lib/jobs/types';
import { type ChunkJournal, OUTCOME_KINDS } from '../../lib/journal/schema';
import type { TxnRecord } from '../../lib/qbo/outcomes';

const rec = (entity: Entity, id: string, extra: Partial<TxnRecord> = {}): TxnRecord => ({
  entity,
  id,
  syncToken: '0',
  txnDate: '2025-01-01',
  linkedTxn: [],
  raw: { Id: id },
  ...extra,
});
const reviewed = (r: TxnRecord, reconciled = false): ReviewedRecord => ({ record: r, reconciled });
const keys = (rs: readonly ReviewedRecord[]) => rs.map((r) => `${r.record.entity}:${r.record.id}`);

describe('orderForChunks', () => {
  it('keeps the first copy of a record listed twice (a record twice could be sent twice)', () => {
    const first = reviewed(rec('Invoice', '1', { syncToken: '3' }));
    const second = reviewed(rec('Invoice', '1', { syncToken: '4' }));
    const out = orderForChunks([first, second, reviewed(rec('Invoice', '2'))]);
    expect(keys(out)).toEqual(['Invoice:1', 'Invoice:2']);
    expect(out[0]).toBe(first);
  });
  it('orders by entity first, whatever the dates and Ids', () => {
    const out = orderForChunks([
      reviewed(rec('Invoice', '1', { txnDate: '2020-01-01' })),
      reviewed(rec('Bill', '999', { txnDate: '2030-01-01' })),
    ]);
    expect(keys(out)).toEqual(['Bill:999', 'Invoice:1']);
  });
  it('then by date (a record without a date first), whatever the Ids', () => {
    const out = orderForChunks([
      reviewed(rec('Invoice', '1', { txnDate: '2025-03-01' })),
      reviewed(rec('Invoice', '2', { txnDate: '2025-01-01' })),
      reviewed(rec('Invoice', '3', { txnDate: undefined })),
    ]);
    expect(keys(out)).toEqual(['Invoice:3', 'Invoice:2', 'Invoice:1']);
  });
  it('then by numeric Id: a shorter Id first, equal lengths in order', () => {
    const out = orderForChunks([
      reviewed(rec('Invoice', '20')),
      reviewed(rec('Invoice', '100')),
      reviewed(rec('Invoice', '9')),
      reviewed(rec('Invoice', '11')),
    ]);
    expect(keys(out)).toEqual(['Invoice:9', 'Invoice:11', 'Invoice:20', 'Invoice:100']);
  });
});

describe('newJobMeta', () => {
  const input = { realmId: 'r', environment: 'production' as const, records: [] };
  it('clamps and floors the chunk size to 1..30', () => {
    expect(newJobMeta('j', { ...input, chunkSize: 0 }, 5, 0).chunkSize).toBe(1);
    expect(newJobMeta('j', { ...input, chunkSize: -4 }, 5, 0).chunkSize).toBe(1);
    expect(newJobMeta('j', { ...input, chunkSize: 12.9 }, 5, 0).chunkSize).toBe(12);
    expect(newJobMeta('j', { ...input, chunkSize: 31 }, 5, 0).chunkSize).toBe(MAX_CHUNK);
    expect(newJobMeta('j', input, 5, 0).chunkSize).toBe(30);
  });
  it('a fresh job: nothing done, created now, chunks from the size', () => {
    const meta = newJobMeta('id-1', { ...input, chunkSize: 10, includeReconciled: true }, 25, 1234);
    expect(meta).toEqual({
      id: 'id-1',
      realmId: 'r',
      environment: 'production',
      operation: 'delete',
      includeReconciled: true,
      chunkSize: 10,
      total: 25,
      chunks: 3,
      cursor: 0,
      openChunk: false,
      status: 'created',
      counts: Object.fromEntries(OUTCOME_KINDS.map((k) => [k, 0])),
      unverified: 0,
      createdAt: 1234,
    });
    expect(newJobMeta('j', input, 1, 0).includeReconciled).toBe(false);
  });
  it('chunkCount rounds up', () => {
    expect(chunkCount(1, 30)).toBe(1);
    expect(chunkCount(61, 30)).toBe(3);
    expect(chunkCount(60, 30)).toBe(2);
  });
});

describe('classify helpers', () => {
  it('dateSpan ignores dates shorter than YYYY-MM-DD and cuts times off', () => {
    expect(dateSpan([{ txnDate: '2025-01' }, { txnDate: '2025-02-03T10:00:00' }])).toEqual({
      start: '2025-02-03',
      end: '2025-02-03',
    });
    expect(dateSpan([{ txnDate: '2025-01-0' }])).toBeUndefined();
    expect(dateSpan([{ txnDate: '2025-05-05' }, { txnDate: '2025-01-09' }, { txnDate: '2025-03-01' }])).toEqual({
      start: '2025-01-09',
      end: '2025-05-05',
    });
  });
  it('toSentItems numbers the bIds from 1 and carries the current SyncToken', () => {
    expect(toSentItems([rec('Bill', '7', { syncToken: '2' }), rec('Invoice', '8')])).toEqual([
      { bId: '1', key: 'Bill:7', entity: 'Bill', id: '7', syncToken: '2' },
      { bId: '2', key: 'Invoice:8', entity: 'Invoice', id: '8', syncToken: '0' },
    ]);
  });
});

describe("the audit log's outcome label", () => {
  it('a refusal names its fault; our own refusal its code; every other outcome its fixed label', () => {
    expect(auditOutcomeLabel({ kind: 'refused', fault: { code: '6540', message: 'Deposited' } })).toBe(
      'Refused (6540: Deposited)',
    );
    expect(auditOutcomeLabel({ kind: 'declined', refusal: { code: 'cannotVoid' } })).toBe(
      'Refused (cannotVoid: Cannot be voided)',
    );
    expect(auditOutcomeLabel({ kind: 'closedPeriod', fault: { code: '6210', message: 'x' } })).toBe(
      OUTCOME_LABEL.closedPeriod,
    );
    expect(auditOutcomeLabel({ kind: 'deleted' })).toBe('Deleted');
  });
});

describe('recordRows', () => {
  const a = reviewed(rec('Invoice', '1', { docNumber: 'D1', party: 'P', totalAmt: 5, currency: 'USD' }));
  const b = reviewed(rec('Invoice', '2'));
  const c = reviewed(rec('Invoice', '3'));
  const d = reviewed(rec('Invoice', '4'));
  const item = (id: string) => ({ bId: '1', key: `Invoice:${id}`, entity: 'Invoice' as const, id, syncToken: '0' });
  const chunk = (over: Partial<ChunkJournal>): ChunkJournal => ({
    index: 0,
    outcomes: {},
    inFlight: [],
    queue: [],
    verify: [],
    batchCalls: 0,
    ...over,
  });

  it('final, unverified (in flight or to verify) and pending rows, with the record fields', () => {
    const rows = recordRows(
      [a, b, c, d],
      [
        {
          kind: 'ok',
          chunk: chunk({
            outcomes: { 'Invoice:1': { outcome: { kind: 'deleted' }, at: 9, intuitTid: 't' } },
            inFlight: [item('2')],
            verify: [item('3')],
          }),
        },
      ],
    );
    expect(rows[0]).toEqual({
      key: 'Invoice:1',
      entity: 'Invoice',
      id: '1',
      docNumber: 'D1',
      txnDate: '2025-01-01',
      party: 'P',
      amount: 5,
      currency: 'USD',
      state: { kind: 'final', outcome: { kind: 'deleted' }, at: 9, intuitTid: 't' },
      group: 'deleted',
    });
    expect(rows.slice(1).map((r) => [r.state.kind, r.group])).toEqual([
      ['unverified', 'needsAttention'],
      ['unverified', 'needsAttention'],
      ['pending', 'pending'],
    ]);
  });
  it('a final outcome wins over a stale verify entry; unreadable chunks are skipped', () => {
    const rows = recordRows(
      [a, b],
      [
        { kind: 'corrupt' },
        { kind: 'none' },
        {
          kind: 'ok',
          chunk: chunk({
            outcomes: { 'Invoice:1': { outcome: { kind: 'notDeletedVerified', currentSyncToken: '1' }, at: 1 } },
            verify: [item('1')],
          }),
        },
      ],
    );
    expect(rows.map((r) => [r.state.kind, r.group])).toEqual([
      ['final', OUTCOME_GROUP.notDeletedVerified],
      ['pending', 'pending'],
    ]);
  });
});

describe('from the preflight: a linked warning alone', () => {
  it("a 'linked' warning keeps a record out even when the reviewed record itself shows no link", () => {
    const plain = rec('Invoice', '30');
    expect(isLinked({ status: 'ready', reviewed: plain, warnings: [{ status: 'linked' }] })).toBe(true);
    expect(isLinked({ status: 'ready', reviewed: plain, warnings: [{ status: 'other' }] })).toBe(false);
    expect(isLinked({ status: 'ready', reviewed: plain })).toBe(false);
    expect(reviewedFromPreflight([{ status: 'ready', reviewed: plain, warnings: [{ status: 'linked' }] }])).toEqual([]);
    expect(
      reviewedFromPreflight([{ status: 'ready', reviewed: plain, warnings: [{ status: 'linked' }] }], {
        includeLinked: true,
      }),
    ).toEqual([{ record: plain, reconciled: false }]);
    expect(
      reviewedFromPreflight([{ status: 'ready', reviewed: plain, warnings: [], blockers: [] }]).map((r) => r.record.id),
    ).toEqual(['30']);
  });
});

describe('WorkerKilled', () => {
  it('names the step it was thrown at, and only it is recognised as a worker death', () => {
    const e = new WorkerKilled('during-verification');
    expect(e.step).toBe('during-verification');
    expect(e.message).toBe('worker killed at during-verification');
    expect(isWorkerKilled(e)).toBe(true);
    expect(isWorkerKilled(new Error('worker killed at during-verification'))).toBe(false);
  });
});
