/**
 * Edge cases of lib/jobs/records-view.ts (issue 13): the popup's row for each record — its
 * final outcome (with a restored record's new Id), unverified (R5 pending), or pending — from the
 * chunk journals as read, unreadable chunks skipped.
 */
import { describe, expect, it } from 'vitest';
import type { RestoreNote } from '../../lib/domain/refusals';
import { recordRows } from '../../lib/jobs/records-view';
import type { ChunkRead } from '../../lib/journal/journal';
import type { ChunkJournal, RestoreRecord, ReviewedRecord, SentItem } from '../../lib/journal/schema';

const reviewed = (id: string): ReviewedRecord => ({
  record: {
    entity: 'Invoice',
    id,
    syncToken: '0',
    docNumber: `D${id}`,
    txnDate: `2025-01-0${id}`,
    party: 'Acme',
    totalAmt: Number(id) * 10,
    currency: 'USD',
    linkedTxn: [],
    raw: {},
  },
  reconciled: false,
});
/** A restore job's record: no party, no currency (the plan names neither), its notes. */
const toRestore = (id: string, notes?: RestoreNote[]): RestoreRecord => ({
  kind: 'restore',
  entity: 'Invoice',
  id,
  docNumber: `D${id}`,
  txnDate: `2025-01-0${id}`,
  amount: Number(id) * 10,
  ...(notes ? { notes } : {}),
  create: { kind: 'send', body: {}, dependsOn: [] },
});
/** A restored record's note, as the plan gives it: a code with its fields. */
const NOTE: RestoreNote = { code: 'madeFrom', holder: 'Invoice', target: { entity: 'Estimate', id: '3' } };
const sent = (id: string): SentItem => ({ bId: id, key: `Invoice:${id}`, entity: 'Invoice', id, syncToken: '0' });
const chunk = (over: Partial<ChunkJournal>): ChunkRead => ({
  kind: 'ok',
  chunk: { index: 0, outcomes: {}, inFlight: [], queue: [], verify: [], batchCalls: 0, ...over },
});
const base = (id: string) => ({
  key: `Invoice:${id}`,
  entity: 'Invoice',
  id,
  docNumber: `D${id}`,
  txnDate: `2025-01-0${id}`,
  party: 'Acme',
  amount: Number(id) * 10,
  currency: 'USD',
});

describe('recordRows', () => {
  it('final outcomes (a restored one with its new Id), unverified in flight or to verify, the rest pending', () => {
    const fault = { code: '6000', message: 'bad' };
    const rows = recordRows(
      [toRestore('1', [NOTE]), reviewed('2'), reviewed('3'), reviewed('4'), reviewed('5'), toRestore('6', [])],
      [
        chunk({
          outcomes: {
            'Invoice:1': { outcome: { kind: 'restored', newId: '101' }, at: 7, intuitTid: 'tid' },
            'Invoice:2': { outcome: { kind: 'refused', fault }, at: 8 },
          },
          inFlight: [sent('3')],
        }),
        { kind: 'corrupt' },
        { kind: 'none' },
        chunk({ index: 1, verify: [sent('4')] }),
      ],
    );
    expect(rows).toEqual([
      {
        ...base('1'),
        party: undefined,
        currency: undefined,
        notes: [NOTE],
        newId: '101',
        state: { kind: 'final', outcome: { kind: 'restored', newId: '101' }, at: 7, intuitTid: 'tid' },
        group: 'restored',
      },
      {
        ...base('2'),
        state: { kind: 'final', outcome: { kind: 'refused', fault }, at: 8 },
        group: 'refused',
      },
      {
        ...base('3'),
        state: { kind: 'unverified' },
        group: 'needsAttention',
      },
      {
        ...base('4'),
        state: { kind: 'unverified' },
        group: 'needsAttention',
      },
      { ...base('5'), state: { kind: 'pending' }, group: 'pending' },
      {
        ...base('6'),
        party: undefined,
        currency: undefined,
        state: { kind: 'pending' },
        group: 'pending',
      },
    ]);
    // No empty notes and no newId key where there is none.
    expect('notes' in rows[5]!).toBe(false);
    expect('newId' in rows[1]!).toBe(false);
    expect('notes' in rows[1]!).toBe(false);
  });

  it('a final outcome wins over an entry still in flight', () => {
    const rows = recordRows(
      [reviewed('1')],
      [chunk({ outcomes: { 'Invoice:1': { outcome: { kind: 'voided' }, at: 1 } }, inFlight: [sent('1')] })],
    );
    expect(rows[0]).toMatchObject({ state: { kind: 'final', outcome: { kind: 'voided' } }, group: 'voided' });
  });
});
