/**
 * readWindows on the simulator (lib/qbo/read-windows.ts): the resolver's windows read at once, each
 * window's count(*) and first page as query items of one batch call, R4 per window; a window with
 * more rows than a page, or a batch answer that proves nothing (a Fault, a cut page), is read again
 * alone — never concluded from. The second half pins each such answer one at a time against a
 * scripted service, with the calls it costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { CallContext } from '../../lib/qbo/exchange';
import { createHttp } from '../../lib/qbo/http';
import { readWindows, type TxnWindow } from '../../lib/qbo/read-windows';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { tamperingFetch } from '../qbo/helpers/sim';

function contextOf(sim: Simulator, co: SeededCompany, fetcher?: typeof fetch): CallContext {
  const options = { realmId: co.realmId, environment: 'sandbox' as const, baseUrl: sim.url, getToken: () => co.token };
  return { send: createHttp(fetcher ? { ...options, fetch: fetcher } : options), now: Date.now };
}

const NOVEMBER: TxnWindow[] = [
  { entity: 'Invoice', from: '2026-11-01', to: '2026-11-30' },
  { entity: 'Bill', from: '2026-11-01', to: '2026-11-30' },
  { entity: 'Purchase', from: '2026-11-01', to: '2026-11-30' },
];

describe.each<FidelityMode>(['document', 'real'])('readWindows (%s mode)', (mode) => {
  let sim: Simulator;
  let co: SeededCompany;
  const idsIn = (w: { entity: Entity; from: string; to: string }) =>
    sim
      .records(co.realmId)
      .filter((r) => r.entity === w.entity && String(r.json.TxnDate) >= w.from && String(r.json.TxnDate) <= w.to)
      .map((r) => String(r.json.Id))
      .sort();
  const idsOf = (records: unknown[]) => records.map((r) => String((r as { Id: string }).Id)).sort();

  beforeAll(async () => {
    sim = await startSimulator({ mode, requestLimits: false });
    co = sim.seedCompany({
      count: 150,
      seed: 9,
      entities: { Invoice: 3, Bill: 1, Purchase: 1 },
      startDate: '2026-10-01',
      endDate: '2026-12-31',
    });
  });
  afterAll(() => sim.close());

  it('three types of one month: one batch call, every window exactly its records', async () => {
    const before = sim.requestLog(co.realmId).length;
    const result = await readWindows(contextOf(sim, co), NOVEMBER, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map(idsOf)).toEqual(NOVEMBER.map(idsIn));
    expect(NOVEMBER.every((w) => idsIn(w).length > 0)).toBe(true);
    expect(result.calls).toBe(1);
    expect(sim.requestLog(co.realmId).length - before).toBe(1);
  });

  it('a window with more rows than a page is paged on alone (R4 per window)', async () => {
    const result = await readWindows(contextOf(sim, co), NOVEMBER, 5);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map(idsOf)).toEqual(NOVEMBER.map(idsIn));
    expect(result.calls).toBeGreaterThan(1);
  });

  it('a batch item that is a Fault or a page cut short is never concluded from: the window is read alone', async () => {
    const tamper = tamperingFetch((url, json) => {
      const items = (json as { BatchItemResponse?: Record<string, unknown>[] }).BatchItemResponse;
      if (!/\/batch/.test(url) || !Array.isArray(items)) return json;
      return {
        ...json,
        BatchItemResponse: items.map((item) => {
          if (item.bId === 'c0') return { bId: 'c0', Fault: { type: 'ValidationFault', Error: [{ code: '4000' }] } };
          const response = item.QueryResponse as Record<string, unknown> | undefined;
          if (item.bId === 'p1' && Array.isArray(response?.Bill))
            return { ...item, QueryResponse: { ...response, Bill: response.Bill.slice(1) } };
          return item;
        }),
      };
    });
    const result = await readWindows(contextOf(sim, co, tamper), NOVEMBER, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map(idsOf)).toEqual(NOVEMBER.map(idsIn));
    // One batch, then the Invoice and the Bill windows alone (count + page each).
    expect(result.calls).toBe(1 + 2 + 2);
  });
});

// ---------------------------------------------------------------------------------------------
// The same reader against a scripted service (no simulator): one answer changed at a time, so each
// test pins what readWindows concludes from it and how many calls it spends.

type Row = { Id: unknown; SyncToken: string; TxnDate: string };
type BatchItems = Record<string, unknown>[];

const STATEMENT =
  /^select (count\(\*\)|\*) from (\w+) where TxnDate >= '([\d-]+)' and TxnDate <= '([\d-]+)'(?: startposition (\d+) maxresults (\d+))?$/;

/** A service holding `rows` per entity; `batch` may rewrite a batch's items, `fail` refuses calls. */
function scriptedService(
  rows: Partial<Record<Entity, Row[]>>,
  options: { batch?: (items: BatchItems) => unknown; fail?: 'batch' | 'all'; batchBody?: string } = {},
) {
  const log: { kind: 'batch' | 'query'; items?: number }[] = [];
  let tid = 0;
  const answer = (status: number, body: unknown) => ({
    kind: 'answer' as const,
    status,
    headers: new Headers({ intuit_tid: `tid-${++tid}` }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const fault = { Fault: { type: 'ValidationFault', Error: [{ code: '4000', Message: 'refused' }] } };
  const run = (statement: string): Record<string, unknown> => {
    const m = STATEMENT.exec(statement);
    if (!m) throw new Error(`scripted service: unexpected statement ${statement}`);
    const [, what, entity, from, to, start, max] = m;
    const all = (rows[entity as Entity] ?? []).filter((r) => r.TxnDate >= String(from) && r.TxnDate <= String(to));
    if (what !== '*') return { QueryResponse: all.length > 0 ? { totalCount: all.length } : {} };
    const page = all.slice(Number(start) - 1, Number(start) - 1 + Number(max));
    return { QueryResponse: page.length > 0 ? { [String(entity)]: page, startPosition: Number(start) } : {} };
  };
  const send: CallContext['send'] = async (request) => {
    if (request.path === 'batch') {
      const items = (request.json as { BatchItemRequest: { bId: string; Query: string }[] }).BatchItemRequest;
      log.push({ kind: 'batch', items: items.length });
      if (options.fail || items.length > 30) return answer(400, fault);
      if (options.batchBody !== undefined) return answer(200, options.batchBody);
      const out: BatchItems = items.map((item) => ({ bId: item.bId, ...run(item.Query) }));
      return answer(200, { BatchItemResponse: options.batch ? options.batch(out) : out });
    }
    log.push({ kind: 'query' });
    if (options.fail === 'all') return answer(400, fault);
    const statement = request.params?.find(([k]) => k === 'query')?.[1] ?? '';
    return answer(200, run(statement));
  };
  return { ctx: { send, now: () => 0 } satisfies CallContext, log };
}

const row = (id: number, date = '2026-11-05'): Row => ({ Id: String(id), SyncToken: '0', TxnDate: date });
const INVOICES = [row(1), row(2), row(3)];
const BILLS = [row(11), row(12)];
const TWO: TxnWindow[] = [NOVEMBER[0] as TxnWindow, NOVEMBER[1] as TxnWindow];
/** Rewrites the batch item `bId`'s QueryResponse. */
const onItem =
  (bId: string, change: (response: Record<string, unknown>) => Record<string, unknown>) => (items: BatchItems) =>
    items.map((item) =>
      item.bId === bId ? { ...item, QueryResponse: change(item.QueryResponse as Record<string, unknown>) } : item,
    );

describe('readWindows on a scripted service', () => {
  it('settles every window from one batch, an empty one included, and reports the call as a 200', async () => {
    const { ctx, log } = scriptedService({ Invoice: INVOICES });
    const result = await readWindows(ctx, TWO, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records).toEqual([INVOICES, []]);
    expect(result.calls).toBe(1);
    expect(log).toEqual([{ kind: 'batch', items: 4 }]);
    expect(result.meta.status).toBe(200);
  });

  it('no windows: no call at all', async () => {
    const { ctx, log } = scriptedService({});
    const result = await readWindows(ctx, [], 1000);
    expect(result).toEqual({ kind: 'ok', meta: { status: 200 }, records: [], calls: 0 });
    expect(log).toEqual([]);
  });

  it('16 windows go as two batch calls of at most 15 windows (30 items) each', async () => {
    const days = Array.from({ length: 16 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const { ctx, log } = scriptedService({ Invoice: days.map((d, i) => row(i + 1, d)) });
    const windows: TxnWindow[] = days.map((d) => ({ entity: 'Invoice', from: d, to: d }));
    const result = await readWindows(ctx, windows, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records).toEqual(days.map((d, i) => [row(i + 1, d)]));
    expect(log).toEqual([
      { kind: 'batch', items: 30 },
      { kind: 'batch', items: 2 },
    ]);
    expect(result.calls).toBe(2);
  });

  it.each([
    ['the batch call is refused', { fail: 'batch' as const }],
    ['the batch answer is not JSON', { batchBody: '<html>busy</html>' }],
    ['the batch answer has no BatchItemResponse', { batchBody: '{"time":"now"}' }],
  ])('%s: every window is read alone (count + page each)', async (_name, options) => {
    const { ctx } = scriptedService({ Invoice: INVOICES, Bill: BILLS }, options);
    const result = await readWindows(ctx, TWO, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records).toEqual([INVOICES, BILLS]);
    expect(result.calls).toBe(1 + 2 + 2);
  });

  it('batch items without a bId are passed over, the rest still settle their windows', async () => {
    const batch = (items: BatchItems) => [null, { QueryResponse: { totalCount: 9 } }, ...items];
    const { ctx } = scriptedService({ Invoice: INVOICES, Bill: BILLS }, { batch });
    const result = await readWindows(ctx, TWO, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records).toEqual([INVOICES, BILLS]);
    expect(result.calls).toBe(1);
  });

  it.each([
    [
      'its rows are no list (a string as long as the count)',
      (r: Record<string, unknown>) => ({ ...r, Invoice: 'abc' }),
    ],
    ['it has more rows than its count', (r: Record<string, unknown>) => ({ ...r, Invoice: [...INVOICES, row(4)] })],
    [
      'a row is no record (a numeric Id)',
      (r: Record<string, unknown>) => ({ ...r, Invoice: [row(1), row(2), { ...row(3), Id: 3 }] }),
    ],
    ['a row is listed twice', (r: Record<string, unknown>) => ({ ...r, Invoice: [row(1), row(2), row(1)] })],
  ])('a first page where %s is never concluded from: that window is read alone', async (_name, change) => {
    const { ctx } = scriptedService({ Invoice: INVOICES, Bill: BILLS }, { batch: onItem('p0', change) });
    const result = await readWindows(ctx, TWO, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records).toEqual([INVOICES, BILLS]);
    expect(result.calls).toBe(1 + 2);
  });

  it('a window read alone reports that read meta (its intuit_tid for support)', async () => {
    const { ctx } = scriptedService({ Invoice: INVOICES }, { batch: onItem('p0', (r) => ({ ...r, Invoice: [] })) });
    const result = await readWindows(ctx, TWO, 1000);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records).toEqual([INVOICES, []]);
    // The batch is tid-1, the window's count tid-2 and its page tid-3.
    expect(result.meta).toEqual({ status: 200, intuitTid: 'tid-3' });
  });

  it('when a window read alone fails, readWindows returns that failure, not a smaller set', async () => {
    const { ctx, log } = scriptedService({ Invoice: INVOICES, Bill: BILLS }, { fail: 'all' });
    const result = await readWindows(ctx, TWO, 1000);
    expect(result.kind).toBe('refusedWhole');
    // It stops at the first window: the second is never asked for.
    expect(log).toEqual([{ kind: 'batch', items: 4 }, { kind: 'query' }]);
  });
});
