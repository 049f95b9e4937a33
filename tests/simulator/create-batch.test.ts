import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { byBId, client, deleteItem, type Json, json } from './test-helpers';

// Batch create and void items (4.3: per-item results; 1040 and the throttle unchanged).
const invoice = (doc: string): Json => ({
  TxnDate: '2025-05-01',
  CustomerRef: { value: '2' },
  DocNumber: doc,
  TotalAmt: 10,
});

describe.each<FidelityMode>(['document', 'real'])('batch creates and voids (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode });
  });
  afterAll(() => sim.close());

  it('4.3: create, void, update+optionsData void, delete and Query items mix; each answers under its bId', async () => {
    const co = sim.seedCompany({ count: 12, entities: { Invoice: 1, Payment: 1 } });
    const c = client(sim, co);
    const [inv = '', del = ''] = co.keys.all.filter((k) => k.startsWith('Invoice:'));
    const pay = co.keys.all.find((k) => k.startsWith('Payment:')) ?? '';
    const id = (k: string) => k.split(':')[1];
    const res = await c.batch([
      { bId: 'new', operation: 'create', Invoice: invoice('B-100') },
      { bId: 'void-inv', operation: 'void', Invoice: { Id: id(inv), SyncToken: '0' } },
      {
        bId: 'void-pay',
        operation: 'update',
        optionsData: 'void',
        Payment: { Id: id(pay), SyncToken: '0', sparse: true },
      },
      deleteItem('del', del),
      { bId: 'q', Query: "select * from Invoice where DocNumber = 'B-100'" },
    ]);
    expect(res.status).toBe(200);
    const items = byBId(await json(res));
    const created = items.get('new')?.Invoice;
    expect(created).toMatchObject({ SyncToken: '0', DocNumber: 'B-100', Balance: 10, domain: 'QBO' });
    expect(items.get('void-inv')?.Invoice).toMatchObject({ Id: id(inv), TotalAmt: 0, Balance: 0 });
    expect(items.get('void-pay')?.Payment).toMatchObject({ Id: id(pay), TotalAmt: 0 });
    expect(items.get('del')?.Invoice.status).toBe('Deleted');
    expect(items.get('q')?.QueryResponse.Invoice.map((r: Json) => r.Id)).toEqual([created.Id]);
    expect(sim.truth(co.realmId).createdKeys()).toEqual([`Invoice:${created.Id}`]);
    expect(sim.truth(co.realmId).voidedKeys().sort()).toEqual([inv, pay].sort());
  });

  it('4.3: refusals are per item: 6140, closed period, unknown ref, missing link, update without void, unknown operation', async () => {
    const co = sim.seedCompany({ count: 4, entities: { Invoice: 1 }, bookCloseDate: '2024-12-31' });
    const c = client(sim, co);
    const taken = sim.records(co.realmId)[0]?.json.DocNumber as string;
    const res = await c.batch([
      { bId: 'dup', operation: 'create', Invoice: invoice(taken) },
      { bId: 'closed', operation: 'create', Invoice: { ...invoice('C-1'), TxnDate: '2024-06-01' } },
      { bId: 'ref', operation: 'create', Invoice: { ...invoice('C-2'), CustomerRef: { value: '777' } } },
      {
        bId: 'link',
        operation: 'create',
        Payment: {
          CustomerRef: { value: '1' },
          TotalAmt: 1,
          Line: [{ Amount: 1, LinkedTxn: [{ TxnId: '1', TxnType: 'Invoice' }] }],
        },
      },
      { bId: 'upd', operation: 'update', Invoice: { Id: '1', SyncToken: '0', sparse: true } },
      { bId: 'merge', operation: 'merge', Invoice: invoice('C-3') },
      { bId: 'ok', operation: 'create', Invoice: invoice('C-4') },
    ]);
    expect(res.status).toBe(200);
    const text = await res.text();
    const code = (bId: string) => byBId(JSON.parse(text)).get(bId)?.Fault?.Error[0].code;
    expect(code('dup')).toBe('6140');
    expect(code('closed')).toBe(mode === 'document' ? '6200' : '6210');
    expect(code('ref')).toBe(mode === 'document' ? '6000' : '2500');
    expect(code('link')).toBe('610');
    expect(code('upd')).toBe('2010');
    expect(code('merge')).toBe('2010');
    expect(byBId(JSON.parse(text)).get('ok')?.Invoice.DocNumber).toBe('C-4');
    expect(sim.truth(co.realmId).createdKeys()).toHaveLength(1);
  });

  it('include=allowduplicatedocnum on the batch call lets its creates reuse a number', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
    const c = client(sim, co);
    const taken = sim.records(co.realmId)[0]?.json.DocNumber as string;
    const res = await c.post('/batch?include=allowduplicatedocnum', {
      BatchItemRequest: [
        { bId: '1', operation: 'create', Invoice: invoice(taken) },
        { bId: '2', operation: 'create', Invoice: invoice(taken) },
      ],
    });
    const items = byBId(await json(res));
    expect(items.get('1')?.Invoice.DocNumber).toBe(taken);
    expect(items.get('2')?.Invoice.DocNumber).toBe(taken);
    expect(items.get('1')?.Invoice.Id).not.toBe(items.get('2')?.Invoice.Id);
  });

  it('1040: 31 create items are refused whole and NOTHING is created', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
    const items = Array.from({ length: 31 }, (_, i) => ({
      bId: String(i),
      operation: 'create',
      Invoice: invoice(`N-${i}`),
    }));
    const res = await client(sim, co).batch(items);
    expect(res.status).toBe(400);
    expect((await json(res)).Fault.Error[0].code).toBe('1040');
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
    expect(sim.records(co.realmId)).toHaveLength(3);
  });

  it('3001: a batch of creates over the ceiling is refused with 429 and creates nothing; single creates are not throttled', async () => {
    const tight = await startSimulator({ mode, batchLimit: 1 });
    try {
      const co = tight.seedCompany({ count: 3, entities: { Invoice: 1 } });
      const c = client(tight, co);
      expect((await c.batch([{ bId: '1', operation: 'create', Invoice: invoice('T-1') }])).status).toBe(200);
      const refused = await c.batch([{ bId: '1', operation: 'create', Invoice: invoice('T-2') }]);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('60');
      expect(tight.truth(co.realmId).createdKeys()).toHaveLength(1);
      for (const doc of ['T-3', 'T-4', 'T-5']) expect((await c.post('/invoice', invoice(doc))).status).toBe(200);
    } finally {
      await tight.close();
    }
  });
});
