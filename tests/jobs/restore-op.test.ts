/**
 * Edge cases of lib/jobs/operations/restore.ts (issue 13), on a hand-made client: which
 * records are refused without a call, the exact creates sent (links rewritten to new Ids, the
 * attempt's requestid), and what the replay and the read-back prove. A wrong "restored" leaves a
 * record deleted while the person is told it is back; a wrong send creates it twice.
 */
import { describe, expect, it } from 'vitest';
import type { RestoreDependency, RestoreRecord } from '../../lib/domain/job-records';
import { newJobMeta } from '../../lib/jobs/create';
import type { OperationContext } from '../../lib/jobs/operation';
import { restoreOperation } from '../../lib/jobs/operations/restore';
import type { RecordOutcome, SentItem, StoredOutcome } from '../../lib/journal/schema';
import type { QboClient } from '../../lib/qbo/client-api';
import type { CreateItemResult, CreateOptions, CreateRequestItem } from '../../lib/qbo/create-calls';
import type { CallResult, TxnRecord } from '../../lib/qbo/outcomes';
import { fakeClient } from '../../tools/support/fake-client';

type Entity = TxnRecord['entity'];

/** A payment of invoice 5 (in the restore set) and of invoice 6 (not deleted: left alone). */
const paymentSent = {
  TotalAmt: 10,
  Line: [
    { Amount: 4, LinkedTxn: [{ TxnId: '105', TxnType: 'Invoice' }] },
    { Amount: 6, LinkedTxn: [{ TxnId: '6', TxnType: 'Invoice' }] },
  ],
};
const paymentRaw = {
  TotalAmt: 10,
  Line: [
    { Amount: 4, LinkedTxn: [{ TxnId: '5', TxnType: 'Invoice' }] },
    { Amount: 6, LinkedTxn: [{ TxnId: '6', TxnType: 'Invoice' }] },
  ],
};

/** A restore job's record: the plan's body (links naming old Ids) and what it waits for. */
function toRestore(entity: Entity, id: string, body: Record<string, unknown>, dependsOn: RestoreDependency[] = []) {
  const r: RestoreRecord = { kind: 'restore', entity, id, create: { kind: 'send', body, dependsOn } };
  return r;
}

const invoice = toRestore('Invoice', '5', { TotalAmt: 4 });
const payment = toRestore('Payment', '9', paymentRaw, [{ key: 'Invoice:5', chunk: 0 }]);
const refused: RestoreRecord = {
  kind: 'restore',
  entity: 'Bill',
  id: '3',
  create: { kind: 'refused', why: { code: 'closedPeriod', dated: '2024-03-01', closedThrough: '2024-12-31' } },
};
const bodyOf = (r: RestoreRecord) => (r.create.kind === 'send' ? r.create.body : {});

/** An item as prepare journals it: its body as sent. */
const sent = (r: RestoreRecord, bId: string, body = bodyOf(r)): SentItem => ({
  bId,
  key: `${r.entity}:${r.id}`,
  entity: r.entity,
  id: r.id,
  body,
});

/** An item journaled by the build before bodies were journaled (no body, SyncToken '0'). */
const item = (r: RestoreRecord, bId: string): SentItem => ({
  bId,
  key: `${r.entity}:${r.id}`,
  entity: r.entity,
  id: r.id,
  syncToken: '0',
});

const stored = (outcome: RecordOutcome): StoredOutcome => ({ outcome, at: 1 });

function context(
  records: RestoreRecord[],
  earlier: Record<string, StoredOutcome> = {},
  over: { allowDuplicateDocNumbers?: boolean; landed?: boolean } = {},
) {
  const asked: [number, string][] = [];
  const resent: string[][] = [];
  const ctx: OperationContext = {
    job: {
      ...newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [], operation: 'restore' }, 0, 0),
      allowDuplicateDocNumbers: over.allowDuplicateDocNumbers,
    },
    attemptId: 'attempt-7',
    records: new Map(records.map((r) => [`${r.entity}:${r.id}`, r])),
    outcomeOf: async (chunk, key) => {
      asked.push([chunk, key]);
      return earlier[key];
    },
    // Unless a test says otherwise, every write's deadline has passed: a read decides.
    landed: () => over.landed ?? true,
    beforeResend: async (items) => {
      resent.push(items.map((i) => i.key));
      return true;
    },
  };
  return { ctx, asked, resent };
}

type Creates = { items: CreateRequestItem[]; options: CreateOptions }[];

function client(
  answers: CallResult<{ results: Map<string, CreateItemResult> }>[],
  present: { entity: Entity; id: string }[] = [],
  readOver?: QboClient['readByIds'],
) {
  const creates: Creates = [];
  const reads: [string, readonly string[]][] = [];
  const c = fakeClient({
    // The look before a re-send finds nothing here (tests/restore/verify-created.test.ts covers finding).
    readCreated: async () => ({ kind: 'ok' as const, meta: { status: 200 }, calls: 2, records: [] }),
    batchCreate: async (items, options) => {
      creates.push({ items: structuredClone([...items]), options });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    },
    readByIds:
      readOver ??
      (async (entity, ids) => {
        reads.push([entity, ids]);
        return {
          kind: 'ok' as const,
          meta: { status: 200, intuitTid: `tid-read-${entity}` },
          calls: 1,
          records: present
            .filter((p) => p.entity === entity && ids.includes(p.id))
            .map((p) => ({ ...p, syncToken: '0', linkedTxn: [], raw: {} })),
        };
      }),
  });
  return { client: c, creates, reads };
}

const okResults = (entries: [string, CreateItemResult][], intuitTid?: string) => ({
  kind: 'ok' as const,
  meta: { status: 200, ...(intuitTid ? { intuitTid } : {}) },
  results: new Map(entries),
});

describe('restoreOperation.prepare', () => {
  it('refuses without a call a record the plan refused, and one whose linked record was not restored', async () => {
    const { ctx, asked } = context([refused, payment], {
      'Invoice:5': stored({ kind: 'refused', fault: { code: '6000', message: 'x' } }),
    });
    const res = await restoreOperation.prepare(fakeClient(), [refused, payment], ctx);
    expect(res).toEqual({
      kind: 'ok',
      send: [],
      skips: new Map([
        [
          'Bill:3',
          {
            kind: 'declined',
            refusal: {
              code: 'notRestorable',
              why: { code: 'closedPeriod', dated: '2024-03-01', closedThrough: '2024-12-31' },
            },
          },
        ],
        [
          'Payment:9',
          { kind: 'declined', refusal: { code: 'linkedNotRestored', record: { entity: 'Invoice', id: '5' } } },
        ],
      ]),
    });
    // Only the payment's dependency is looked up, in its own chunk.
    expect(asked).toEqual([[0, 'Invoice:5']]);
  });

  it('a linked record with no outcome yet blocks too', async () => {
    const { ctx } = context([payment]);
    const res = await restoreOperation.prepare(fakeClient(), [payment], ctx);
    expect(res.kind === 'ok' && res.skips.get('Payment:9')).toMatchObject({ refusal: { code: 'linkedNotRestored' } });
  });

  it('the rest are sent, numbered 1.. in order (refused ones take no number)', async () => {
    const other = toRestore('Invoice', '8', { TotalAmt: 2 });
    const { ctx, asked } = context([invoice, refused, payment, other], {
      'Invoice:5': stored({ kind: 'restored', newId: '105' }),
    });
    const res = await restoreOperation.prepare(fakeClient(), [invoice, refused, payment, other], ctx);
    expect(res).toMatchObject({
      kind: 'ok',
      send: [
        { bId: '1', key: 'Invoice:5', entity: 'Invoice', id: '5', body: { TotalAmt: 4 } },
        { bId: '2', key: 'Payment:9', entity: 'Payment', id: '9', body: paymentSent },
        { bId: '3', key: 'Invoice:8', entity: 'Invoice', id: '8', body: { TotalAmt: 2 } },
      ],
    });
    expect(res.kind === 'ok' && [...res.skips.keys()]).toEqual(['Bill:3']);
    // Records without a dependency have none to look up; no item carries a SyncToken.
    expect(asked).toEqual([[0, 'Invoice:5']]);
    expect(res.kind === 'ok' && res.send.some((i) => 'syncToken' in i)).toBe(false);
    // The plan's body itself is never changed.
    expect(bodyOf(payment)).toEqual(paymentRaw);
  });
});

describe('restoreOperation.sendBatch / sendOne', () => {
  const earlier = { 'Invoice:5': stored({ kind: 'restored', newId: '105' }) };

  it('one batch of creates: links to restored records point at the new Id, the rest stay; the attempt is the requestid', async () => {
    const { ctx } = context([invoice, payment], earlier, { allowDuplicateDocNumbers: true });
    const fault = { code: '6140', message: 'dup' };
    const { client: c, creates } = client([
      okResults(
        [
          ['1', { kind: 'created', newId: '200' }],
          ['2', { kind: 'refused', fault }],
          ['3', { kind: 'closedPeriod', fault }],
          ['4', { kind: 'missing' }],
        ],
        'tid-c',
      ),
    ]);
    const prepared = await restoreOperation.prepare(c, [invoice, payment], ctx);
    if (prepared.kind !== 'ok') throw new Error('prepare failed');
    // Sent as journaled: no body is built a second time (the new Id 105 is not looked up again).
    const { ctx: bare } = context([], {}, { allowDuplicateDocNumbers: true });
    const answer = await restoreOperation.sendBatch(c, prepared.send, { ...bare, outcomeOf: async () => undefined });
    expect(answer).toEqual({
      kind: 'perItem',
      intuitTid: 'tid-c',
      results: new Map<string, unknown>([
        ['1', { kind: 'restored', newId: '200' }],
        ['2', { kind: 'refused', fault }],
        ['3', { kind: 'closedPeriod', fault }],
        ['4', 'verify'],
      ]),
    });
    expect(creates).toEqual([
      {
        options: { requestId: 'attempt-7', allowDuplicateDocNumbers: true },
        items: [
          { bId: '1', entity: 'Invoice', body: { TotalAmt: 4 } },
          {
            bId: '2',
            entity: 'Payment',
            body: {
              TotalAmt: 10,
              Line: [
                { Amount: 4, LinkedTxn: [{ TxnId: '105', TxnType: 'Invoice' }] },
                { Amount: 6, LinkedTxn: [{ TxnId: '6', TxnType: 'Invoice' }] },
              ],
            },
          },
        ],
      },
    ]);
    // The plan's body itself is never changed.
    expect(bodyOf(payment)).toEqual(paymentRaw);
  });

  it('sends each item’s journaled body as is, without its record or any outcome', async () => {
    const asked: string[] = [];
    const { ctx } = context([]);
    const outcomeOf = async (_: number, key: string) => {
      asked.push(key);
      return undefined;
    };
    const lookups = { ...ctx, outcomeOf };
    const { client: c, creates } = client([okResults([['1', { kind: 'created', newId: '201' }]])]);
    await restoreOperation.sendBatch(c, [sent(payment, '1', paymentSent)], lookups);
    expect(creates[0]?.items).toEqual([{ bId: '1', entity: 'Payment', body: paymentSent }]);
    expect(asked).toEqual([]);
  });

  it('an item journaled before bodies were (SyncToken 0, no body) has its body rebuilt from its record', async () => {
    const { ctx } = context([invoice, payment], earlier);
    const { client: c, creates } = client([okResults([['2', { kind: 'created', newId: '201' }]])]);
    await restoreOperation.sendBatch(c, [item(payment, '2')], ctx);
    expect(creates[0]?.items).toEqual([{ bId: '2', entity: 'Payment', body: paymentSent }]);
  });

  it('allow-duplicate is false unless the job chose it; a failed call is passed through', async () => {
    const { ctx } = context([invoice]);
    const failure = { kind: 'ambiguous' as const, reason: '503', meta: { status: 503 } };
    const { client: c, creates } = client([failure]);
    expect(await restoreOperation.sendOne(c, item(invoice, 'b1'), ctx)).toEqual(failure);
    expect(creates).toEqual([
      {
        options: { requestId: 'attempt-7', allowDuplicateDocNumbers: false },
        items: [{ bId: 'b1', entity: 'Invoice', body: { TotalAmt: 4 } }],
      },
    ]);
  });

  it('sendOne is a batch of one', async () => {
    const { ctx } = context([invoice]);
    const { client: c, creates } = client([okResults([['b1', { kind: 'created', newId: '300' }]])]);
    expect(await restoreOperation.sendOne(c, item(invoice, 'b1'), ctx)).toEqual({
      kind: 'perItem',
      intuitTid: undefined,
      results: new Map([['b1', { kind: 'restored', newId: '300' }]]),
    });
    expect(creates).toHaveLength(1);
  });

  it('an old item with no record, or one that can no longer be sent, is a bug: nothing is sent', async () => {
    const { client: c, creates } = client([]);
    await expect(restoreOperation.sendBatch(c, [item(invoice, '1')], context([]).ctx)).rejects.toThrow(
      'restore: Invoice:5 has no body to send',
    );
    await expect(restoreOperation.sendBatch(c, [item(payment, '1')], context([payment]).ctx)).rejects.toThrow(
      'restore: Payment:9 has no body to send',
    );
    await expect(restoreOperation.sendBatch(c, [item(refused, '1')], context([refused]).ctx)).rejects.toThrow(
      /has no body to send/,
    );
    expect(creates).toEqual([]);
  });
});

describe('restoreOperation.verify: the same attempt again, then each new Id read back', () => {
  const a = toRestore('Invoice', '1', { TotalAmt: 1 });
  const b = toRestore('Invoice', '2', { TotalAmt: 2 });
  const p = toRestore('Payment', '3', { TotalAmt: 3 });
  const d = toRestore('Invoice', '4', { TotalAmt: 4 });
  const e = toRestore('Bill', '5', { TotalAmt: 5 });
  const f = toRestore('Bill', '6', { TotalAmt: 6 });
  const items = [sent(a, '1'), sent(b, '2'), sent(p, '3'), sent(d, '4'), sent(e, '5'), sent(f, '6')];
  const fault = { code: '6210', message: 'closed' };

  it('restored only when the new record reads back; a refusal is final; missing or unread stays to verify', async () => {
    const { ctx } = context([a, b, p, d, e, f]);
    const {
      client: c,
      creates,
      reads,
    } = client(
      [
        okResults(
          [
            ['1', { kind: 'created', newId: '101' }],
            ['2', { kind: 'created', newId: '102' }], // not read back
            ['3', { kind: 'created', newId: '101' }], // same new Id, another entity
            ['4', { kind: 'missing' }],
            ['5', { kind: 'closedPeriod', fault }],
            ['6', { kind: 'refused', fault }],
          ],
          'tid-replay',
        ),
      ],
      [
        { entity: 'Invoice', id: '101' },
        { entity: 'Payment', id: '101' },
        { entity: 'Invoice', id: '999' },
      ],
    );
    expect(await restoreOperation.verify(c, items, ctx)).toEqual({
      kind: 'ok',
      intuitTid: 'tid-read-Payment',
      outcomes: new Map<string, unknown>([
        ['Bill:5', { kind: 'closedPeriod', fault }],
        ['Bill:6', { kind: 'refused', fault }],
        ['Invoice:1', { kind: 'restored', newId: '101' }],
        ['Payment:3', { kind: 'restored', newId: '101' }],
      ]),
    });
    expect(creates.map((x) => x.options)).toEqual([{ requestId: 'attempt-7', allowDuplicateDocNumbers: false }]);
    expect(creates[0]?.items.map((x) => x.bId)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(reads).toEqual([
      ['Invoice', ['101', '102']],
      ['Payment', ['101']],
    ]);
  });

  it('not found while the first create may still land: nothing sent again, nothing concluded', async () => {
    const { ctx, resent } = context([a, b], {}, { landed: false });
    const { client: c, creates } = client([]);
    expect(await restoreOperation.verify(c, [sent(a, '1'), sent(b, '2')], ctx)).toEqual({
      kind: 'ok',
      outcomes: new Map(),
    });
    expect(creates).toEqual([]);
    expect(resent).toEqual([]);
  });

  it('not found once it can no longer land: the re-send is journaled first, then sent', async () => {
    const { ctx, resent } = context([a]);
    const { client: c, creates } = client([okResults([['1', { kind: 'missing' }]])]);
    await restoreOperation.verify(c, [sent(a, '1')], ctx);
    expect(resent).toEqual([['Invoice:1']]);
    expect(creates).toHaveLength(1);
  });

  it('a re-send that cannot be journaled (the job is gone) is not sent', async () => {
    const { ctx } = context([a]);
    const { client: c, creates } = client([]);
    const res = await restoreOperation.verify(c, [sent(a, '1')], { ...ctx, beforeResend: async () => false });
    expect(res).toMatchObject({ kind: 'ok', outcomes: new Map() });
    expect(creates).toEqual([]);
  });

  it('nothing created: no read, the replay’s intuit_tid', async () => {
    const { ctx } = context([e]);
    const { client: c, reads } = client([okResults([['5', { kind: 'missing' }]], 'tid-replay')]);
    expect(await restoreOperation.verify(c, [sent(e, '5')], ctx)).toEqual({
      kind: 'ok',
      intuitTid: 'tid-replay',
      outcomes: new Map(),
    });
    expect(reads).toEqual([]);
  });

  it('a read without intuit_tid keeps the replay’s; an item absent from the replay stays; a stray record is ignored', async () => {
    const { ctx } = context([a, b]);
    const { client: c } = client(
      [okResults([['1', { kind: 'created', newId: '101' }]], 'tid-replay')],
      [],
      async () => ({
        kind: 'ok',
        meta: { status: 200 },
        calls: 1,
        // A record the replay did not create (never asked for) proves nothing and is ignored.
        records: [
          { entity: 'Invoice', id: '555', syncToken: '0', linkedTxn: [], raw: {} },
          { entity: 'Invoice', id: '101', syncToken: '0', linkedTxn: [], raw: {} },
        ],
      }),
    );
    expect(await restoreOperation.verify(c, [sent(a, '1'), sent(b, '2')], ctx)).toEqual({
      kind: 'ok',
      intuitTid: 'tid-replay',
      outcomes: new Map([['Invoice:1', { kind: 'restored', newId: '101' }]]),
    });
  });

  it('a failed replay or a failed read-back is the answer', async () => {
    const failure = { kind: 'ambiguous' as const, reason: 'reset', meta: { status: 0 } };
    const { ctx } = context([a]);
    expect(await restoreOperation.verify(client([failure]).client, [sent(a, '1')], ctx)).toEqual(failure);
    const readFailure = { kind: 'rateLimited' as const, retryAfterMs: 1, meta: { status: 429 } };
    const { client: c } = client([okResults([['1', { kind: 'created', newId: '101' }]])], [], async () => readFailure);
    expect(await restoreOperation.verify(c, [sent(a, '1')], ctx)).toEqual(readFailure);
  });
});
