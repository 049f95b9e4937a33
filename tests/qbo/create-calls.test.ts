/**
 * Edge cases of lib/qbo/create-calls.ts (issue 13): the exact batch a restore sends (its
 * `requestid`, the allow-duplicate choice), what a create may carry, and what each item's answer
 * means. A wrong "created" here loses a record (never re-sent); a wrong refusal leaves it deleted.
 */
import { describe, expect, it } from 'vitest';
import { batchCreate, type CreateRequestItem } from '../../lib/qbo/create-calls';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';

const NOW = Date.parse('2026-01-15T12:00:00Z');

function ctxAnswering(body: unknown, status = 200) {
  const sent: HttpRequest[] = [];
  const ctx: CallContext = {
    send: async (request): Promise<HttpAnswer> => {
      sent.push(request);
      return {
        kind: 'answer',
        status,
        headers: new Headers(),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      };
    },
    now: () => NOW,
  };
  return { ctx, sent };
}

const create = (
  bId = '1',
  entity: CreateRequestItem['entity'] = 'Invoice',
  body: Record<string, unknown> = { TotalAmt: 5 },
): CreateRequestItem => ({
  bId,
  entity,
  body,
});

const fault = (code: string, Message = 'x') => ({ Fault: { Error: [{ code, Message }], type: 'ValidationFault' } });

describe('batchCreate: the request', () => {
  it('one batch POST with the requestid, the entity key and operation "create"', async () => {
    const { ctx, sent } = ctxAnswering({ BatchItemResponse: [] });
    await batchCreate(ctx, [create('1'), create('2', 'CreditCardPayment', { Amount: 1 })], { requestId: 'a-1' });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: 'batch',
        params: [['requestid', 'a-1']],
        json: {
          BatchItemRequest: [
            { bId: '1', operation: 'create', Invoice: { TotalAmt: 5 } },
            { bId: '2', operation: 'create', CreditCardPaymentTxn: { Amount: 1 } },
          ],
        },
      },
    ]);
  });

  it('include=allowduplicatedocnum only when chosen', async () => {
    for (const [allow, params] of [
      [
        true,
        [
          ['requestid', 'r'],
          ['include', 'allowduplicatedocnum'],
        ],
      ],
      [false, [['requestid', 'r']]],
      [undefined, [['requestid', 'r']]],
    ] as const) {
      const { ctx, sent } = ctxAnswering({ BatchItemResponse: [] });
      await batchCreate(ctx, [create()], { requestId: 'r', allowDuplicateDocNumbers: allow });
      expect(sent[0]?.params, String(allow)).toEqual(params);
    }
  });

  it('a requestid of 1..50 safe characters only (checked before anything is sent)', async () => {
    const ok50 = 'a'.repeat(50);
    const { ctx, sent } = ctxAnswering({ BatchItemResponse: [] });
    await batchCreate(ctx, [create()], { requestId: ok50 });
    await batchCreate(ctx, [create()], { requestId: 'A_z.0:9-' });
    expect(sent).toHaveLength(2);
    for (const bad of ['', 'a'.repeat(51), 'a b', 'x/y', 'é', 'a\nb', ' a']) {
      expect(() => batchCreate(ctx, [create()], { requestId: bad }), JSON.stringify(bad)).toThrow(
        /requestid must be 1\.\.50 safe characters/,
      );
    }
    expect(sent).toHaveLength(2);
  });

  it('refuses, before sending, an entity off the allow-list, a missing body, or one with Id / SyncToken', async () => {
    const { ctx, sent } = ctxAnswering({ BatchItemResponse: [] });
    const bad: [unknown, RegExp][] = [
      [{ bId: '1', entity: 'Customer', body: {} }, /batch create: not an allow-listed entity: Customer/],
      [{ bId: '1', entity: 'Invoice', body: null }, /batch create: no body/],
      [{ bId: '1', entity: 'Invoice', body: 'x' }, /batch create: no body/],
      [{ bId: '1', entity: 'Invoice', body: [] }, /batch create: no body/],
      [{ bId: '1', entity: 'Invoice' }, /batch create: no body/],
      [{ bId: '1', entity: 'Invoice', body: { Id: '3' } }, /batch create: a create carries no Id or SyncToken/],
      [{ bId: '1', entity: 'Invoice', body: { SyncToken: '0' } }, /batch create: a create carries no Id/],
    ];
    for (const [item, message] of bad) {
      await expect(
        batchCreate(ctx, [item as CreateRequestItem], { requestId: 'r' }),
        JSON.stringify(item),
      ).rejects.toThrow(message);
    }
    expect(sent).toEqual([]);
  });
});

describe('batchCreate: each item’s answer', () => {
  it('created only with a valid new Id under the entity’s key', async () => {
    const { ctx } = ctxAnswering({
      BatchItemResponse: [
        { bId: '1', Invoice: { Id: '901', SyncToken: '0' } },
        { bId: '2', CreditCardPaymentTxn: { Id: '902' } },
        { bId: '3', Invoice: { Id: '903' } }, // wrong key for a Bill
        { bId: '4', Invoice: { Id: '007' } }, // not a valid Id
        { bId: '5', Invoice: null },
        { bId: '6', Invoice: { Id: 904 } },
        { bId: '7', Invoice: 'created' },
      ],
    });
    const items = [
      create('1'),
      create('2', 'CreditCardPayment'),
      create('3', 'Bill'),
      create('4'),
      create('5'),
      create('6'),
      create('7'),
    ];
    const res = await batchCreate(ctx, items, { requestId: 'r' });
    expect(res.kind).toBe('ok');
    if (res.kind !== 'ok') return;
    expect(Object.fromEntries(res.results)).toEqual({
      '1': { kind: 'created', newId: '901' },
      '2': { kind: 'created', newId: '902' },
      '3': { kind: 'missing' },
      '4': { kind: 'missing' },
      '5': { kind: 'missing' },
      '6': { kind: 'missing' },
      '7': { kind: 'missing' },
    });
  });

  it('a fault is a refusal, the closed period as such (a 610 never means done)', async () => {
    const { ctx } = ctxAnswering({
      BatchItemResponse: [
        { bId: '1', ...fault('6200', 'closed') },
        { bId: '2', ...fault('6210', 'closed') },
        { bId: '3', ...fault('610', 'Object Not Found') },
        { bId: '4', ...fault('6140', 'Duplicate Document Number Error') },
        { bId: '5', ...fault('6540', 'deposited') },
        { bId: '6', ...fault('5010', 'Account Period Closed') },
        // A fault wins over a body.
        { bId: '7', ...fault('6000', 'invalid'), Invoice: { Id: '905' } },
      ],
    });
    const items = ['1', '2', '3', '4', '5', '6', '7'].map((b) => create(b));
    const res = await batchCreate(ctx, items, { requestId: 'r' });
    if (res.kind !== 'ok') throw new Error(res.kind);
    expect(Object.fromEntries(res.results)).toEqual({
      '1': { kind: 'closedPeriod', fault: { code: '6200', message: 'closed' } },
      '2': { kind: 'closedPeriod', fault: { code: '6210', message: 'closed' } },
      '3': { kind: 'refused', fault: { code: '610', message: 'Object Not Found' } },
      '4': { kind: 'refused', fault: { code: '6140', message: 'Duplicate Document Number Error' } },
      '5': { kind: 'refused', fault: { code: '6540', message: 'deposited' } },
      '6': { kind: 'closedPeriod', fault: { code: '5010', message: 'Account Period Closed' } },
      '7': { kind: 'refused', fault: { code: '6000', message: 'invalid' } },
    });
  });

  it('a 5xx is ambiguous (re-sent later with the same requestid), never created', async () => {
    const { ctx } = ctxAnswering('oops', 503);
    expect(await batchCreate(ctx, [create()], { requestId: 'r' })).toMatchObject({ kind: 'ambiguous' });
  });
});
