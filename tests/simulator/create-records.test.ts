import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../lib/domain/entities';
import { jsonKey, resourcePath } from '../../lib/qbo/entities';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { metaTime } from '../../tools/simulator/clock';
import { startSimulator } from '../../tools/simulator/index';
import { client, type Json, json, manualClock, splitKey } from './test-helpers';

// Creates (service-facts "Re-creating a deleted transaction"): a new Id, SyncToken "0", MetaData now,
// computed TotalAmt/Balance; refusals per record.
const withoutId = ({ Id: _id, SyncToken: _token, ...rest }: Json): Json => rest;

describe.each<FidelityMode>(['document', 'real'])('creates (%s mode)', (mode) => {
  let sim: Simulator;
  const clock = manualClock();
  beforeAll(async () => {
    sim = await startSimulator({ mode, now: clock.now });
  });
  afterAll(() => sim.close());

  it('every entity re-creates after its delete: 200 under its JSON key, a new Id above every old one, SyncToken "0", MetaData now', async () => {
    const co = sim.seedCompany({ count: ENTITIES.length * 2, seed: 5 });
    const c = client(sim, co);
    const maxOld = Math.max(...co.keys.all.map((k) => Number(splitKey(k)[1])));
    for (const entity of ENTITIES) {
      const key = co.keys.all.find((k) => k.startsWith(`${entity}:`)) ?? '';
      const before = sim.record(co.realmId, key) ?? {};
      expect((await c.deleteOne(key)).status, entity).toBe(200);
      clock.advance(60_000);
      const res = await c.post(`/${resourcePath(entity)}?minorversion=75`, withoutId(before));
      expect(res.status, entity).toBe(200);
      const body = await json(res);
      expect(typeof body.time).toBe('string');
      const created = body[jsonKey(entity)];
      expect(Number(created.Id), entity).toBeGreaterThan(maxOld);
      expect(created).toMatchObject({ SyncToken: '0', domain: 'QBO', sparse: false, TxnDate: before.TxnDate });
      expect(created.MetaData).toEqual({ CreateTime: metaTime(clock.now()), LastUpdatedTime: metaTime(clock.now()) });
      if (before.DocNumber !== undefined) expect(created.DocNumber).toBe(before.DocNumber);
      if (before.TotalAmt !== undefined) expect(created.TotalAmt).toBe(before.TotalAmt);
      const newKey = `${entity}:${created.Id}`;
      expect(sim.record(co.realmId, newKey)).toEqual(created);
      expect(sim.truth(co.realmId).appliedCreates(newKey)).toBe(1);
      const read = await json(await c.get(`/${resourcePath(entity)}/${created.Id}`));
      expect(read[jsonKey(entity)]).toEqual(created);
    }
    const created = sim.truth(co.realmId).createdKeys();
    expect(created).toHaveLength(ENTITIES.length);
    expect(new Set(created.map((k) => splitKey(k)[1])).size).toBe(ENTITIES.length);
    expect(sim.truth(co.realmId).liveKeys()).toEqual(expect.arrayContaining(created));
  });

  it('a deleted Id is never given again, even to the next record created after the highest Id is deleted', async () => {
    const co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    const c = client(sim, co);
    const last = co.keys.all.reduce((a, b) => (Number(splitKey(a)[1]) > Number(splitKey(b)[1]) ? a : b));
    const body = withoutId(sim.record(co.realmId, last) ?? {});
    expect((await c.deleteOne(last)).status).toBe(200);
    const first = (await json(await c.post('/invoice', body))).Invoice;
    expect(Number(first.Id)).toBeGreaterThan(Number(splitKey(last)[1]));
    const second = (await json(await c.post('/invoice?include=allowduplicatedocnum', body))).Invoice;
    expect(Number(second.Id)).toBeGreaterThan(Number(first.Id));
  });

  it('line Ids are assigned; TotalAmt sums the item lines (not the subtotal); Balance = TotalAmt; sent Balance, MetaData and line Ids are ignored', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
    const res = await client(sim, co).post('/invoice', {
      TxnDate: '2025-05-02',
      CustomerRef: { value: '2' },
      Balance: 1,
      TotalAmt: 1,
      MetaData: { CreateTime: '2001-01-01T00:00:00-07:00' },
      domain: 'QBO',
      sparse: true,
      Line: [
        { Id: '9', Amount: 100, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '1' } } },
        { Id: '7', Amount: 50.5, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '2' } } },
        { Amount: 150.5, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
      ],
    });
    expect(res.status).toBe(200);
    const inv = (await json(res)).Invoice;
    expect(inv.Line.map((l: Json) => l.Id)).toEqual(['1', '2', '3']);
    expect(inv).toMatchObject({ TotalAmt: 150.5, Balance: 150.5, sparse: false, LinkedTxn: [] });
    expect(inv.MetaData.CreateTime).toBe(metaTime(clock.now()));
  });

  it('a create without TxnDate is dated today; a Payment without lines has UnappliedAmt = TotalAmt', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
    const res = await client(sim, co).post('/payment', { CustomerRef: { value: '4' }, TotalAmt: 80 });
    const payment = (await json(res)).Payment;
    expect(payment.TxnDate).toBe(metaTime(clock.now()).slice(0, 10));
    expect(payment).toMatchObject({ TotalAmt: 80, UnappliedAmt: 80 });
    expect(payment).not.toHaveProperty('LinkedTxn');
  });

  it('6140: a DocNumber a live record of the same entity has is refused unless include=allowduplicatedocnum; other entities and deleted records do not count', async () => {
    const co = sim.seedCompany({ count: 6, entities: { Invoice: 1 } });
    const c = client(sim, co);
    const key = co.keys.all[0] ?? '';
    const taken = sim.record(co.realmId, key) ?? {};
    const body = { TxnDate: '2025-05-03', CustomerRef: { value: '1' }, DocNumber: taken.DocNumber, TotalAmt: 9 };
    const res = await c.post('/invoice', body);
    expect(res.status).toBe(400);
    const error = (await json(res)).Fault.Error[0];
    expect(error).toMatchObject({ code: '6140', Message: 'Duplicate Document Number Error' });
    expect(error.Detail).toContain(
      `DocNumber=${taken.DocNumber} is assigned to TxnType=Invoice with TxnId=${taken.Id}`,
    );
    const allowed = await c.post('/invoice?minorversion=75&include=allowduplicatedocnum', body);
    expect(allowed.status).toBe(200);
    expect((await json(allowed)).Invoice.DocNumber).toBe(taken.DocNumber);
    const bill = await c.post('/bill', {
      TxnDate: '2025-05-03',
      VendorRef: { value: '30' },
      DocNumber: taken.DocNumber,
    });
    expect(bill.status).toBe(200);
    // Both invoices with that number deleted: the number is free again.
    const copy = sim.truth(co.realmId).createdKeys()[0] ?? '';
    expect((await c.deleteOne(key)).status).toBe(200);
    expect((await c.deleteOne(copy)).status).toBe(200);
    expect((await c.post('/invoice', body)).status).toBe(200);
  });

  it(`R3: a create dated on or before the book-closing date is refused with ${mode === 'document' ? '6200' : '6210'} as deletes are; the day after is accepted`, async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 }, bookCloseDate: '2024-12-31' });
    const c = client(sim, co);
    for (const date of ['2024-12-31', '2024-03-01']) {
      const res = await c.post('/invoice', { TxnDate: date, CustomerRef: { value: '1' }, TotalAmt: 5 });
      expect(res.status).toBe(400);
      const error = (await json(res)).Fault.Error[0];
      if (mode === 'document') {
        expect(error.code).toBe('6200');
        expect(error.Message).toContain(date);
        expect(error.Message).toContain('2024-12-31');
      } else {
        expect(error).toMatchObject({
          code: '6210',
          Message: 'Account Period Closed, Cannot Update Through Services API',
        });
      }
    }
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
    expect((await c.post('/invoice', { TxnDate: '2025-01-01', CustomerRef: { value: '1' } })).status).toBe(200);
  });

  it('610: a body carrying the Id of a deleted record is an update of a record that is gone; a live Id or a SyncToken → 2010 (updates are not simulated)', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
    const c = client(sim, co);
    const [gone = '', live = ''] = co.keys.all;
    const goneJson = sim.record(co.realmId, gone) ?? {};
    expect((await c.deleteOne(gone)).status).toBe(200);
    const stale = await c.post('/invoice', goneJson);
    expect(stale.status).toBe(400);
    expect((await json(stale)).Fault.Error[0]).toMatchObject({ code: '610', Message: 'Object Not Found' });
    const update = await c.post('/invoice', sim.record(co.realmId, live));
    expect((await json(update)).Fault.Error[0].code).toBe('2010');
    const token = await c.post('/invoice', { ...withoutId(goneJson), SyncToken: '0' });
    expect((await json(token)).Fault.Error[0].code).toBe('2010');
    expect((await json(await c.post('/invoice?operation=update', withoutId(goneJson)))).Fault.Error[0].code).toBe(
      '2010',
    );
    expect((await json(await c.post('/invoice?operation=create', withoutId(goneJson)))).Fault.Error[0].code).toBe(
      '2010',
    );
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
  });

  it('2020: a document without its customer or vendor is refused; a body that is not a JSON object → 2010', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
    const c = client(sim, co);
    const missing = await c.post('/invoice', { TxnDate: '2025-05-01', TotalAmt: 5 });
    const error = (await json(missing)).Fault.Error[0];
    expect(error.code).toBe('2020');
    expect(error.Detail).toContain('CustomerRef');
    const bill = await c.post('/billpayment', { TxnDate: '2025-05-01', TotalAmt: 5 });
    expect((await json(bill)).Fault.Error[0].Detail).toContain('VendorRef');
    const array = await c.post('/invoice', [1, 2]);
    expect((await json(array)).Fault.Error[0].code).toBe('2010');
    const raw = await fetch(`${c.base}/invoice`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${co.token}`, 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
    const badDate = await c.post('/invoice', { TxnDate: '05/01/2025', CustomerRef: { value: '1' } });
    expect((await json(badDate)).Fault.Error[0].code).toBe('2010');
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
  });
});
