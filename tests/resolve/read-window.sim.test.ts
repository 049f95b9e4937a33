/**
 * readWindow on the simulator (lib/qbo/read-window.ts): every record of an entity in a TxnDate
 * window, counted and paged (R4) in both fidelity modes; a page cut short is a failure, never a
 * smaller set; a malformed date or an entity off the list never reaches a statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { CallContext } from '../../lib/qbo/exchange';
import { createHttp } from '../../lib/qbo/http';
import { readWindow } from '../../lib/qbo/read-window';
import { windowReaderOf } from '../../lib/resolve/resolve';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { tamperingFetch } from '../qbo/helpers/sim';

function contextOf(sim: Simulator, co: SeededCompany, fetcher?: typeof fetch): CallContext {
  const options = { realmId: co.realmId, environment: 'sandbox' as const, baseUrl: sim.url, getToken: () => co.token };
  return { send: createHttp(fetcher ? { ...options, fetch: fetcher } : options), now: Date.now };
}

describe.each<FidelityMode>(['document', 'real'])('readWindow (%s mode)', (mode) => {
  let sim: Simulator;
  let co: SeededCompany;
  const idsIn = (entity: Entity, from: string, to: string) =>
    sim
      .records(co.realmId)
      .filter((r) => r.entity === entity && String(r.json.TxnDate) >= from && String(r.json.TxnDate) <= to)
      .map((r) => String(r.json.Id))
      .sort();

  beforeAll(async () => {
    sim = await startSimulator({ mode, requestLimits: false });
    co = sim.seedCompany({
      count: 120,
      seed: 5,
      entities: { Invoice: 3, Bill: 1 },
      startDate: '2026-10-01',
      endDate: '2026-12-31',
    });
  });
  afterAll(() => sim.close());

  it('reads every record of the window over several pages: count(*) then pages of the page size', async () => {
    const want = idsIn('Invoice', '2026-11-01', '2026-11-30');
    expect(want.length).toBeGreaterThan(7);
    const before = sim.requestLog(co.realmId).length;
    const result = await readWindow(contextOf(sim, co), 'Invoice', '2026-11-01', '2026-11-30', 7);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => String((r as { Id: string }).Id)).sort()).toEqual(want);
    expect(result.calls).toBe(1 + Math.ceil(want.length / 7));
    const statements = sim
      .requestLog(co.realmId)
      .slice(before)
      .map((e) => decodeURIComponent(e.path.replace(/\+/g, ' ')));
    expect(statements[0]).toMatch(
      /select count\(\*\) from Invoice where TxnDate >= '2026-11-01' and TxnDate <= '2026-11-30'/,
    );
    expect(statements[1]).toMatch(/startposition 1 maxresults 7/);
    expect(statements[2]).toMatch(/startposition 8 maxresults 7/);
  });

  it('an empty window is proven empty', async () => {
    const read = readerOver(contextOf(sim, co), 50);
    expect(await read('Bill', '2030-01-01', '2030-01-31')).toEqual({ kind: 'ok', records: [] });
  });

  it('a page cut short is a failure, never a smaller set', async () => {
    const cut = tamperingFetch((url, json) => {
      const response = json.QueryResponse as Record<string, unknown> | undefined;
      if (!/startposition%208/i.test(url) || !Array.isArray(response?.Invoice)) return json;
      return { ...json, QueryResponse: { ...response, Invoice: response.Invoice.slice(1) } };
    });
    const read = readerOver(contextOf(sim, co, cut), 7);
    const result = await read('Invoice', '2026-11-01', '2026-11-30');
    expect(result.kind).toBe('incomplete');
    expect(result.kind === 'incomplete' && result.reason).toMatch(/page at 8 returned/);
  });

  it('a malformed date or an entity off the list throws a TypeError before any call', async () => {
    const before = sim.requestLog(co.realmId).length;
    const ctx = contextOf(sim, co);
    for (const [from, to] of [
      ["2026-11-01' or '1'='1", '2026-11-30'],
      ['2026-11-01', '11/30/2026'],
      ['2026-13-01', '2026-13-02'],
      ['2026-11-30', '2026-11-01'],
    ])
      await expect(readWindow(ctx, 'Invoice', from as string, to as string, 10)).rejects.toThrow(TypeError);
    await expect(readWindow(ctx, 'Customer' as Entity, '2026-11-01', '2026-11-30', 10)).rejects.toThrow(TypeError);
    expect(sim.requestLog(co.realmId).length).toBe(before);
  });
});

/** The resolver's reader over a bare call context (no client), at a given page size. */
function readerOver(ctx: CallContext, pageSize = 1000) {
  return windowReaderOf({ readWindow: (entity, from, to) => readWindow(ctx, entity, from, to, pageSize) });
}
