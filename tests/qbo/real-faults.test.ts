/**
 * Faults as the real service sends them where the document's rules would mislead (issue 23 §2, §3,
 * §8), over real HTTP from a fixture server: a SystemFault inside an HTTP 200 is ambiguous (R5),
 * never a refusal; a ThrottleExceeded 3001 is a throttle whatever its status (403 in older captures),
 * JSON or XML; a 429 without Retry-After waits 60 s; a 5010 "Stale Object Error" on a delete is a
 * stale record, not a refusal; a 610 worded "made inactive" is still already gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboClient } from '../../lib/qbo/client-api';
import type { DeleteRequestItem } from '../../lib/qbo/outcomes';
import { DEFAULT_RETRY_AFTER_MS } from '../../lib/qbo/retry-after';
import { lowercase403, xml429 } from '../fixtures/payloads/faults';
import {
  alreadyDeleted610Item,
  staleObject5010,
  systemFault200,
  systemFaultItem,
  throttle403Json,
  throttle403Xml,
} from '../fixtures/payloads/real-deviations';
import { clientFor } from './helpers/client';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';

let server: FixtureServer;
let client: QboClient;
const invoice: DeleteRequestItem = { bId: '1', entity: 'Invoice', id: '33', syncToken: '3' };
const payment: DeleteRequestItem = { bId: '2', entity: 'Payment', id: '100', syncToken: '0' };

beforeAll(async () => {
  server = await startFixtureServer();
  client = clientFor(server.url);
});
afterAll(() => server.close());

describe('SystemFault 10000 inside an HTTP 200 is ambiguous (R5), never refused', () => {
  it('a single delete answered 200 + SystemFault: the record is to be verified', async () => {
    server.setHandler(() => ({ body: systemFault200 }));
    expect(await client.deleteOne(invoice)).toMatchObject({
      kind: 'ok',
      result: { kind: 'ambiguous', fault: { code: '10000', system: true } },
    });
  });

  it('a batch item answered with a SystemFault is ambiguous; its neighbours keep their own answers', async () => {
    server.setHandler(() => ({
      body: { BatchItemResponse: [systemFaultItem('1'), { bId: '2', Payment: { status: 'Deleted', Id: '100' } }] },
    }));
    const result = await client.batchDelete([invoice, payment]);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('1')).toMatchObject({ kind: 'ambiguous', fault: { code: '10000' } });
    expect(result.results.get('2')).toEqual({ kind: 'deleted' });
  });

  it('a whole batch answered 200 + SystemFault is an ambiguous call', async () => {
    server.setHandler(() => ({ body: systemFault200 }));
    expect(await client.batchDelete([invoice])).toMatchObject({ kind: 'ambiguous', meta: { status: 200 } });
  });

  it('the type alone decides: a SystemFault with another code is ambiguous too, even with HTTP 400', async () => {
    const other = { Fault: { ...systemFault200.Fault, Error: [{ Message: 'Internal error', code: '500' }] } };
    server.setHandler(() => ({ status: 400, body: other }));
    expect(await client.deleteOne(invoice)).toMatchObject({ kind: 'ok', result: { kind: 'ambiguous' } });
    expect(await client.batchDelete([invoice])).toMatchObject({ kind: 'ambiguous', meta: { status: 400 } });
  });

  it('a create answered with a SystemFault says nothing: it is verified, not refused', async () => {
    server.setHandler(() => ({ body: { BatchItemResponse: [systemFaultItem('1')] } }));
    const result = await client.batchCreate([{ bId: '1', entity: 'Invoice', body: { CustomerRef: { value: '1' } } }], {
      requestId: 'r-1',
    });
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('1')).toEqual({ kind: 'missing' });
  });
});

describe('ThrottleExceeded 3001 is a throttle whatever the HTTP status', () => {
  for (const [name, body] of [
    ['lowercase JSON', throttle403Json],
    ['XML', throttle403Xml],
  ] as const) {
    it(`403 with a ${name} 3001 body → rateLimited (60 s), never forbidden`, async () => {
      server.setHandler(() => ({ status: 403, body }));
      expect(await client.readPreferences()).toMatchObject({
        kind: 'rateLimited',
        retryAfterMs: DEFAULT_RETRY_AFTER_MS,
      });
      expect(await client.deleteOne(invoice)).toMatchObject({
        kind: 'rateLimited',
        retryAfterMs: DEFAULT_RETRY_AFTER_MS,
      });
      expect(await client.batchDelete([invoice])).toMatchObject({ kind: 'rateLimited', meta: { status: 403 } });
    });
  }

  it('a 400 carrying 3001 on a single delete is a throttle, not the record refused', async () => {
    server.setHandler(() => ({
      status: 400,
      body: { Fault: { Error: [{ Message: 'ThrottleExceeded', code: '3001' }] } },
    }));
    expect(await client.deleteOne(invoice)).toMatchObject({ kind: 'rateLimited' });
  });

  it('a real 3100 with 403 is still forbidden', async () => {
    server.setHandler(() => ({ status: 403, body: lowercase403 }));
    expect(await client.deleteOne(invoice)).toMatchObject({ kind: 'forbidden', fault: { code: '3100' } });
  });

  it('a 5xx stays ambiguous whatever its body says (only a re-read proves what it did)', async () => {
    server.setHandler(() => ({ status: 503, body: throttle403Xml }));
    expect(await client.batchDelete([invoice])).toMatchObject({ kind: 'ambiguous', meta: { status: 503 } });
  });
});

describe('429 as the real service sends it: XML ThrottleExceeded, no Retry-After header', () => {
  it('waits the 60 s default on a batch delete, a single delete and a read', async () => {
    server.setHandler(() => ({ status: 429, body: xml429 }));
    expect(await client.batchDelete([invoice])).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 60_000,
      meta: { status: 429 },
    });
    expect(await client.deleteOne(invoice)).toMatchObject({ kind: 'rateLimited', retryAfterMs: 60_000 });
    expect(await client.readByIds('Invoice', ['33'])).toMatchObject({ kind: 'rateLimited', retryAfterMs: 60_000 });
  });
});

describe('5010 "Stale Object Error" on a delete: the record changed since it was read', () => {
  it('single (HTTP 400) and per batch item → stale, never refused', async () => {
    server.setHandler(() => ({ status: 400, body: staleObject5010 }));
    expect(await client.deleteOne(invoice)).toMatchObject({
      kind: 'ok',
      result: { kind: 'stale', fault: { code: '5010', message: 'Stale Object Error' } },
    });
    server.setHandler(() => ({ body: { BatchItemResponse: [{ bId: '1', Fault: staleObject5010.Fault }] } }));
    const result = await client.batchDelete([invoice]);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('1')).toMatchObject({ kind: 'stale', fault: { code: '5010' } });
  });
});

describe('610 worded "Something you\'re trying to use has been made inactive"', () => {
  it('on a batch delete of an already-deleted invoice is already gone', async () => {
    server.setHandler(() => ({ body: { BatchItemResponse: [alreadyDeleted610Item('1')] } }));
    const result = await client.batchDelete([invoice]);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('1')).toMatchObject({ kind: 'alreadyGone', fault: { code: '610' } });
  });
});
