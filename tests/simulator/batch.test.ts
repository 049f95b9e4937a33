import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { byBId, client, deleteItem, json } from './test-helpers';

describe.each<FidelityMode>(['document', 'real'])('batch and R5 faults (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode });
  });
  afterAll(() => sim.close());

  const company = (count = 40) => sim.seedCompany({ count, entities: { Invoice: 1 } });

  it('1040: a batch of 31 items is refused with HTTP 400 and NOTHING is applied', async () => {
    const co = company();
    const items = co.keys.all.slice(0, 31).map((k, i) => deleteItem(String(i), k));
    const res = await client(sim, co).batch(items);
    expect(res.status).toBe(400);
    const error = (await json(res)).Fault.Error[0];
    expect(error.code).toBe('1040');
    expect(error.Message).toContain('Batch size exceeds allowed limit');
    expect(`${error.Message} ${error.Detail}`).toContain('30 BatchItemRequests');
    expect(sim.truth(co.realmId).deletedKeys()).toEqual([]);
    expect(co.keys.all.every((k) => sim.truth(co.realmId).exists(k))).toBe(true);
  });

  it('1040: an empty batch is refused too; exactly 30 items are accepted', async () => {
    const co = company();
    const empty = await client(sim, co).batch([]);
    expect(empty.status).toBe(400);
    expect((await json(empty)).Fault.Error[0].code).toBe('1040');
    const thirty = await client(sim, co).batch(co.keys.all.slice(0, 30).map((k, i) => deleteItem(String(i), k)));
    expect(thirty.status).toBe(200);
    expect((await json(thirty)).BatchItemResponse).toHaveLength(30);
  });

  it('4.3: per-item results carry bId; delete and Query items mix; failures are per-item Fault objects under HTTP 200', async () => {
    const co = company();
    const [a = '', b = ''] = co.keys.all;
    const idA = a.split(':')[1];
    const res = await client(sim, co).batch([
      deleteItem('del-a', a),
      { bId: 'q', Query: `select * from Invoice where Id in ('${idA}', '${b.split(':')[1]}') MAXRESULTS 10` },
      deleteItem('missing', 'Invoice:999999'),
      { bId: 'bad-q', Query: 'select * from Invoice where Id = 1 or Id = 2' },
    ]);
    expect(res.status).toBe(200);
    const items = byBId(await json(res));
    expect(items.get('del-a')?.Invoice).toEqual({ status: 'Deleted', domain: 'QBO', Id: idA });
    // The query ran after the delete of the same batch: only b is left.
    expect(items.get('q')?.QueryResponse.Invoice.map((r: { Id: string }) => r.Id)).toEqual([b.split(':')[1]]);
    expect(items.get('missing')?.Fault).toMatchObject({ type: 'ValidationFault', Error: [{ code: '610' }] });
    expect(items.get('bad-q')?.Fault.Error[0].code).toBe('4000');
  });

  it('4.3: results can be returned shuffled, still matched by bId', async () => {
    const co = company();
    sim.setShuffleBatchResults(true);
    try {
      const items = co.keys.all.slice(0, 20).map((k, i) => deleteItem(String(i), k));
      const body = await json(await client(sim, co).batch(items));
      const order = (body.BatchItemResponse as { bId: string }[]).map((r) => r.bId);
      expect(order).not.toEqual(items.map((it) => it.bId));
      expect([...order].sort()).toEqual(items.map((it) => it.bId as string).sort());
    } finally {
      sim.setShuffleBatchResults(false);
    }
  });

  it('R5: a 500 AFTER applying — the client sees 500, the ground truth shows the delete applied (batch)', async () => {
    const co = company();
    const key = co.keys.all[0] ?? '';
    sim.injectFault({ endpoint: 'batch', kind: 'error500-after', realmId: co.realmId });
    const res = await client(sim, co).batch([deleteItem('1', key)]);
    expect(res.status).toBe(500);
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
    expect(sim.truth(co.realmId).exists(key)).toBe(false);
    // Retrying blindly: the record is gone, 610, and it is never applied twice.
    const retry = byBId(await json(await client(sim, co).batch([deleteItem('1', key)])));
    expect(retry.get('1')?.Fault.Error[0].code).toBe('610');
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
    const log = sim.requestLog(co.realmId).filter((e) => e.endpoint === 'batch');
    expect(log[0]).toMatchObject({ status: 500, fault: 'error500-after', deleteKeys: [key] });
  });

  it('R5: a 500 AFTER applying on the single-record path also applies the delete', async () => {
    const co = company();
    const key = co.keys.all[0] ?? '';
    sim.injectFault({ endpoint: 'delete', kind: 'error500-after', realmId: co.realmId });
    const res = await client(sim, co).deleteOne(key);
    expect(res.status).toBe(500);
    expect((await json(res)).Fault.Error[0].code).toBe('10000');
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
  });

  it('R5: 500 and 503 BEFORE applying leave the record in place; the rule fires `times` times', async () => {
    const co = company();
    const key = co.keys.all[0] ?? '';
    sim.injectFault({ endpoint: 'delete', kind: 'error500-before', times: 2, realmId: co.realmId });
    sim.injectFault({ endpoint: 'delete', kind: 'error503-before', realmId: co.realmId });
    const c = client(sim, co);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.deleteOne(key)).status);
    expect(statuses).toEqual([500, 500, 503, 200]);
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
  });

  it('R5: a dropped connection before applying leaves the record; after applying, the delete happened', async () => {
    const co = company();
    const [k1 = '', k2 = ''] = co.keys.all;
    const c = client(sim, co);
    sim.injectFault({ endpoint: 'batch', kind: 'drop-before', realmId: co.realmId });
    await expect(c.batch([deleteItem('1', k1)])).rejects.toThrow();
    expect(sim.truth(co.realmId).exists(k1)).toBe(true);
    sim.injectFault({ endpoint: 'batch', kind: 'drop-after', realmId: co.realmId });
    await expect(c.batch([deleteItem('1', k2)])).rejects.toThrow();
    expect(sim.truth(co.realmId).appliedDeletes(k2)).toBe(1);
    const statuses = sim.requestLog(co.realmId).map((e) => [e.status, e.fault]);
    expect(statuses).toEqual([
      [0, 'drop-before'],
      [0, 'drop-after'],
    ]);
  });

  it('R5: probability rules are deterministic for a seed and stay until cleared', async () => {
    const run = async () => {
      const co = company(30);
      sim.clearFaults();
      sim.injectFault({ endpoint: 'delete', kind: 'error500-before', probability: 0.5, seed: 42, realmId: co.realmId });
      const c = client(sim, co);
      const statuses: number[] = [];
      for (const key of co.keys.all.slice(0, 12)) statuses.push((await c.deleteOne(key)).status);
      sim.clearFaults();
      return statuses;
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);
  });
});
