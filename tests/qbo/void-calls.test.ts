/**
 * Issue 11 §2 "Void instead of delete", the client's half (service-facts "Void"): the exact requests
 * `voidOne` / `batchVoid` send, and what each answer is taken to mean. First against a fake fetch
 * (every byte of the request seen, any answer crafted), then against the simulator in both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOIDABLE_ENTITIES } from '../../lib/domain/entities';
import { createQboClient } from '../../lib/qbo/client';
import type { QboClient } from '../../lib/qbo/client-api';
import type { DeleteRequestItem } from '../../lib/qbo/outcomes';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { closedPeriod6200, closedPeriod6210, notFound610, systemFault10000 } from '../fixtures/payloads/faults';
import { deleteItem, simClient, splitKey, tamperingFetch } from './helpers/sim';

const REALM = '1234567890123';
const BASE = 'https://api.example.test';

interface Seen {
  method: string;
  path: string;
  search: string;
  query: URLSearchParams;
  headers: Headers;
  json: unknown;
}

type Answer = { status?: number; body?: unknown } | 'drop';

/** A fetch that records every request and answers what the test says (a string body is sent as is). */
function fakeFetch(answer: (seen: Seen) => Answer = () => ({ status: 404, body: '' })) {
  const seen: Seen[] = [];
  let handler = answer;
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const s: Seen = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      query: url.searchParams,
      headers: request.headers,
      json: text ? JSON.parse(text) : undefined,
    };
    seen.push(s);
    const a = handler(s);
    if (a === 'drop') throw new TypeError('fetch failed: socket hang up');
    const body = typeof a.body === 'string' ? a.body : a.body === undefined ? '' : JSON.stringify(a.body);
    return new Response(body, { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return {
    fetch: fetchFn,
    seen,
    answer(next: (seen: Seen) => Answer) {
      handler = next;
    },
  };
}

function fakeClient(f: ReturnType<typeof fakeFetch>): QboClient {
  return createQboClient({
    realmId: REALM,
    environment: 'sandbox',
    baseUrl: BASE,
    getToken: () => 'test-token',
    fetch: f.fetch,
    now: () => Date.parse('2026-01-15T12:00:00Z'),
  });
}

const invoice: DeleteRequestItem = { bId: 'i', entity: 'Invoice', id: '33', syncToken: '3' };
const payment: DeleteRequestItem = { bId: 'p', entity: 'Payment', id: '7', syncToken: '0' };
const receipt: DeleteRequestItem = { bId: 's', entity: 'SalesReceipt', id: '12', syncToken: '5' };
const billPayment: DeleteRequestItem = { bId: 'b', entity: 'BillPayment', id: '90', syncToken: '1' };
const deposited6540 = {
  Fault: {
    Error: [{ Message: 'Deposited Transaction cannot be changed', code: '6540' }],
    type: 'ValidationFault',
  },
};
/** The real service's answer to a Bill's void: HTTP 200, a system Fault, no record (service-facts "Void"). */
const realBillVoidAnswer = { Fault: systemFault10000.Fault, time: '2026-01-15T04:00:00.000-08:00' };

/** The record as a void answers it: still there, amount 0, noted "Voided". */
const voidedAnswer = (item: DeleteRequestItem) => {
  const key = item.entity;
  return {
    [key]: { Id: item.id, SyncToken: String(Number(item.syncToken) + 1), TotalAmt: 0, PrivateNote: 'Voided' },
    time: '2026-01-15T04:00:00.000-08:00',
  };
};

describe('voidOne against a fake fetch', () => {
  it('an Invoice: POST invoice?minorversion=75&operation=void with exactly {Id, SyncToken} (no sparse)', async () => {
    const f = fakeFetch(() => ({ body: voidedAnswer(invoice) }));
    expect(await fakeClient(f).voidOne(invoice)).toEqual({
      kind: 'ok',
      meta: { status: 200 },
      result: { kind: 'answered' },
    });
    expect(f.seen).toHaveLength(1);
    const [seen] = f.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.path).toBe(`/v3/company/${REALM}/invoice`);
    expect(seen?.search).toBe('?minorversion=75&operation=void');
    expect(seen?.headers.get('content-type')).toContain('application/json');
    expect(seen?.headers.get('authorization')).toBe('Bearer test-token');
    expect(seen?.json).toEqual({ Id: '33', SyncToken: '3' });
  });

  it.each([
    [payment, 'payment'],
    [receipt, 'salesreceipt'],
    [billPayment, 'billpayment'],
  ] as const)(
    'a %s: POST <entity>?operation=update&include=void with {Id, SyncToken, sparse: true}',
    async (item, path) => {
      const f = fakeFetch(() => ({ body: voidedAnswer(item) }));
      expect(await fakeClient(f).voidOne(item)).toMatchObject({ kind: 'ok', result: { kind: 'answered' } });
      const [seen] = f.seen;
      expect(seen?.path).toBe(`/v3/company/${REALM}/${path}`);
      expect(seen?.search).toBe('?minorversion=75&operation=update&include=void');
      expect(seen?.query.get('operation')).toBe('update');
      expect(seen?.query.get('include')).toBe('void');
      expect(seen?.json).toEqual({ Id: item.id, SyncToken: item.syncToken, sparse: true });
    },
  );

  it('a 200 naming another record, or no record, proves nothing: ambiguous', async () => {
    const f = fakeFetch(() => ({ body: { Invoice: { Id: '34', TotalAmt: 0 } } }));
    const client = fakeClient(f);
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'ambiguous', meta: { status: 200 } });
    f.answer(() => ({ body: { Payment: { Id: '33' } } })); // the right Id under another entity's key
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'ambiguous' });
    f.answer(() => ({ body: '<IntuitResponse><Invoice><Id>33</Id></Invoice></IntuitResponse>' }));
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'ambiguous' });
    f.answer(() => ({ body: '' }));
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'ambiguous' });
  });

  it("a 200 carrying a capitalised Fault is the fault's answer, never answered (a SystemFault: ambiguous)", async () => {
    const f = fakeFetch(() => ({ body: { Fault: notFound610.Fault, Invoice: { Id: '33' } } }));
    const client = fakeClient(f);
    // A fault wins even when the record is named beside it.
    expect(await client.voidOne(invoice)).toMatchObject({
      kind: 'ok',
      result: { kind: 'alreadyGone', fault: { code: '610' } },
    });
    // A server error says nothing of what was applied (R5, issue 23 §8): verified by re-reading.
    f.answer(() => ({ body: realBillVoidAnswer }));
    expect(await client.voidOne(payment)).toEqual({
      kind: 'ok',
      meta: { status: 200 },
      result: {
        kind: 'ambiguous',
        fault: {
          code: '10000',
          message: 'An application error has occurred while processing your request',
          system: true,
        },
      },
    });
  });

  it('400 6540 → deposited; 6200 / 6210 → closedPeriod; 610 → alreadyGone; other faults → refused', async () => {
    const f = fakeFetch(() => ({ status: 400, body: deposited6540 }));
    const client = fakeClient(f);
    expect(await client.voidOne(payment)).toMatchObject({
      kind: 'ok',
      meta: { status: 400 },
      result: { kind: 'deposited', fault: { code: '6540' } },
    });
    f.answer(() => ({ status: 400, body: closedPeriod6200 }));
    expect(await client.voidOne(invoice)).toMatchObject({
      kind: 'ok',
      result: { kind: 'closedPeriod', fault: { code: '6200' } },
    });
    f.answer(() => ({ status: 400, body: closedPeriod6210 }));
    expect(await client.voidOne(receipt)).toMatchObject({
      kind: 'ok',
      result: { kind: 'closedPeriod', fault: { code: '6210' } },
    });
    f.answer(() => ({ status: 400, body: notFound610 }));
    expect(await client.voidOne(billPayment)).toMatchObject({
      kind: 'ok',
      result: { kind: 'alreadyGone', fault: { code: '610' } },
    });
    f.answer(() => ({
      status: 400,
      body: {
        Fault: { Error: [{ Message: 'Operation void is not supported', code: '2010' }], type: 'ValidationFault' },
      },
    }));
    expect(await client.voidOne(invoice)).toMatchObject({
      kind: 'ok',
      result: { kind: 'refused', fault: { code: '2010' } },
    });
  });

  it('R5: a 5xx, a dropped connection, a 400 without a fault are ambiguous (maybe applied)', async () => {
    const f = fakeFetch(() => ({ status: 500, body: 'oops' }));
    const client = fakeClient(f);
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'ambiguous', meta: { status: 500 } });
    f.answer(() => ({ status: 503, body: systemFault10000 }));
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'ambiguous', meta: { status: 503 } });
    f.answer(() => 'drop');
    expect(await client.voidOne(payment)).toMatchObject({ kind: 'ambiguous', meta: { status: 0 } });
    f.answer(() => ({ status: 400, body: 'Bad Request' }));
    expect(await client.voidOne(payment)).toMatchObject({ kind: 'ambiguous', meta: { status: 400 } });
  });

  it('401 / 429 are call failures, not a record answer', async () => {
    const f = fakeFetch(() => ({ status: 401, body: '' }));
    const client = fakeClient(f);
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'unauthorized' });
    f.answer(() => ({ status: 429, body: '' }));
    expect(await client.voidOne(invoice)).toMatchObject({ kind: 'rateLimited' });
  });

  it.each(['Bill', 'JournalEntry', 'Purchase', 'CreditMemo', 'Deposit', 'Estimate'] as const)(
    'a %s cannot be voided: a TypeError before any request',
    async (entity) => {
      const f = fakeFetch(() => ({ body: { [entity]: { Id: '5' } } }));
      const client = fakeClient(f);
      const item: DeleteRequestItem = { bId: 'x', entity, id: '5', syncToken: '0' };
      await expect(client.voidOne(item)).rejects.toThrow(TypeError);
      await expect(client.batchVoid([invoice, item])).rejects.toThrow(TypeError);
      expect(f.seen).toHaveLength(0);
    },
  );

  it('refuses a bad Id or SyncToken locally (a bug), before any request', async () => {
    const f = fakeFetch(() => ({ body: voidedAnswer(invoice) }));
    const client = fakeClient(f);
    await expect(client.voidOne({ ...invoice, id: "1' OR '1'='1" })).rejects.toThrow(TypeError);
    await expect(client.voidOne({ ...invoice, syncToken: '' })).rejects.toThrow(TypeError);
    expect(f.seen).toHaveLength(0);
  });
});

describe('batchVoid against a fake fetch', () => {
  const items = [invoice, payment, receipt, billPayment];

  it('one POST batch: an Invoice item operation "void"; the others "update" + optionsData "void", sparse', async () => {
    const f = fakeFetch(() => ({ body: { BatchItemResponse: [] } }));
    await fakeClient(f).batchVoid(items);
    expect(f.seen).toHaveLength(1);
    const [seen] = f.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.path).toBe(`/v3/company/${REALM}/batch`);
    expect(seen?.search).toBe('?minorversion=75');
    expect(seen?.json).toEqual({
      BatchItemRequest: [
        { bId: 'i', operation: 'void', Invoice: { Id: '33', SyncToken: '3' } },
        { bId: 'p', operation: 'update', optionsData: 'void', Payment: { Id: '7', SyncToken: '0', sparse: true } },
        {
          bId: 's',
          operation: 'update',
          optionsData: 'void',
          SalesReceipt: { Id: '12', SyncToken: '5', sparse: true },
        },
        {
          bId: 'b',
          operation: 'update',
          optionsData: 'void',
          BillPayment: { Id: '90', SyncToken: '1', sparse: true },
        },
      ],
    });
  });

  it('matches answers by bId in any order; a fault in an item wins; an absent bId is missing', async () => {
    const f = fakeFetch(() => ({
      body: {
        BatchItemResponse: [
          { bId: 's', Fault: closedPeriod6210.Fault },
          { bId: 'p', Fault: deposited6540.Fault },
          { bId: 'i', Invoice: voidedAnswer(invoice).Invoice },
          // 'b' absent
          { bId: 'zz', Invoice: { Id: '999' } }, // an unknown bId is ignored
        ],
        time: '2026-01-15T04:00:00.000-08:00',
      },
    }));
    const result = await fakeClient(f).batchVoid(items);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect([...result.results.entries()].sort()).toEqual([
      ['b', { kind: 'missing' }],
      ['i', { kind: 'answered' }],
      ['p', { kind: 'deposited', fault: { code: '6540', message: 'Deposited Transaction cannot be changed' } }],
      ['s', expect.objectContaining({ kind: 'closedPeriod', fault: expect.objectContaining({ code: '6210' }) })],
    ]);
  });

  it('an item naming another record, or the real Bill SystemFault shape, is not answered', async () => {
    const f = fakeFetch(() => ({
      body: {
        BatchItemResponse: [
          { bId: 'i', Invoice: { Id: '34' } }, // wrong record: proves nothing → missing
          { bId: 'p', ...realBillVoidAnswer },
          { bId: 's', Fault: notFound610.Fault },
          { bId: 'b', Fault: closedPeriod6200.Fault },
        ],
      },
    }));
    const result = await fakeClient(f).batchVoid(items);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('i')).toEqual({ kind: 'missing' });
    expect(result.results.get('p')).toMatchObject({ kind: 'ambiguous', fault: { code: '10000' } });
    expect(result.results.get('s')).toMatchObject({ kind: 'alreadyGone', fault: { code: '610' } });
    expect(result.results.get('b')).toMatchObject({ kind: 'closedPeriod', fault: { code: '6200' } });
  });

  it('a repeated bId in the answer keeps the first', async () => {
    const f = fakeFetch(() => ({
      body: {
        BatchItemResponse: [
          { bId: 'i', Fault: notFound610.Fault },
          { bId: 'i', Invoice: { Id: '33' } },
        ],
      },
    }));
    const result = await fakeClient(f).batchVoid([invoice]);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('i')).toMatchObject({ kind: 'alreadyGone' });
  });

  it('R5: a 5xx, a dropped connection, an unreadable 200 are ambiguous for the whole call', async () => {
    const f = fakeFetch(() => ({ status: 500, body: '' }));
    const client = fakeClient(f);
    expect(await client.batchVoid(items)).toMatchObject({ kind: 'ambiguous', meta: { status: 500 } });
    f.answer(() => 'drop');
    expect(await client.batchVoid(items)).toMatchObject({ kind: 'ambiguous', meta: { status: 0 } });
    f.answer(() => ({ body: 'garbage' }));
    expect(await client.batchVoid(items)).toMatchObject({ kind: 'ambiguous', meta: { status: 200 } });
    f.answer(() => ({ body: { Invoice: { Id: '33' } } })); // no BatchItemResponse
    expect(await client.batchVoid(items)).toMatchObject({ kind: 'ambiguous' });
  });

  it('a whole-call 400 with a fault is refusedWhole (nothing applied)', async () => {
    const f = fakeFetch(() => ({
      status: 400,
      body: {
        Fault: { Error: [{ Message: 'Batch size exceeds allowed limit', code: '1040' }], type: 'ValidationFault' },
      },
    }));
    expect(await fakeClient(f).batchVoid(items)).toMatchObject({ kind: 'refusedWhole', fault: { code: '1040' } });
  });

  it('0 or 31 items, and repeated bIds, are refused locally without a call', async () => {
    const f = fakeFetch(() => ({ body: { BatchItemResponse: [] } }));
    const client = fakeClient(f);
    const many = Array.from({ length: 31 }, (_, i) => ({ ...invoice, bId: String(i) }));
    await expect(client.batchVoid([])).rejects.toThrow(TypeError);
    await expect(client.batchVoid(many)).rejects.toThrow(TypeError);
    await expect(client.batchVoid([invoice, invoice])).rejects.toThrow(TypeError);
    expect(f.seen).toHaveLength(0);
  });
});

describe.each<FidelityMode>(['document', 'real'])('void calls against the simulator (%s mode)', (mode) => {
  let sim: Simulator;
  const clock = Date.parse('2026-06-01T12:00:00Z');
  beforeAll(async () => {
    sim = await startSimulator({ mode, now: () => clock });
  });
  afterAll(() => sim.close());

  const voidableCompany = (extra: Partial<Parameters<Simulator['seedCompany']>[0]> = {}) =>
    sim.seedCompany({
      count: 16,
      entities: { Invoice: 1, Payment: 1, SalesReceipt: 1, BillPayment: 1 },
      seed: 21,
      ...extra,
    });
  const firstOf = (co: SeededCompany, entity: string, not: readonly string[] = []) => {
    const key = co.keys.all.find((k) => k.startsWith(`${entity}:`) && !not.includes(k));
    if (!key) throw new Error(`no ${entity} seeded`);
    return key;
  };
  const expectVoided = (co: SeededCompany, key: string, sentSyncToken: string) => {
    const record = sim.record(co.realmId, key);
    expect(record).toBeDefined();
    expect(record?.TotalAmt).toBe(0);
    expect(String(record?.PrivateNote)).toMatch(/^Voided/);
    expect(record?.SyncToken).toBe(String(Number(sentSyncToken) + 1));
    expect(sim.truth(co.realmId).appliedVoids(key)).toBe(1);
    expect(sim.truth(co.realmId).exists(key)).toBe(true);
  };

  it('voidOne of each voidable type is answered and applied once; nothing is deleted', async () => {
    const co = voidableCompany();
    const client = simClient(sim, co);
    for (const entity of VOIDABLE_ENTITIES) {
      const key = firstOf(co, entity);
      const item = deleteItem(sim, co.realmId, key);
      expect(await client.voidOne(item)).toMatchObject({
        kind: 'ok',
        meta: { status: 200 },
        result: { kind: 'answered' },
      });
      expectVoided(co, key, item.syncToken);
    }
    expect(sim.truth(co.realmId).deletedKeys()).toEqual([]);
    const voids = sim.requestLog(co.realmId).filter((e) => e.endpoint === 'void');
    expect(voids).toHaveLength(VOIDABLE_ENTITIES.length);
  });

  it('batchVoid of every voidable type, answers shuffled, matched by bId', async () => {
    const co = voidableCompany({ seed: 22 });
    sim.setShuffleBatchResults(true);
    try {
      const keys = co.keys.all.slice(0, 16);
      const items = keys.map((key, i) => deleteItem(sim, co.realmId, key, `b${i}`));
      const result = await simClient(sim, co).batchVoid(items);
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(result.results.size).toBe(16);
      for (const item of items) {
        expect(result.results.get(item.bId)).toEqual({ kind: 'answered' });
        expectVoided(co, `${item.entity}:${item.id}`, item.syncToken);
      }
      expect(new Set(items.map((i) => i.entity))).toEqual(new Set(VOIDABLE_ENTITIES));
      expect(sim.truth(co.realmId).deletedKeys()).toEqual([]);
    } finally {
      sim.setShuffleBatchResults(false);
    }
  });

  it('a batch answer without one bId (a proxy dropped it) leaves that item missing', async () => {
    const co = voidableCompany({ seed: 23 });
    const keys = co.keys.all.slice(0, 3);
    const items = keys.map((key, i) => deleteItem(sim, co.realmId, key, `b${i}`));
    const dropB1 = tamperingFetch((_url, json) => {
      const list = json.BatchItemResponse;
      if (Array.isArray(list)) json.BatchItemResponse = list.filter((r) => (r as { bId?: string }).bId !== 'b1');
      return json;
    });
    const result = await simClient(sim, co, { fetch: dropB1 }).batchVoid(items);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.results.get('b0')).toEqual({ kind: 'answered' });
    expect(result.results.get('b1')).toEqual({ kind: 'missing' });
    expect(result.results.get('b2')).toEqual({ kind: 'answered' });
  });

  it('6540: a deposited Payment or SalesReceipt is deposited, single or in a batch, and not voided', async () => {
    const co = voidableCompany({ seed: 24, count: 20, depositedShare: 0.4 });
    expect(co.keys.deposited.length).toBeGreaterThanOrEqual(2);
    const [one, two] = co.keys.deposited;
    const client = simClient(sim, co);
    expect(await client.voidOne(deleteItem(sim, co.realmId, one!))).toMatchObject({
      kind: 'ok',
      meta: { status: 400 },
      result: { kind: 'deposited', fault: { code: '6540' } },
    });
    const batch = await client.batchVoid([deleteItem(sim, co.realmId, two!, 'd')]);
    if (batch.kind !== 'ok') throw new Error(batch.kind);
    expect(batch.results.get('d')).toMatchObject({ kind: 'deposited', fault: { code: '6540' } });
    for (const key of [one!, two!]) {
      expect(sim.truth(co.realmId).appliedVoids(key)).toBe(0);
      expect(sim.record(co.realmId, key)?.TotalAmt).not.toBe(0);
    }
  });

  it('R3: a closed period is closedPeriod (6200 document, 6210 real), single or in a batch', async () => {
    const co = voidableCompany({ seed: 25, count: 20, closedShare: 0.4 });
    const closed = co.keys.closed.filter((k) => !co.keys.deposited.includes(k));
    expect(closed.length).toBeGreaterThanOrEqual(2);
    const code = mode === 'document' ? '6200' : '6210';
    const client = simClient(sim, co);
    expect(await client.voidOne(deleteItem(sim, co.realmId, closed[0]!))).toMatchObject({
      kind: 'ok',
      result: { kind: 'closedPeriod', fault: { code } },
    });
    const batch = await client.batchVoid([deleteItem(sim, co.realmId, closed[1]!, 'c')]);
    if (batch.kind !== 'ok') throw new Error(batch.kind);
    expect(batch.results.get('c')).toMatchObject({ kind: 'closedPeriod', fault: { code } });
    expect(sim.truth(co.realmId).voidedKeys()).toEqual([]);
  });

  it('610: a record another user removed is alreadyGone, single or in a batch', async () => {
    const co = voidableCompany({ seed: 26 });
    const invoiceKey = firstOf(co, 'Invoice');
    const paymentKey = firstOf(co, 'Payment');
    const items = [deleteItem(sim, co.realmId, invoiceKey, 'i'), deleteItem(sim, co.realmId, paymentKey, 'p')];
    sim.removeRecord(co.realmId, invoiceKey);
    sim.removeRecord(co.realmId, paymentKey);
    const client = simClient(sim, co);
    expect(await client.voidOne(items[0]!)).toMatchObject({
      kind: 'ok',
      result: { kind: 'alreadyGone', fault: { code: '610' } },
    });
    const batch = await client.batchVoid(items);
    if (batch.kind !== 'ok') throw new Error(batch.kind);
    expect(batch.results.get('i')).toMatchObject({ kind: 'alreadyGone' });
    expect(batch.results.get('p')).toMatchObject({ kind: 'alreadyGone' });
  });

  it('R5: a 500 or a dropped connection after applying is ambiguous, though the void happened', async () => {
    const co = voidableCompany({ seed: 27 });
    const client = simClient(sim, co);
    const [a, b, c, d] = co.keys.all;
    sim.injectFault({ endpoint: 'void', kind: 'error500-after', realmId: co.realmId });
    const itemA = deleteItem(sim, co.realmId, a!);
    expect(await client.voidOne(itemA)).toMatchObject({ kind: 'ambiguous', meta: { status: 500 } });
    expectVoided(co, a!, itemA.syncToken);
    sim.injectFault({ endpoint: 'void', kind: 'drop-after', realmId: co.realmId });
    const itemB = deleteItem(sim, co.realmId, b!);
    expect(await client.voidOne(itemB)).toMatchObject({ kind: 'ambiguous', meta: { status: 0 } });
    expectVoided(co, b!, itemB.syncToken);
    sim.injectFault({ endpoint: 'batch', kind: 'error500-after', realmId: co.realmId });
    const items = [deleteItem(sim, co.realmId, c!, 'c'), deleteItem(sim, co.realmId, d!, 'd')];
    expect(await client.batchVoid(items)).toMatchObject({ kind: 'ambiguous', meta: { status: 500 } });
    for (const item of items) expectVoided(co, `${item.entity}:${item.id}`, item.syncToken);
    // ...and a 500 before applying changes nothing, though it reads the same.
    const rest = co.keys.all.filter((k) => ![a, b, c, d].includes(k));
    sim.injectFault({ endpoint: 'void', kind: 'error500-before', realmId: co.realmId });
    expect(await client.voidOne(deleteItem(sim, co.realmId, rest[0]!))).toMatchObject({ kind: 'ambiguous' });
    expect(sim.truth(co.realmId).appliedVoids(rest[0]!)).toBe(0);
  });

  it("the real service's Bill answer (HTTP 200 + SystemFault), put on a Payment's void, is ambiguous, not refused", async () => {
    // The body the simulator gives a Bill's void in real mode (document mode: a clean 400 2010).
    const co = sim.seedCompany({ count: 4, entities: { Bill: 1, Payment: 1 }, seed: 28 });
    const billKey = firstOf(co, 'Bill');
    const raw = await fetch(`${sim.url}/v3/company/${co.realmId}/bill?operation=update&include=void&minorversion=75`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${co.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Id: splitKey(billKey).id, SyncToken: '0', sparse: true }),
    });
    const billStatus = raw.status;
    const billBody = await raw.text();
    expect(billStatus).toBe(mode === 'real' ? 200 : 400);
    const f = fakeFetch(() => ({ status: billStatus, body: billBody }));
    const client = fakeClient(f);
    const answer = await client.voidOne({ bId: 'p', entity: 'Payment', id: '7', syncToken: '0' });
    expect(answer).toMatchObject({
      kind: 'ok',
      result: { kind: mode === 'real' ? 'ambiguous' : 'refused', fault: { code: mode === 'real' ? '10000' : '2010' } },
    });
    // The same body inside a batch item.
    const itemBody = JSON.parse(billBody) as Record<string, unknown>;
    f.answer(() => ({ body: { BatchItemResponse: [{ bId: 'p', ...itemBody }] } }));
    const batch = await client.batchVoid([{ bId: 'p', entity: 'Payment', id: '7', syncToken: '0' }]);
    if (batch.kind !== 'ok') throw new Error(batch.kind);
    expect(batch.results.get('p')).toMatchObject({ kind: mode === 'real' ? 'ambiguous' : 'refused' });
    expect(sim.truth(co.realmId).voidedKeys()).toEqual([]);
  });

  it('a non-voidable record is never sent to the simulator', async () => {
    const co = sim.seedCompany({ count: 4, entities: { Bill: 1, JournalEntry: 1 }, seed: 29 });
    const client = simClient(sim, co);
    for (const key of co.keys.all) {
      await expect(client.voidOne(deleteItem(sim, co.realmId, key))).rejects.toThrow(TypeError);
      await expect(client.batchVoid([deleteItem(sim, co.realmId, key)])).rejects.toThrow(TypeError);
    }
    expect(sim.requestLog(co.realmId).filter((e) => e.endpoint === 'void' || e.endpoint === 'batch')).toEqual([]);
  });
});
