import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { metaTime } from '../../tools/simulator/clock';
import { startSimulator } from '../../tools/simulator/index';
import { jsonLinks } from '../../tools/simulator/links';
import { type Client, client, type Json, json, manualClock } from './test-helpers';

// Void of the voidable types (service-facts "Void"), identical in both modes.
describe.each<FidelityMode>(['document', 'real'])(
  'void of Invoice, Payment, SalesReceipt, BillPayment (%s mode)',
  (mode) => {
    let sim: Simulator;
    let co: SeededCompany;
    let c: Client;
    const clock = manualClock();
    beforeAll(async () => {
      sim = await startSimulator({ mode, now: clock.now });
    });
    afterAll(() => sim.close());
    const fresh = (extra: Partial<Parameters<Simulator['seedCompany']>[0]> = {}) => {
      co = sim.seedCompany({ count: 3, entities: { Estimate: 1 }, ...extra });
      c = client(sim, co);
    };
    const make = async (path: string, body: Json): Promise<Json> => {
      const answer = await json(await c.post(path, body));
      return Object.values(answer).find((v) => typeof v === 'object') as Json;
    };
    const record = (key: string) => sim.record(co.realmId, key) ?? {};
    const voidInvoice = (id: string, syncToken = '0') =>
      c.post('/invoice?operation=void&minorversion=75', { Id: id, SyncToken: syncToken });
    const voidByUpdate = (path: string, id: string, syncToken = '0') =>
      c.post(`/${path}?operation=update&include=void&minorversion=75`, { Id: id, SyncToken: syncToken, sparse: true });

    it('an Invoice voids: it stays, amounts 0, Balance 0, PrivateNote "Voided", SyncToken + 1, LastUpdatedTime now', async () => {
      fresh();
      const inv = await make('/invoice', {
        TxnDate: '2025-05-01',
        CustomerRef: { value: '1' },
        PrivateNote: 'Spring order',
        Line: [{ Amount: 90, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '1' } } }],
      });
      clock.advance(600_000);
      const res = await voidInvoice(inv.Id);
      expect(res.status).toBe(200);
      const voided = (await json(res)).Invoice;
      expect(voided).toMatchObject({
        Id: inv.Id,
        TotalAmt: 0,
        Balance: 0,
        SyncToken: '1',
        PrivateNote: 'Voided - Spring order',
      });
      expect(voided.Line[0].Amount).toBe(0);
      expect(voided.MetaData).toEqual({ CreateTime: inv.MetaData.CreateTime, LastUpdatedTime: metaTime(clock.now()) });
      expect(record(`Invoice:${inv.Id}`)).toEqual(voided);
      expect(sim.truth(co.realmId).appliedVoids(`Invoice:${inv.Id}`)).toBe(1);
      expect(sim.truth(co.realmId).exists(`Invoice:${inv.Id}`)).toBe(true);
    });

    it('R1: a stale SyncToken is accepted on a void (as on a delete); a missing one → 2020; a missing record → 610', async () => {
      fresh({ entities: { Invoice: 1 } });
      const key = co.keys.all[0] ?? '';
      sim.editRecord(co.realmId, key);
      sim.editRecord(co.realmId, key);
      const res = await voidInvoice(key.split(':')[1] ?? '', '0');
      expect(res.status).toBe(200);
      expect((await json(res)).Invoice).toMatchObject({
        SyncToken: '3',
        TotalAmt: 0,
        PrivateNote: 'Voided - Edited by another user (version 2)',
      });
      const missing = await c.post('/invoice?operation=void', { Id: key.split(':')[1] });
      expect((await json(missing)).Fault.Error[0].code).toBe('2020');
      const gone = await voidInvoice('999999');
      expect(gone.status).toBe(400);
      expect((await json(gone)).Fault.Error[0].code).toBe('610');
    });

    it('a Payment voids through update&include=void: what it paid goes back on the invoice; a second void changes no amount', async () => {
      fresh();
      const inv = await make('/invoice', { TxnDate: '2025-05-01', CustomerRef: { value: '1' }, TotalAmt: 200 });
      const payment = await make('/payment', {
        TxnDate: '2025-05-02',
        CustomerRef: { value: '1' },
        TotalAmt: 150,
        Line: [{ Amount: 150, LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }] }],
      });
      expect(record(`Invoice:${inv.Id}`).Balance).toBe(50);
      const res = await voidByUpdate('payment', payment.Id);
      expect(res.status).toBe(200);
      const voided = (await json(res)).Payment;
      expect(voided).toMatchObject({ TotalAmt: 0, UnappliedAmt: 0, PrivateNote: 'Voided', SyncToken: '1' });
      expect(voided.Line[0]).toMatchObject({ Amount: 0, LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }] });
      expect(record(`Invoice:${inv.Id}`).Balance).toBe(200);
      const again = (await json(await voidByUpdate('payment', payment.Id))).Payment;
      expect(again).toMatchObject({ PrivateNote: 'Voided', SyncToken: '2' });
      expect(record(`Invoice:${inv.Id}`).Balance).toBe(200);
    });

    it('a SalesReceipt voids; a BillPayment voids with its lines cleared and its bill back to its full Balance, no longer linked', async () => {
      fresh();
      const receipt = await make('/salesreceipt', { TxnDate: '2025-05-01', CustomerRef: { value: '1' }, TotalAmt: 30 });
      expect((await json(await voidByUpdate('salesreceipt', receipt.Id))).SalesReceipt).toMatchObject({
        TotalAmt: 0,
        PrivateNote: 'Voided',
      });
      const bill = await make('/bill', { TxnDate: '2025-05-01', VendorRef: { value: '30' }, TotalAmt: 80 });
      const bp = await make('/billpayment', {
        TxnDate: '2025-05-02',
        VendorRef: { value: '30' },
        PayType: 'Check',
        TotalAmt: 80,
        Line: [{ Amount: 80, LinkedTxn: [{ TxnId: bill.Id, TxnType: 'Bill' }] }],
      });
      expect(record(`Bill:${bill.Id}`).Balance).toBe(0);
      const voided = (await json(await voidByUpdate('billpayment', bp.Id))).BillPayment;
      expect(voided).toMatchObject({ TotalAmt: 0, Line: [], PrivateNote: 'Voided' });
      expect(record(`Bill:${bill.Id}`)).toMatchObject({ Balance: 80, LinkedTxn: [] });
    });

    it('6540: a deposited Payment or SalesReceipt cannot be voided; once its Deposit is deleted it can', async () => {
      fresh({ count: 40, entities: { Payment: 2, SalesReceipt: 2, Deposit: 1 }, depositedShare: 0.3 });
      const keys = ['Payment', 'SalesReceipt'].map((e) => co.keys.deposited.find((k) => k.startsWith(`${e}:`)) ?? '');
      const voidIt = (key: string) => voidByUpdate(key.split(':')[0]?.toLowerCase() ?? '', key.split(':')[1] ?? '');
      for (const key of keys) {
        const res = await voidIt(key);
        expect(res.status, key).toBe(400);
        expect((await json(res)).Fault.Error[0]).toMatchObject({
          code: '6540',
          Message: 'Deposited Transaction cannot be changed',
        });
      }
      const deposits = new Set(
        keys.flatMap((k) =>
          jsonLinks(record(k))
            .filter((l) => l.TxnType === 'Deposit')
            .map((l) => l.TxnId),
        ),
      );
      for (const deposit of deposits) expect((await c.deleteOne(`Deposit:${deposit}`)).status).toBe(200);
      for (const key of keys) expect((await voidIt(key)).status, key).toBe(200);
    });

    it(`R3: a void in the closed period is refused with ${mode === 'document' ? '6200' : '6210'} and changes nothing`, async () => {
      fresh({ count: 10, entities: { Invoice: 1, Payment: 1 }, closedShare: 0.5 });
      for (const key of co.keys.closed.slice(0, 4)) {
        const [entity, id = ''] = key.split(':');
        const before = record(key);
        const res = entity === 'Invoice' ? await voidInvoice(id) : await voidByUpdate('payment', id);
        expect(res.status).toBe(400);
        expect((await json(res)).Fault.Error[0].code).toBe(mode === 'document' ? '6200' : '6210');
        expect(record(key)).toEqual(before);
      }
      expect(sim.truth(co.realmId).voidedKeys()).toEqual([]);
    });

    it('the wrong form for the type, or an update void without sparse: true, is refused with 2010', async () => {
      fresh({ count: 6, entities: { Invoice: 1, Payment: 1 } });
      const inv = co.keys.all.find((k) => k.startsWith('Invoice:'))?.split(':')[1] ?? '';
      const pay = co.keys.all.find((k) => k.startsWith('Payment:'))?.split(':')[1] ?? '';
      const codes = [
        await voidByUpdate('invoice', inv),
        await c.post('/payment?operation=void', { Id: pay, SyncToken: '0' }),
        await c.post('/payment?operation=update&include=void', { Id: pay, SyncToken: '0' }),
        await c.post('/payment?operation=update', { Id: pay, SyncToken: '0', sparse: true }),
      ];
      for (const res of codes) {
        expect(res.status).toBe(400);
        expect((await json(res)).Fault.Error[0].code).toBe('2010');
      }
      expect(sim.truth(co.realmId).voidedKeys()).toEqual([]);
    });
  },
);
