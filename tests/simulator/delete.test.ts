import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../lib/domain/entities';
import { GENERIC_DELETE_EXCLUDED, jsonKey, resourcePath } from '../../lib/qbo/entities';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { jsonLinks } from '../../tools/simulator/links';
import { byBId, client, deleteItem, json, splitKey } from './test-helpers';

describe.each<FidelityMode>(['document', 'real'])('deletes (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode, requestLimits: false }); // not pacing: 10 a second would refuse
  });
  afterAll(() => sim.close());

  const invoices = (extra: Parameters<Simulator['seedCompany']>[0] = { count: 10 }) =>
    sim.seedCompany({ entities: { Invoice: 1 }, ...extra });

  it('R1: a stale SyncToken is accepted on the single-record path', async () => {
    const co = invoices();
    const key = co.keys.all[0] ?? '';
    sim.editRecord(co.realmId, key);
    sim.editRecord(co.realmId, key);
    const res = await client(sim, co).deleteOne(key, '0');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.Invoice).toEqual({ status: 'Deleted', domain: 'QBO', Id: splitKey(key)[1] });
    expect(typeof body.time).toBe('string');
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
  });

  it('R1: a stale SyncToken is accepted on the batch path', async () => {
    const co = invoices();
    const key = co.keys.all[1] ?? '';
    sim.editRecord(co.realmId, key);
    const body = await json(await client(sim, co).batch([deleteItem('a', key, '0')]));
    expect(byBId(body).get('a')?.Invoice?.status).toBe('Deleted');
    expect(sim.truth(co.realmId).exists(key)).toBe(false);
  });

  it('R1: a MISSING SyncToken is refused with 400 fault 2020 (single) and per item (batch)', async () => {
    const co = invoices();
    const [k1 = '', k2 = ''] = co.keys.all;
    const res = await client(sim, co).deleteOne(k1, null);
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.Fault.type).toBe('ValidationFault');
    expect(body.Fault.Error[0].code).toBe('2020');
    const batch = await json(
      await client(sim, co).batch([{ bId: '1', operation: 'delete', Invoice: { Id: splitKey(k2)[1] } }]),
    );
    expect(byBId(batch).get('1')?.Fault.Error[0].code).toBe('2020');
    expect(sim.truth(co.realmId).deletedKeys()).toEqual([]);
  });

  it('R2: a reconciled record deletes silently: 200, no fault, no message', async () => {
    const co = invoices({ count: 10, reconciledShare: 0.5 });
    const key = co.keys.reconciled[0] ?? '';
    const res = await client(sim, co).deleteOne(key);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/Fault|reconcil|Warning/i);
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
  });

  it(`R3: a record dated in the closed period is refused per record with ${mode === 'document' ? '6200' : '6210'}; the other batch items proceed`, async () => {
    const co = invoices({ count: 20, closedShare: 0.5, bookCloseDate: '2024-06-30' });
    const closed = co.keys.closed[0] ?? '';
    const open = co.keys.all.find((k) => !co.keys.closed.includes(k)) ?? '';
    const res = await client(sim, co).batch([deleteItem('c', closed), deleteItem('o', open)]);
    expect(res.status).toBe(200);
    const items = byBId(await json(res));
    const error = items.get('c')?.Fault.Error[0];
    const txnDate = sim.record(co.realmId, closed)?.TxnDate as string;
    if (mode === 'document') {
      expect(error.code).toBe('6200');
      expect(error.Message).toContain('account period has closed');
      expect(error.Message).toContain(txnDate);
      expect(error.Message).toContain('2024-06-30');
    } else {
      expect(error.code).toBe('6210');
      expect(error.Message).toBe('Account Period Closed, Cannot Update Through Services API');
      expect(error.Detail).toMatch(/^The account period has closed and the account books cannot be updated/);
    }
    expect(items.get('o')?.Invoice?.status).toBe('Deleted');
    expect(sim.truth(co.realmId).exists(closed)).toBe(true);
    expect(sim.truth(co.realmId).exists(open)).toBe(false);
  });

  it('R3: the single-record path refuses a closed-period record with HTTP 400; reopening the books lets it delete', async () => {
    const co = invoices({ count: 10, closedShare: 0.5 });
    const closed = co.keys.closed[0] ?? '';
    const res = await client(sim, co).deleteOne(closed);
    expect(res.status).toBe(400);
    expect((await json(res)).Fault.Error[0].code).toBe(mode === 'document' ? '6200' : '6210');
    sim.setBookCloseDate(co.realmId, undefined);
    expect((await client(sim, co).deleteOne(closed)).status).toBe(200);
  });

  it('610: a second delete of the same record answers Object Not Found and is not applied twice', async () => {
    const co = invoices();
    const key = co.keys.all[0] ?? '';
    const c = client(sim, co);
    expect((await c.deleteOne(key)).status).toBe(200);
    const again = await c.deleteOne(key);
    expect(again.status).toBe(400);
    const error = (await json(again)).Fault.Error[0];
    expect(error.code).toBe('610');
    expect(error.Message).toBe('Object Not Found');
    expect(error.Detail).toContain('Another user has deleted this transaction.');
    const batch = byBId(await json(await c.batch([deleteItem('x', key), deleteItem('y', key)])));
    expect(batch.get('x')?.Fault.Error[0].code).toBe('610');
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(1);
  });

  it('610: a record removed by another user, an unknown Id and an Id of another entity are Object Not Found', async () => {
    const co = sim.seedCompany({ count: 10, entities: { Invoice: 1, Bill: 1 } });
    const inv = co.keys.all.find((k) => k.startsWith('Invoice:')) ?? '';
    const bill = co.keys.all.find((k) => k.startsWith('Bill:')) ?? '';
    sim.removeRecord(co.realmId, inv);
    const c = client(sim, co);
    for (const res of [
      await c.deleteOne(inv),
      await c.deleteOne('Invoice:999999'),
      await c.deleteOne(`Invoice:${splitKey(bill)[1]}`),
    ]) {
      expect(res.status).toBe(400);
      expect((await json(res)).Fault.Error[0].code).toBe('610');
    }
    expect(sim.truth(co.realmId).appliedDeletes(inv)).toBe(0);
    expect(sim.truth(co.realmId).exists(bill)).toBe(true);
  });

  it('6540: a deposited Payment is refused; once its Deposit is deleted (no cascade) it deletes', async () => {
    const co = sim.seedCompany({ count: 20, entities: { Payment: 1, Invoice: 1 }, depositedShare: 0.2 });
    const key = co.keys.deposited.find((k) => k.startsWith('Payment:')) ?? co.keys.deposited[0] ?? '';
    const c = client(sim, co);
    const res = await c.deleteOne(key);
    expect(res.status).toBe(400);
    const error = (await json(res)).Fault.Error[0];
    expect(error).toMatchObject({ code: '6540', Message: 'Deposited Transaction cannot be changed' });
    const links = jsonLinks(sim.record(co.realmId, key) ?? {});
    const depositId = links.find((l) => l.TxnType === 'Deposit')?.TxnId;
    expect(depositId).toEqual(expect.any(String));
    expect((await c.deleteOne(`Deposit:${depositId}`)).status).toBe(200);
    expect((await c.deleteOne(key)).status).toBe(200);
  });

  it('4.1: every entity deletes through its own path and answers under its JSON key (CreditCardPaymentTxn)', async () => {
    const co = sim.seedCompany({ count: ENTITIES.length * 2 });
    const c = client(sim, co);
    for (const entity of ENTITIES) {
      const key = co.keys.all.find((k) => k.startsWith(`${entity}:`) && !co.keys.deposited.includes(k)) ?? '';
      const res = await c.post(`/${resourcePath(entity)}?operation=delete`, { Id: splitKey(key)[1], SyncToken: '0' });
      expect(res.status, entity).toBe(200);
      expect((await json(res))[jsonKey(entity)]).toEqual({ status: 'Deleted', domain: 'QBO', Id: splitKey(key)[1] });
    }
    const ccp = await json(
      await c.batch([{ bId: '1', operation: 'delete', CreditCardPayment: { Id: '1', SyncToken: '0' } }]),
    );
    expect(byBId(ccp).get('1')?.Fault.Error[0].code).toBe('2010');
  });

  it('4.2: the generic transaction path deletes posting types and refuses GENERIC_DELETE_EXCLUDED with 400 fault 6000', async () => {
    const co = sim.seedCompany({ count: 20, entities: { Invoice: 1, Estimate: 1, PurchaseOrder: 1, TimeActivity: 1 } });
    const c = client(sim, co);
    const inv = co.keys.all.find((k) => k.startsWith('Invoice:')) ?? '';
    const ok = await c.post('/transaction?operation=delete', { Id: splitKey(inv)[1], SyncToken: '0' });
    expect(ok.status).toBe(200);
    expect((await json(ok)).Invoice.status).toBe('Deleted');
    for (const entity of GENERIC_DELETE_EXCLUDED) {
      const key = co.keys.all.find((k) => k.startsWith(`${entity}:`)) ?? '';
      const res = await c.post('/transaction?operation=delete', { Id: splitKey(key)[1], SyncToken: '0' });
      expect(res.status).toBe(400);
      expect((await json(res)).Fault.Error[0].code).toBe('6000');
      expect(sim.truth(co.realmId).exists(key)).toBe(true);
    }
  });

  it('read: GET /{entity}/{id} returns the record under its JSON key; a missing one → 400 fault 610', async () => {
    const co = invoices();
    const key = co.keys.all[0] ?? '';
    const res = await client(sim, co).get(`/invoice/${splitKey(key)[1]}?minorversion=75`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.Invoice).toMatchObject({
      Id: splitKey(key)[1],
      SyncToken: expect.any(String),
      TxnDate: expect.any(String),
    });
    expect(body.Invoice.MetaData.LastUpdatedTime).toMatch(/-07:00$/);
    expect('reconciled' in body.Invoice || 'cleared' in body.Invoice).toBe(false);
    const missing = await client(sim, co).get('/invoice/999999');
    expect(missing.status).toBe(400);
    expect((await json(missing)).Fault.Error[0].code).toBe('610');
  });

  it('preferences: BookCloseDate is present when the books are closed and absent when open', async () => {
    const co = invoices({ count: 5, bookCloseDate: '2024-03-31' });
    const closed = await json(await client(sim, co).get('/preferences?minorversion=75'));
    expect(closed.Preferences.AccountingInfoPrefs.BookCloseDate).toBe('2024-03-31');
    sim.setBookCloseDate(co.realmId, undefined);
    const open = await json(await client(sim, co).get('/preferences'));
    expect('BookCloseDate' in open.Preferences.AccountingInfoPrefs).toBe(false);
  });
});
