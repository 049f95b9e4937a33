/**
 * readWindows on the simulator (lib/qbo/read-windows.ts): the resolver's windows read at once, each
 * window's count(*) and first page as query items of one batch call, R4 per window; a window with
 * more rows than a page, or a batch answer that proves nothing (a Fault, a cut page), is read again
 * alone — never concluded from.
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
