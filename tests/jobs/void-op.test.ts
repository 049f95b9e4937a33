/**
 * Edge cases of lib/jobs/operations/void.ts (issue 13), on a hand-made client: which
 * records are refused without a call, what each void answer means, and what the re-read proves.
 * A wrong "voided" tells the person a record is void that still counts in their books.
 */
import { describe, expect, it } from 'vitest';
import { newJobMeta } from '../../lib/jobs/create';
import type { OperationContext } from '../../lib/jobs/operation';
import { cannotVoid, isVoided, voidOperation } from '../../lib/jobs/operations/void';
import type { ReviewedRecord, ReviewedSentItem } from '../../lib/journal/schema';
import type { QboClient } from '../../lib/qbo/client-api';
import type { CallResult, DeleteRequestItem, TxnRecord, VoidItemResult } from '../../lib/qbo/outcomes';
import { type FakeCalls, fakeClient } from '../../tools/support/fake-client';

const rec = (entity: TxnRecord['entity'], id: string, over: Partial<TxnRecord> = {}): TxnRecord => ({
  entity,
  id,
  syncToken: '1',
  linkedTxn: [],
  raw: { Id: id },
  ...over,
});
const reviewed = (r: TxnRecord, reconciled = false): ReviewedRecord => ({ record: r, reconciled });
const sent = (entity: TxnRecord['entity'], id: string, bId = id, syncToken = '1'): ReviewedSentItem => ({
  bId,
  key: `${entity}:${id}`,
  entity,
  id,
  syncToken,
});

const job = (includeReconciled: boolean) => ({
  ...newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [], operation: 'void' }, 0, 0),
  includeReconciled,
});
const ctx = (includeReconciled = true, landed = true): OperationContext => ({
  job: job(includeReconciled),
  attemptId: 'a',
  records: new Map(),
  outcomeOf: async () => undefined,
  landed: () => landed,
  beforeResend: async () => true,
});

type Calls = { reads: [string, readonly string[]][]; voids: unknown[] };

/** A client whose records are `present`; anything else it is asked throws. */
function client(present: TxnRecord[], over: FakeCalls = {}, tid = 'tid-read'): { client: QboClient; calls: Calls } {
  const calls: Calls = { reads: [], voids: [] };
  const c = fakeClient({
    readByIds: async (entity, ids) => {
      calls.reads.push([entity, ids]);
      return {
        kind: 'ok' as const,
        meta: { status: 200, intuitTid: tid },
        calls: 1,
        records: present.filter((r) => r.entity === entity && ids.includes(r.id)),
      };
    },
    readReconciled: async () => ({ kind: 'ok' as const, meta: { status: 200 }, rows: [], calls: 1 }),
    ...over,
  });
  return { client: c, calls };
}

describe('isVoided: every sign of an applied void, all of them', () => {
  const voided = rec('Invoice', '1', { totalAmt: 0, syncToken: '2', raw: { PrivateNote: 'Voided' } });
  it('amount 0, the note and a new SyncToken', () => {
    expect(isVoided(voided, '1')).toBe(true);
    expect(isVoided({ ...voided, raw: { PrivateNote: 'Voided - by me' } }, '1')).toBe(true);
    expect(isVoided({ ...voided, raw: { PrivateNote: 'was (Voided)' } }, '1')).toBe(true);
  });
  it('any one missing: not voided', () => {
    expect(isVoided(voided, '2')).toBe(false); // same SyncToken as sent
    expect(isVoided({ ...voided, totalAmt: 5 }, '1')).toBe(false);
    expect(isVoided({ ...voided, totalAmt: undefined }, '1')).toBe(false);
    expect(isVoided({ ...voided, raw: {} }, '1')).toBe(false);
    expect(isVoided({ ...voided, raw: { PrivateNote: 'Unvoided' } }, '1')).toBe(false);
    expect(isVoided({ ...voided, raw: { PrivateNote: 'Voidedx' } }, '1')).toBe(false);
    expect(isVoided({ ...voided, raw: { PrivateNote: 'void' } }, '1')).toBe(false);
    expect(isVoided({ ...voided, raw: { PrivateNote: ['Voided'] } }, '1')).toBe(false);
  });
});

describe('voidOperation.prepare', () => {
  it('refuses a type that cannot be voided without reading it; re-reads the rest', async () => {
    const inv = rec('Invoice', '1');
    const bill = rec('Bill', '2');
    const { client: c, calls } = client([inv, bill]);
    const res = await voidOperation.prepare(c, [reviewed(bill), reviewed(inv)], ctx());
    expect(res).toEqual({
      kind: 'ok',
      skips: new Map([['Bill:2', { kind: 'declined', refusal: { code: 'cannotVoid' } }]]),
      send: [{ bId: '1', key: 'Invoice:1', entity: 'Invoice', id: '1', syncToken: '1' }],
      intuitTid: 'tid-read',
    });
    expect(calls.reads).toEqual([['Invoice', ['1']]]);
    // Each refusal gets its own copy: one record's outcome is never another's object.
    const skip = res.kind === 'ok' ? res.skips.get('Bill:2') : undefined;
    expect(skip).not.toBe(cannotVoid());
  });

  it('keeps the re-read’s skips (changed, gone) with its own', async () => {
    const { client: c } = client([rec('Payment', '3', { syncToken: '9' })]);
    const res = await voidOperation.prepare(
      c,
      [reviewed(rec('Payment', '3')), reviewed(rec('SalesReceipt', '4')), reviewed(rec('Purchase', '5'))],
      ctx(),
    );
    expect(res).toMatchObject({
      kind: 'ok',
      send: [],
      skips: new Map<string, unknown>([
        ['Purchase:5', cannotVoid()],
        ['Payment:3', { kind: 'skippedChanged', currentSyncToken: '9' }],
        ['SalesReceipt:4', { kind: 'alreadyGone' }],
      ]),
    });
  });

  it('a reconciled record is skipped unless the job opted in', async () => {
    const inv = rec('Invoice', '1');
    const { client: c } = client([inv]);
    const skipped = await voidOperation.prepare(c, [reviewed(inv, true)], ctx(false));
    expect(skipped).toMatchObject({
      kind: 'ok',
      send: [],
      skips: new Map([['Invoice:1', { kind: 'skippedReconciled' }]]),
    });
    const sentAnyway = await voidOperation.prepare(c, [reviewed(inv, true)], ctx(true));
    expect(sentAnyway).toMatchObject({ kind: 'ok', send: [{ key: 'Invoice:1' }] });
  });

  it('a failed re-read is the answer', async () => {
    const failure = { kind: 'rateLimited' as const, retryAfterMs: 5, meta: { status: 429 } };
    const { client: c } = client([], { readByIds: async () => failure });
    expect(await voidOperation.prepare(c, [reviewed(rec('Invoice', '1'))], ctx())).toEqual(failure);
  });
});

describe('voidOperation.sendBatch / sendOne', () => {
  const fault = { code: '6000', message: 'no' };
  const results = new Map<string, VoidItemResult>([
    ['1', { kind: 'answered' }],
    ['2', { kind: 'refused', fault }],
    ['3', { kind: 'alreadyGone', fault }],
    ['4', { kind: 'closedPeriod', fault }],
    ['5', { kind: 'missing' }],
  ]);

  it('an answered void is only to verify; a fault is the record’s outcome', async () => {
    const seen: (readonly DeleteRequestItem[])[] = [];
    const { client: c } = client([], {
      batchVoid: async (items) => {
        seen.push(items);
        return { kind: 'ok', meta: { status: 200, intuitTid: 'tid-v' }, results };
      },
    });
    const items = [sent('Invoice', '1', '1'), sent('Payment', '2', '2')];
    expect(await voidOperation.sendBatch(c, items, ctx())).toEqual({
      kind: 'perItem',
      intuitTid: 'tid-v',
      results: new Map<string, unknown>([
        ['1', 'verify'],
        ['2', { kind: 'refused', fault }],
        ['3', { kind: 'alreadyGone', fault }],
        ['4', { kind: 'closedPeriod', fault }],
        ['5', 'verify'],
      ]),
    });
    expect(seen).toEqual([items]);
  });

  it('a failed batch call is passed through', async () => {
    const failure: CallResult<never> = { kind: 'ambiguous', reason: 'reset', meta: { status: 0 } };
    const { client: c } = client([], { batchVoid: async () => failure });
    expect(await voidOperation.sendBatch(c, [sent('Invoice', '1')], ctx())).toEqual(failure);
  });

  it('one item alone: its answer under its own bId', async () => {
    const seen: DeleteRequestItem[] = [];
    const answers: CallResult<{ result: VoidItemResult }>[] = [
      { kind: 'ok', meta: { status: 200, intuitTid: 'tid-1' }, result: { kind: 'answered' } },
      { kind: 'ok', meta: { status: 400 }, result: { kind: 'refused', fault } },
      { kind: 'refusedWhole', fault, meta: { status: 400 } },
    ];
    const { client: c } = client([], {
      voidOne: async (item) => {
        seen.push(item);
        return answers.shift() as CallResult<{ result: VoidItemResult }>;
      },
    });
    const item = sent('Invoice', '7', 'b7');
    expect(await voidOperation.sendOne(c, item, ctx())).toEqual({
      kind: 'perItem',
      intuitTid: 'tid-1',
      results: new Map([['b7', 'verify']]),
    });
    expect(await voidOperation.sendOne(c, item, ctx())).toEqual({
      kind: 'perItem',
      intuitTid: undefined,
      results: new Map([['b7', { kind: 'refused', fault }]]),
    });
    expect(await voidOperation.sendOne(c, item, ctx())).toEqual({ kind: 'refusedWhole', fault, meta: { status: 400 } });
    expect(seen).toEqual([item, item, item]);
  });
});

describe('voidOperation.verify: the re-read decides', () => {
  it('gone → alreadyGone; voided → voided; else not voided at its current SyncToken', async () => {
    const present = [
      rec('Invoice', '1', { totalAmt: 0, syncToken: '2', raw: { PrivateNote: 'Voided' } }),
      rec('Invoice', '2', { totalAmt: 10, syncToken: '2', raw: {} }),
      rec('Payment', '3', { totalAmt: 0, syncToken: '1', raw: { PrivateNote: 'Voided' } }),
    ];
    const { client: c, calls } = client(present);
    const items = [sent('Invoice', '1'), sent('Invoice', '2'), sent('Payment', '3'), sent('Invoice', '4')];
    expect(await voidOperation.verify(c, items, ctx())).toEqual({
      kind: 'ok',
      intuitTid: 'tid-read',
      outcomes: new Map<string, unknown>([
        ['Invoice:1', { kind: 'voided' }],
        ['Invoice:2', { kind: 'notVoidedVerified', currentSyncToken: '2' }],
        ['Payment:3', { kind: 'notVoidedVerified', currentSyncToken: '1' }],
        ['Invoice:4', { kind: 'alreadyGone' }],
      ]),
    });
    expect(calls.reads).toEqual([
      ['Invoice', ['1', '2', '4']],
      ['Payment', ['3']],
    ]);
  });

  it('a failed re-read is the answer (verified later), never an outcome', async () => {
    const failure = { kind: 'ambiguous' as const, reason: 'timeout', meta: { status: 0 } };
    const { client: c } = client([], { readByIds: async () => failure });
    expect(await voidOperation.verify(c, [sent('Invoice', '1')], ctx())).toEqual(failure);
  });
  it('before its deadline a void not shown yet is no answer: only what the read proves is recorded', async () => {
    const present = [
      rec('Invoice', '1', { totalAmt: 0, syncToken: '2', raw: { PrivateNote: 'Voided' } }),
      rec('Invoice', '2', { totalAmt: 10, syncToken: '2', raw: {} }),
    ];
    const { client: c } = client(present);
    const items = [sent('Invoice', '1'), sent('Invoice', '2'), sent('Invoice', '3')];
    expect(await voidOperation.verify(c, items, ctx(true, false))).toEqual({
      kind: 'ok',
      intuitTid: 'tid-read',
      outcomes: new Map<string, unknown>([
        ['Invoice:1', { kind: 'voided' }],
        ['Invoice:3', { kind: 'alreadyGone' }],
      ]),
    });
  });
});
