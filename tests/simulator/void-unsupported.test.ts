import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type Entity } from '../../lib/domain/entities';
import { jsonKey, resourcePath } from '../../lib/qbo/entities';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { VOIDABLE } from '../../tools/simulator/void-op';
import { byBId, client, type Json, json } from './test-helpers';

// Void of the types that cannot be voided. document: a clean 400 (2010). real (service-facts "Void"):
// Purchase → clean 400; Bill → HTTP 200 whose body is a system Fault; JournalEntry and the rest → 200, nothing changes.
const OTHERS = ENTITIES.filter((e) => !VOIDABLE[e]);

describe.each<FidelityMode>(['document', 'real'])('void of the other types (%s mode)', (mode) => {
  let sim: Simulator;
  let co: SeededCompany;
  beforeAll(async () => {
    sim = await startSimulator({ mode, requestLimits: false }); // not pacing: 10 a second would refuse
    co = sim.seedCompany({ count: ENTITIES.length * 2, seed: 11 });
  });
  afterAll(() => sim.close());
  const keyOf = (entity: Entity) => co.keys.all.find((k) => k.startsWith(`${entity}:`)) ?? '';

  it('every entity is covered: Invoice, Payment, SalesReceipt, BillPayment void; the 12 others do not', () => {
    expect(Object.keys(VOIDABLE).sort()).toEqual(['BillPayment', 'Invoice', 'Payment', 'SalesReceipt']);
    expect(OTHERS).toHaveLength(12);
  });

  it.each(OTHERS)('%s: both void forms answer as the mode says and the record does not change', async (entity) => {
    const key = keyOf(entity);
    const id = key.split(':')[1] ?? '';
    const before = sim.record(co.realmId, key);
    const c = client(sim, co);
    const forms = [
      c.post(`/${resourcePath(entity)}?operation=void&minorversion=75`, { Id: id, SyncToken: '0' }),
      c.post(`/${resourcePath(entity)}?operation=update&include=void&minorversion=75`, {
        Id: id,
        SyncToken: '0',
        sparse: true,
      }),
    ];
    for (const res of await Promise.all(forms)) {
      const body = await json(res);
      if (mode === 'document' || entity === 'Purchase') {
        expect(res.status).toBe(400);
        expect(body.Fault).toMatchObject({
          type: 'ValidationFault',
          Error: [{ code: '2010', Message: 'Operation void is not supported' }],
        });
      } else if (entity === 'Bill') {
        expect(res.status).toBe(200);
        expect(body.Fault.type).toBe('SystemFault');
        expect(body.Fault.Error[0].code).toBe('10000');
        expect(body).not.toHaveProperty('Bill');
        expect(typeof body.time).toBe('string');
      } else {
        expect(res.status).toBe(200);
        expect(body).not.toHaveProperty('Fault');
        expect(body[jsonKey(entity)]).toEqual(before);
      }
    }
    expect(sim.record(co.realmId, key)).toEqual(before);
    expect(sim.truth(co.realmId).appliedVoids(key)).toBe(0);
  });

  it('inside a batch the same answers arrive per item (Bill: a SystemFault; JournalEntry: the record unchanged; Purchase: 2010)', async () => {
    const items = (['Bill', 'JournalEntry', 'Purchase', 'Transfer'] as Entity[]).map((entity) => ({
      bId: entity,
      operation: 'void',
      [jsonKey(entity)]: { Id: keyOf(entity).split(':')[1], SyncToken: '0' },
    }));
    const update = {
      bId: 'upd',
      operation: 'update',
      optionsData: 'void',
      JournalEntry: { Id: keyOf('JournalEntry').split(':')[1], SyncToken: '0', sparse: true },
    };
    const res = await client(sim, co).batch([...items, update]);
    expect(res.status).toBe(200);
    const results = byBId(await json(res));
    expect(results.get('Purchase')?.Fault.Error[0].code).toBe('2010');
    if (mode === 'document') {
      for (const bId of ['Bill', 'JournalEntry', 'Transfer', 'upd'])
        expect(results.get(bId)?.Fault.Error[0].code, bId).toBe('2010');
    } else {
      expect(results.get('Bill')?.Fault).toMatchObject({ type: 'SystemFault', Error: [{ code: '10000' }] });
      for (const [bId, entity] of [
        ['JournalEntry', 'JournalEntry'],
        ['Transfer', 'Transfer'],
        ['upd', 'JournalEntry'],
      ] as const) {
        const item = results.get(bId) as Json;
        expect(item).not.toHaveProperty('Fault');
        expect(item[entity]).toEqual(sim.record(co.realmId, keyOf(entity)));
      }
    }
    expect(sim.truth(co.realmId).voidedKeys()).toEqual([]);
  });

  it('610 comes first: a void of a missing record of any type is Object Not Found', async () => {
    const res = await client(sim, co).post('/journalentry?operation=void', { Id: '999999', SyncToken: '0' });
    expect(res.status).toBe(400);
    expect((await json(res)).Fault.Error[0].code).toBe('610');
  });
});
