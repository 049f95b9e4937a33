/**
 * Inventory cost and sales tax against the simulator, both modes: the preflight reads the items the
 * selection's lines name in one paged Item query (page size set, R4), holds back the bill that buys
 * an Inventory item ("inventory", a decision), leaves the expense of a NonInventory item and the
 * invoice of a Service ready, and notes the invoice's sales tax.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPreflightRow } from '../../lib/preflight/preflight-store';
import { runPreflight } from '../../lib/preflight/run-preflight';
import { createQboClient } from '../../lib/qbo/client';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { type Json, json, client as rawClient } from '../simulator/test-helpers';

const line = (detail: 'ItemBasedExpenseLineDetail' | 'SalesItemLineDetail', item: string) => ({
  Amount: 40,
  DetailType: detail,
  [detail]: { ItemRef: { value: item } },
});

describe.each<FidelityMode>(['document', 'real'])('inventory and sales tax (%s mode)', (mode) => {
  let sim: Simulator;
  const clock = Date.parse('2026-06-01T12:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    sim = await startSimulator({ mode, now, requestLimits: false });
  });
  afterAll(() => sim.close());

  const create = async (company: SeededCompany, entity: string, body: Json): Promise<string> => {
    const answer = await json(await rawClient(sim, company).post(`/${entity.toLowerCase()}?minorversion=75`, body));
    const id = (answer[entity] as Json | undefined)?.Id;
    if (typeof id !== 'string') throw new Error(JSON.stringify(answer));
    return `${entity}:${id}`;
  };

  it('holds back the bill buying Rock Fountain, not the expense of Sod; notes the invoice’s sales tax', async () => {
    const company = sim.seedCompany({ count: 10, seed: 34, entities: { Invoice: 1 } });
    const vendor = sim.references(company.realmId, 'Vendor')[0]!;
    const customer = sim.references(company.realmId, 'Customer')[0]!;
    expect(sim.references(company.realmId, 'Item').map((i) => i.name)).toEqual(
      expect.arrayContaining(['Rock Fountain', 'Sod', 'Services']),
    );
    const bill = await create(company, 'Bill', {
      TxnDate: '2026-03-01',
      VendorRef: { value: vendor.id },
      Line: [line('ItemBasedExpenseLineDetail', '1'), line('ItemBasedExpenseLineDetail', '7')],
    });
    const expense = await create(company, 'Purchase', {
      TxnDate: '2026-03-02',
      PaymentType: 'Cash',
      AccountRef: { value: '35' },
      EntityRef: { value: vendor.id, type: 'Vendor' },
      Line: [line('ItemBasedExpenseLineDetail', '8')],
    });
    const invoice = await create(company, 'Invoice', {
      TxnDate: '2026-03-03',
      CustomerRef: { value: customer.id },
      Line: [line('SalesItemLineDetail', '1')],
      TxnTaxDetail: { TotalTax: 12.4 },
    });
    const before = sim.requestLog(company.realmId).length;
    const client = createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
    });
    const items = [bill, expense, invoice].map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt: clock };
    });
    const result = await runPreflight({ client, items, now });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const [b, e, i] = result.records;
    expect(b?.status).toBe('ready');
    expect(b?.warnings).toEqual([
      { check: 'inventory', status: 'inventory', items: [{ id: '7', name: 'Rock Fountain' }], dated: '2026-03-01' },
    ]);
    expect(toPreflightRow(b!).status).toBe('inventory');
    expect(e?.warnings).toEqual([]);
    expect(toPreflightRow(e!).status).toBe('ready');
    expect(i?.warnings).toEqual([expect.objectContaining({ status: 'salesTax', totalTax: 12.4 })]);
    expect(toPreflightRow(i!).status).toBe('ready');
    // One Item query for the three distinct items, its page size set (R4).
    const itemQueries = sim
      .requestLog(company.realmId)
      .slice(before)
      .map((entry) => `${decodeURIComponent(entry.path.replace(/\+/g, ' '))} ${entry.body ?? ''}`)
      .filter((text) => /from Item/i.test(text));
    expect(itemQueries).toHaveLength(1);
    expect(itemQueries[0]).toMatch(/maxresults 1000/i);
  });
});
