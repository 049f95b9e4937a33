import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboClient } from '../../lib/qbo/client-api';
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
