import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultKind, FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { byBId, client, deleteItem, type Json, json } from './test-helpers';

// requestid (service-facts "Idempotent writes"): a repeat returns the original answer and applies nothing.
const body = (doc: string): Json => ({
  TxnDate: '2025-05-01',
  CustomerRef: { value: '1' },
  DocNumber: doc,
  TotalAmt: 42,
});

describe.each<FidelityMode>(['document', 'real'])('requestid on writes (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode });
  });
  afterAll(() => {
    sim.clearFaults();
    return sim.close();
  });
  const company = () => sim.seedCompany({ count: 4, entities: { Invoice: 1 } });
  const invoicesNumbered = (realmId: string, doc: string) =>
    sim.records(realmId).filter((r) => r.entity === 'Invoice' && r.json.DocNumber === doc);

  it('the same requestid twice: the second answer is the first (same Id, same body), one record created', async () => {
    const co = company();
    const c = client(sim, co);
    const first = await c.post('/invoice?requestid=r-1&minorversion=75', body('X-1'));
    const second = await c.post('/invoice?requestid=r-1&minorversion=75', body('X-1'));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    const id = JSON.parse(a).Invoice.Id;
    expect(sim.truth(co.realmId).createdKeys()).toEqual([`Invoice:${id}`]);
    expect(sim.truth(co.realmId).appliedCreates(`Invoice:${id}`)).toBe(1);
    expect(invoicesNumbered(co.realmId, 'X-1')).toHaveLength(1);
    const log = sim.requestLog(co.realmId).filter((e) => e.endpoint === 'create');
    expect(log.map((e) => e.replayed ?? false)).toEqual([false, true]);
    // Another requestid applies again (DocNumber 6140 then, as the first one holds the number).
    const other = await c.post('/invoice?requestid=r-2', body('X-1'));
    expect((await json(other)).Fault.Error[0].code).toBe('6140');
  });

  it.each<FaultKind>(['error500-after', 'drop-after'])(
    'R5: after %s on a create, the retry with the same requestid gets the original Id; the record exists once',
    async (kind) => {
      const co = company();
      const c = client(sim, co);
      sim.injectFault({ endpoint: 'create', kind, realmId: co.realmId });
      const path = '/invoice?requestid=amb-1&minorversion=75';
      if (kind === 'drop-after') await expect(c.post(path, body('AMB'))).rejects.toThrow();
      else expect((await c.post(path, body('AMB'))).status).toBe(500);
      const created = sim.truth(co.realmId).createdKeys();
      expect(created).toHaveLength(1);
      const retry = await c.post(path, body('AMB'));
      expect(retry.status).toBe(200);
      expect(`Invoice:${(await json(retry)).Invoice.Id}`).toBe(created[0]);
      expect(sim.truth(co.realmId).createdKeys()).toEqual(created);
      expect(invoicesNumbered(co.realmId, 'AMB')).toHaveLength(1);
    },
  );

  it('R5: error500-before keeps nothing under the requestid: the retry applies, once', async () => {
    const co = company();
    const c = client(sim, co);
    sim.injectFault({ endpoint: 'create', kind: 'error500-before', realmId: co.realmId });
    expect((await c.post('/invoice?requestid=b-1', body('B-1'))).status).toBe(500);
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
    expect((await c.post('/invoice?requestid=b-1', body('B-1'))).status).toBe(200);
    expect((await c.post('/invoice?requestid=b-1', body('B-1'))).status).toBe(200);
    expect(sim.truth(co.realmId).createdKeys()).toHaveLength(1);
  });

  it('a refusal is kept too: the repeat answers the original 6140 even once the number is free', async () => {
    const co = company();
    const c = client(sim, co);
    const key = co.keys.all[0] ?? '';
    const doc = sim.record(co.realmId, key)?.DocNumber as string;
    const first = await c.post('/invoice?requestid=dup', body(doc));
    expect(first.status).toBe(400);
    expect((await c.deleteOne(key)).status).toBe(200);
    const again = await c.post('/invoice?requestid=dup', body(doc));
    expect(again.status).toBe(400);
    expect(await again.text()).toBe(await first.text());
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
  });

  it('requestids are per company: the same one in another company applies there', async () => {
    const one = company();
    const two = company();
    expect((await client(sim, one).post('/invoice?requestid=shared', body('S'))).status).toBe(200);
    expect((await client(sim, two).post('/invoice?requestid=shared', body('S'))).status).toBe(200);
    expect(sim.truth(one.realmId).createdKeys()).toHaveLength(1);
    expect(sim.truth(two.realmId).createdKeys()).toHaveLength(1);
  });

  it('R5: deletes and voids accept requestid: a repeat after error500-after answers the original success, not 610', async () => {
    const co = company();
    const c = client(sim, co);
    const [k1 = '', k2 = ''] = co.keys.all;
    sim.injectFault({ endpoint: 'delete', kind: 'error500-after', realmId: co.realmId });
    const path = `/invoice?operation=delete&requestid=del-1`;
    expect((await c.post(path, { Id: k1.split(':')[1], SyncToken: '0' })).status).toBe(500);
    const retry = await c.post(path, { Id: k1.split(':')[1], SyncToken: '0' });
    expect(retry.status).toBe(200);
    expect((await json(retry)).Invoice.status).toBe('Deleted');
    expect(sim.truth(co.realmId).appliedDeletes(k1)).toBe(1);
    sim.injectFault({ endpoint: 'void', kind: 'error500-after', realmId: co.realmId });
    const voidPath = '/invoice?operation=void&requestid=void-1';
    expect((await c.post(voidPath, { Id: k2.split(':')[1], SyncToken: '0' })).status).toBe(500);
    const voided = await c.post(voidPath, { Id: k2.split(':')[1], SyncToken: '0' });
    expect((await json(voided)).Invoice.SyncToken).toBe(sim.truth(co.realmId).syncToken(k2));
    expect(sim.truth(co.realmId).appliedVoids(k2)).toBe(1);
  });

  it('R5: a batch with requestid, answered 500 after applying, replays its original BatchItemResponse', async () => {
    const co = company();
    const c = client(sim, co);
    const key = co.keys.all[0] ?? '';
    const items = [{ bId: 'c1', operation: 'create', Invoice: body('BATCH-1') }, deleteItem('d1', key)];
    sim.injectFault({ endpoint: 'batch', kind: 'error500-after', realmId: co.realmId });
    const post = () =>
      fetch(`${c.base}/batch?requestid=batch-1&minorversion=75`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${co.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ BatchItemRequest: items }),
      });
    expect((await post()).status).toBe(500);
    const retry = await post();
    expect(retry.status).toBe(200);
    const results = byBId(await json(retry));
    expect(results.get('d1')?.Invoice.status).toBe('Deleted');
    const created = results.get('c1')?.Invoice;
    expect(sim.truth(co.realmId).createdKeys()).toEqual([`Invoice:${created.Id}`]);
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
  });

  it('over HTTP: a create fault rule is accepted and /__sim/truth lists created and voided records', async () => {
    const co = company();
    const rule = { endpoint: 'create', kind: 'error500-after', realmId: co.realmId };
    const res = await fetch(`${sim.url}/__sim/fault`, { method: 'POST', body: JSON.stringify(rule) });
    expect(res.status).toBe(200);
    expect((await client(sim, co).post('/invoice', body('T-1'))).status).toBe(500);
    const key = sim.truth(co.realmId).createdKeys()[0] ?? '';
    await client(sim, co).post('/invoice?operation=void', { Id: key.split(':')[1], SyncToken: '0' });
    const truth = await json(await fetch(`${sim.url}/__sim/truth?realmId=${co.realmId}`));
    expect(truth.created).toEqual({ [key]: 1 });
    expect(truth.voided).toEqual({ [key]: 1 });
    expect(truth.exists).toContain(key);
  });
});
