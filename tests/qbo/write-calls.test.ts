/**
 * Edge cases of lib/qbo/write-calls.ts (issue 13), the one write path under delete, void and
 * create: exactly what it sends (no stray query parameters), and what each answer becomes.
 */
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';
import type { DeleteRequestItem } from '../../lib/qbo/outcomes';
import { batchVoid, voidOne } from '../../lib/qbo/void-calls';
import { checkItem, MAX_BATCH_ITEMS } from '../../lib/qbo/write-calls';

const NOW = Date.parse('2026-01-15T12:00:00Z');

function ctxAnswering(answer: HttpAnswer) {
  const sent: HttpRequest[] = [];
  const ctx: CallContext = {
    send: async (request) => {
      sent.push(request);
      return answer;
    },
    now: () => NOW,
  };
  return { ctx, sent };
}

const ok = (body: unknown, status = 200, headers: Record<string, string> = {}): HttpAnswer => ({
  kind: 'answer',
  status,
  headers: new Headers(headers),
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const invoice = (id = '33', bId = 'b1'): DeleteRequestItem => ({ bId, entity: 'Invoice', id, syncToken: '3' });

describe('checkItem', () => {
  it('accepts an allow-listed entity with a valid Id and SyncToken, and nothing else', () => {
    expect(() => checkItem('x', invoice())).not.toThrow();
    expect(() => checkItem('x', { ...invoice(), entity: 'Customer' as DeleteRequestItem['entity'] })).toThrow(
      'x: not an allow-listed entity: Customer',
    );
    expect(() => checkItem('x', { ...invoice(), id: '' })).toThrow('x: invalid Id ""');
    expect(() => checkItem('x', { ...invoice(), syncToken: '' })).toThrow('x: invalid SyncToken ""');
    expect(() => checkItem('x', { ...invoice(), syncToken: 3 as unknown as string })).toThrow('x: invalid SyncToken 3');
  });
});

describe('writeBatch: the request', () => {
  it('no params key at all when the write has none (a void or a delete)', async () => {
    const { ctx, sent } = ctxAnswering(ok({ BatchItemResponse: [] }));
    await batchVoid(ctx, [invoice()]);
    expect(sent).toStrictEqual([
      {
        method: 'POST',
        path: 'batch',
        json: { BatchItemRequest: [{ bId: 'b1', operation: 'void', Invoice: { Id: '33', SyncToken: '3' } }] },
      },
    ]);
    expect('params' in sent[0]!).toBe(false);
  });

  it('exactly 30 items is one batch, 31 is a bug', async () => {
    expect(MAX_BATCH_ITEMS).toBe(30);
    const { ctx, sent } = ctxAnswering(ok({ BatchItemResponse: [] }));
    const items = (n: number) => Array.from({ length: n }, (_, i) => invoice(String(i + 1), `b${i}`));
    const res = await batchVoid(ctx, items(30));
    expect(res.kind === 'ok' && res.results.size).toBe(30);
    await expect(batchVoid(ctx, items(31))).rejects.toThrow('batch void: 31 items; a batch holds 1 to 30');
    await expect(batchVoid(ctx, [])).rejects.toThrow('batch void: 0 items; a batch holds 1 to 30');
    expect(sent).toHaveLength(1);
  });

  it('a bad item is refused under the batch label, before anything is sent', async () => {
    const { ctx, sent } = ctxAnswering(ok({ BatchItemResponse: [] }));
    await expect(batchVoid(ctx, [invoice(), { ...invoice('34', 'b2'), id: 'x' }])).rejects.toThrow(
      'batch void: invalid Id "x"',
    );
    await expect(batchVoid(ctx, [invoice('1', 'b'), invoice('2', 'b')])).rejects.toThrow(
      'batch void: bId "b" missing or repeated',
    );
    await expect(batchVoid(ctx, [invoice('1', '')])).rejects.toThrow('batch void: bId "" missing or repeated');
    await expect(batchVoid(ctx, [{ ...invoice('1'), bId: 7 as unknown as string }])).rejects.toThrow(
      'batch void: bId 7 missing or repeated',
    );
    expect(sent).toEqual([]);
  });
});

describe('writeOne / writeBatch: the answers', () => {
  it('an unreadable single answer is ambiguous with the write’s name and an excerpt', async () => {
    const { ctx } = ctxAnswering(ok('{"Invoice":{"Id":"34"}}', 200, { intuit_tid: 't1' }));
    expect(await voidOne(ctx, invoice())).toEqual({
      kind: 'ambiguous',
      reason: 'unreadable void answer: {"Invoice":{"Id":"34"}}',
      meta: { status: 200, intuitTid: 't1' },
    });
  });

  it('a single answer keeps its meta; a 400 fault is the record’s answer with the 400’s meta', async () => {
    expect(
      await voidOne(ctxAnswering(ok({ Invoice: { Id: '33' } }, 200, { intuit_tid: 't2' })).ctx, invoice()),
    ).toEqual({ kind: 'ok', meta: { status: 200, intuitTid: 't2' }, result: { kind: 'answered' } });
    const fault = { Fault: { Error: [{ code: '6000', Message: 'no' }] } };
    expect(await voidOne(ctxAnswering(ok(fault, 400, { intuit_tid: 't3' })).ctx, invoice())).toEqual({
      kind: 'ok',
      meta: { status: 400, intuitTid: 't3' },
      result: { kind: 'refused', fault: { code: '6000', message: 'no' } },
    });
  });

  it('a 200 of null, or null under the entity key, proves nothing: ambiguous, not a crash', async () => {
    for (const body of ['null', '{"Invoice":null}']) {
      expect(await voidOne(ctxAnswering(ok(body)).ctx, invoice()), body).toEqual({
        kind: 'ambiguous',
        reason: `unreadable void answer: ${body}`,
        meta: { status: 200 },
      });
    }
  });

  it('no token or no answer: nothing is read from an answer', async () => {
    expect(await voidOne(ctxAnswering({ kind: 'noToken' }).ctx, invoice())).toEqual({
      kind: 'unauthorized',
      meta: { status: 0 },
    });
    expect(await voidOne(ctxAnswering({ kind: 'noAnswer', reason: 'reset' }).ctx, invoice())).toEqual({
      kind: 'ambiguous',
      reason: 'reset',
      meta: { status: 0 },
    });
  });

  it('a batch answer keeps its meta; an item with a non-string bId is ignored', async () => {
    const { ctx } = ctxAnswering(
      ok(
        {
          BatchItemResponse: [
            { bId: 1, Invoice: { Id: '33' } },
            { bId: 'b2', Invoice: { Id: '34' } },
          ],
        },
        200,
        { intuit_tid: 't4' },
      ),
    );
    expect(await batchVoid(ctx, [invoice('33', '1'), invoice('34', 'b2')])).toEqual({
      kind: 'ok',
      meta: { status: 200, intuitTid: 't4' },
      results: new Map([
        ['b2', { kind: 'answered' }],
        ['1', { kind: 'missing' }],
      ]),
    });
  });

  it('an unreadable batch answer is ambiguous with the answer’s meta', async () => {
    const { ctx } = ctxAnswering(ok('not json', 200, { intuit_tid: 't5' }));
    expect(await batchVoid(ctx, [invoice()])).toEqual({
      kind: 'ambiguous',
      reason: 'unreadable batch answer: not json',
      meta: { status: 200, intuitTid: 't5' },
    });
  });
});
