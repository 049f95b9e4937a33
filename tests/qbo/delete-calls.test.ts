import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboClient } from '../../lib/qbo/client-api';
import { batchDelete, deleteOne, MAX_BATCH_ITEMS } from '../../lib/qbo/delete-calls';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';
import type { DeleteRequestItem } from '../../lib/qbo/outcomes';
import {
  batchDeposited6540,
  batchOutOfOrder,
  batchOver30Fault1040,
  batchRequests,
  cardPaymentDeleteAnswer,
  singleDeleteAnswer,
} from '../fixtures/payloads/batch';
import { closedPeriod6200, notFound610, stale5010ClosedPeriod, xml429 } from '../fixtures/payloads/faults';
import { clientFor } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';

let server: FixtureServer;
let client: QboClient;
const invoice33: DeleteRequestItem = { bId: 'x', entity: 'Invoice', id: '33', syncToken: '3' };

beforeAll(async () => {
  server = await startFixtureServer();
  client = clientFor(server.url);
});
afterAll(() => server.close());

describe('4.1 deleteOne', () => {
  it('POSTs the unwrapped {Id, SyncToken} to the entity path with operation=delete', async () => {
    server.setHandler(() => ({ body: singleDeleteAnswer }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'ok', result: { kind: 'deleted' } });
    const seen = server.requests.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(seen.path).toBe(`/v3/company/${REALM}/invoice`);
    expect(seen.query.get('operation')).toBe('delete');
    expect(seen.query.get('minorversion')).toBe('75');
    expect(seen.headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen.body)).toEqual({ Id: '33', SyncToken: '3' });
  });

  it('reads CreditCardPayment under its JSON key CreditCardPaymentTxn', async () => {
    server.setHandler(() => ({ body: cardPaymentDeleteAnswer }));
    const item: DeleteRequestItem = { bId: 'x', entity: 'CreditCardPayment', id: '55', syncToken: '0' };
    expect(await client.deleteOne(item)).toMatchObject({ kind: 'ok', result: { kind: 'deleted' } });
    expect(server.requests.at(-1)!.path).toBe(`/v3/company/${REALM}/creditcardpayment`);
  });

  it('610: a 400 "Object Not Found" is alreadyGone', async () => {
    server.setHandler(() => ({ status: 400, body: notFound610 }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'ok', result: { kind: 'alreadyGone' } });
  });

  it('R3: 6200, and 5010 "Account Period Closed", are closedPeriod', async () => {
    server.setHandler(() => ({ status: 400, body: closedPeriod6200 }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'ok', result: { kind: 'closedPeriod' } });
    server.setHandler(() => ({ status: 400, body: stale5010ClosedPeriod }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'ok', result: { kind: 'closedPeriod' } });
  });

  it('R5: a 200 with XML or garbage is ambiguous, never deleted', async () => {
    server.setHandler(() => ({ body: '<IntuitResponse><Invoice status="Deleted"/></IntuitResponse>' }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'ambiguous', meta: { status: 200 } });
    server.setHandler(() => ({ body: '{"Invoice": {"status": "Deleted", "Id": "34"}}' }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'ambiguous' });
  });

  it('R5: a 500 after the call is ambiguous', async () => {
    server.setHandler(() => ({ status: 500, body: 'oops' }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'ambiguous', meta: { status: 500 } });
  });

  it('3001: an XML 429 on a delete is rateLimited', async () => {
    server.setHandler(() => ({ status: 429, body: xml429, headers: { 'retry-after': '60' } }));
    expect(await client.deleteOne(invoice33)).toMatchObject({ kind: 'rateLimited', retryAfterMs: 60_000 });
  });

  it('refuses a bad Id or a missing SyncToken locally (a bug)', async () => {
    await expect(client.deleteOne({ ...invoice33, id: "1' OR '1'='1" })).rejects.toThrow(TypeError);
    await expect(client.deleteOne({ ...invoice33, syncToken: '' })).rejects.toThrow(TypeError);
  });
});

describe('4.3 batchDelete', () => {
  it('sends BatchItemRequest with bId, operation and the record under its JSON key', async () => {
    server.setHandler(() => ({ body: batchOutOfOrder }));
    await client.batchDelete(batchRequests);
    const seen = server.requests.at(-1)!;
    expect(seen.path).toBe(`/v3/company/${REALM}/batch`);
    expect(JSON.parse(seen.body).BatchItemRequest).toEqual([
      { bId: '1', operation: 'delete', Invoice: { Id: '129', SyncToken: '0' } },
      { bId: '2', operation: 'delete', Invoice: { Id: '130', SyncToken: '2' } },
      { bId: '3', operation: 'delete', Invoice: { Id: '131', SyncToken: '1' } },
      { bId: '4', operation: 'delete', Payment: { Id: '7', SyncToken: '0' } },
    ]);
  });

  it('matches results by bId, never by position; an absent bId is missing; 6210 is closedPeriod (R3)', async () => {
    server.setHandler(() => ({ body: batchOutOfOrder }));
    const result = await client.batchDelete(batchRequests);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('1')).toEqual({ kind: 'deleted' });
    expect(result.results.get('2')).toMatchObject({ kind: 'alreadyGone', fault: { code: '610' } });
    expect(result.results.get('3')).toMatchObject({ kind: 'closedPeriod', fault: { code: '6210' } });
    expect(result.results.get('4')).toEqual({ kind: 'missing' });
  });

  it('6540: a deposited payment is deposited', async () => {
    server.setHandler(() => ({ body: batchDeposited6540 }));
    const result = await client.batchDelete([{ bId: '1', entity: 'Payment', id: '7', syncToken: '0' }]);
    expect(result).toMatchObject({ kind: 'ok' });
    if (result.kind === 'ok') expect(result.results.get('1')).toMatchObject({ kind: 'deposited' });
  });

  it('1040: a whole-call 400 is refusedWhole', async () => {
    server.setHandler(() => ({ status: 400, body: batchOver30Fault1040 }));
    expect(await client.batchDelete(batchRequests)).toMatchObject({ kind: 'refusedWhole', fault: { code: '1040' } });
  });

  it('R5: an unreadable 200 batch answer is ambiguous', async () => {
    server.setHandler(() => ({ body: 'garbage' }));
    expect(await client.batchDelete(batchRequests)).toMatchObject({ kind: 'ambiguous' });
  });

  it('1040: refuses 0 or 31 items, and repeated bIds, locally without a call', async () => {
    const before = server.requests.length;
    const many = Array.from({ length: 31 }, (_, i) => ({ ...invoice33, bId: String(i) }));
    await expect(client.batchDelete([])).rejects.toThrow(TypeError);
    await expect(client.batchDelete(many)).rejects.toThrow(TypeError);
    await expect(client.batchDelete([invoice33, invoice33])).rejects.toThrow(TypeError);
    expect(server.requests.length).toBe(before);
  });
});

/*
 * Edge cases of lib/qbo/delete-calls.ts (issue 13): what proves a record deleted (R5), and
 * how a batch answer is matched to its items. A wrong "deleted" here loses a record's only copy of
 * its state in the audit log; a wrong match reports one record's fate for another.
 */
const NOW = Date.parse('2026-01-15T12:00:00Z');

function ctxAnswering(answer: HttpAnswer | ((request: HttpRequest) => HttpAnswer)) {
  const sent: HttpRequest[] = [];
  const ctx: CallContext = {
    send: async (request) => {
      sent.push(request);
      return typeof answer === 'function' ? answer(request) : answer;
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

describe('deleteOne: only an answer naming our record proves a delete', () => {
  it('status "Deleted" in any case, with our Id or without one', async () => {
    for (const Invoice of [{ status: 'Deleted', Id: '33' }, { status: 'DELETED' }, { status: 'deleted', Id: '33' }]) {
      const { ctx } = ctxAnswering(ok({ Invoice }));
      expect(await deleteOne(ctx, invoice())).toEqual({
        kind: 'ok',
        meta: { status: 200 },
        result: { kind: 'deleted' },
      });
    }
  });

  it('another Id, another status, another entity key, or no object: ambiguous (R5)', async () => {
    for (const body of [
      { Invoice: { status: 'Deleted', Id: '34' } },
      { Invoice: { status: 'Active', Id: '33' } },
      { Bill: { status: 'Deleted', Id: '33' } },
      { Invoice: 'Deleted' },
      'null',
      '42',
    ]) {
      const { ctx } = ctxAnswering(ok(body));
      const result = await deleteOne(ctx, invoice());
      expect(result.kind).toBe('ambiguous');
    }
  });

  it('a 200 carrying a fault is that fault’s result, not ambiguous', async () => {
    const { ctx } = ctxAnswering(ok({ Fault: { Error: [{ code: '610', Message: 'Object Not Found' }] } }));
    expect(await deleteOne(ctx, invoice())).toMatchObject({ kind: 'ok', result: { kind: 'alreadyGone' } });
  });

  it('keeps intuit_tid on a delete answer', async () => {
    const { ctx } = ctxAnswering(ok({ Invoice: { status: 'Deleted' } }, 200, { intuit_tid: 'tid-1' }));
    expect(await deleteOne(ctx, invoice())).toMatchObject({ meta: { status: 200, intuitTid: 'tid-1' } });
  });

  it('only a 400 is one record’s answer: a 404 or 409 with a fault is a whole-call refusal', async () => {
    const fault = { Fault: { Error: [{ code: '610', Message: 'Object Not Found' }] } };
    expect(await deleteOne(ctxAnswering(ok(fault, 400)).ctx, invoice())).toMatchObject({
      kind: 'ok',
      result: { kind: 'alreadyGone' },
    });
    expect(await deleteOne(ctxAnswering(ok(fault, 404)).ctx, invoice())).toMatchObject({ kind: 'refusedWhole' });
    // A 400 without a readable fault: nothing proves the record's fate.
    expect(await deleteOne(ctxAnswering(ok('', 400)).ctx, invoice())).toMatchObject({ kind: 'ambiguous' });
  });

  it('no token: unauthorized without an answer; no answer: ambiguous with status 0', async () => {
    expect(await deleteOne(ctxAnswering({ kind: 'noToken' }).ctx, invoice())).toEqual({
      kind: 'unauthorized',
      meta: { status: 0 },
    });
    expect(await deleteOne(ctxAnswering({ kind: 'noAnswer', reason: 'reset' }).ctx, invoice())).toEqual({
      kind: 'ambiguous',
      reason: 'reset',
      meta: { status: 0 },
    });
  });

  it('a 429 reads Retry-After against the injected clock', async () => {
    const { ctx } = ctxAnswering(ok('', 429, { 'retry-after': 'Thu, 15 Jan 2026 12:00:30 GMT' }));
    expect(await deleteOne(ctx, invoice())).toMatchObject({ kind: 'rateLimited', retryAfterMs: 30_000 });
  });

  it('refuses, before any call, an entity off the list, a bad Id, a bad SyncToken', async () => {
    const { ctx, sent } = ctxAnswering(ok({}));
    const bad: DeleteRequestItem[] = [
      { ...invoice(), entity: 'Customer' as DeleteRequestItem['entity'] },
      { ...invoice(), id: '0033' },
      { ...invoice(), syncToken: 'x' },
      { ...invoice(), syncToken: undefined as unknown as string },
    ];
    for (const item of bad) await expect(deleteOne(ctx, item)).rejects.toThrow(TypeError);
    expect(sent).toHaveLength(0);
  });
});

describe('batchDelete: matched by bId', () => {
  const answer = (items: unknown[]) => ok({ BatchItemResponse: items });

  it('1 and 30 items are a batch; 0 and 31 are a bug', async () => {
    const { ctx } = ctxAnswering(answer([]));
    const items = (n: number) => Array.from({ length: n }, (_, i) => invoice(String(i + 1), `b${i}`));
    await expect(batchDelete(ctx, items(0))).rejects.toThrow(TypeError);
    await expect(batchDelete(ctx, items(MAX_BATCH_ITEMS + 1))).rejects.toThrow(TypeError);
    expect((await batchDelete(ctx, items(1))).kind).toBe('ok');
    expect((await batchDelete(ctx, items(MAX_BATCH_ITEMS))).kind).toBe('ok');
  });

  it('an empty or repeated bId is a bug', async () => {
    const { ctx, sent } = ctxAnswering(answer([]));
    await expect(batchDelete(ctx, [invoice('1', '')])).rejects.toThrow(TypeError);
    await expect(batchDelete(ctx, [invoice('1', 'a'), invoice('2', 'a')])).rejects.toThrow(TypeError);
    await expect(batchDelete(ctx, [{ ...invoice('1'), bId: undefined as unknown as string }])).rejects.toThrow(
      TypeError,
    );
    expect(sent).toHaveLength(0);
  });

  it('the first answer for a bId counts; unknown bIds and unreadable items are ignored; the rest are missing', async () => {
    const { ctx } = ctxAnswering(
      answer([
        { bId: 'b2', Invoice: { status: 'Deleted', Id: '2' } },
        { bId: 'b2', Fault: { Error: [{ code: '6210', Message: 'closed' }] } },
        { bId: 'zz', Invoice: { status: 'Deleted', Id: '1' } },
        { nobId: true },
        'junk',
        { bId: 'b1', Invoice: { status: 'Deleted', Id: '999' } }, // names another record
      ]),
    );
    const result = await batchDelete(ctx, [invoice('1', 'b1'), invoice('2', 'b2'), invoice('3', 'b3')]);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect([...result.results]).toEqual([
      ['b2', { kind: 'deleted' }],
      ['b1', { kind: 'missing' }],
      ['b3', { kind: 'missing' }],
    ]);
  });

  it('sends every item under its JSON key with its bId and operation', async () => {
    const { ctx, sent } = ctxAnswering(answer([]));
    await batchDelete(ctx, [invoice('1', 'b1'), { bId: 'b2', entity: 'CreditCardPayment', id: '2', syncToken: '0' }]);
    expect(sent[0]).toEqual({
      method: 'POST',
      path: 'batch',
      json: {
        BatchItemRequest: [
          { bId: 'b1', operation: 'delete', Invoice: { Id: '1', SyncToken: '3' } },
          { bId: 'b2', operation: 'delete', CreditCardPaymentTxn: { Id: '2', SyncToken: '0' } },
        ],
      },
    });
  });

  it('an unreadable 200 is ambiguous with an excerpt; a failed call is passed through', async () => {
    expect(await batchDelete(ctxAnswering(ok('{"nope":1}')).ctx, [invoice()])).toEqual({
      kind: 'ambiguous',
      reason: 'unreadable batch answer: {"nope":1}',
      meta: { status: 200 },
    });
    expect(await batchDelete(ctxAnswering(ok('', 503)).ctx, [invoice()])).toMatchObject({
      kind: 'ambiguous',
      meta: { status: 503 },
    });
  });
});
