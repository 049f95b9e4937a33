import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { findRefs } from '../../tools/simulator/refs';
import { client, type Json, json } from './test-helpers';

// Reference entities: customers, vendors, employees, items and accounts, with Active; creates
// naming an unusable one are refused (document: 6000 naming it; real: 2500 / 610 as the service words them).
const invoiceBody = (over: Json = {}): Json => ({
  TxnDate: '2025-05-01',
  CustomerRef: { value: '3', name: 'Cool Cars' },
  Line: [
    {
      Amount: 120,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: { ItemRef: { value: '1', name: 'Services' } },
    },
  ],
  ...over,
});

describe('reference entities: seeding and control', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it('seeding registers every ref the generated records use, all active, plus items and line accounts', () => {
    const co = sim.seedCompany({ count: 200, seed: 4 });
    const refs = sim.references(co.realmId);
    const known = new Set(refs.map((r) => `${r.type}:${r.id}`));
    const used = sim.records(co.realmId).flatMap((r) => findRefs(r.json));
    expect(used.length).toBeGreaterThan(200);
    for (const ref of used) expect(known, `${ref.type} ${ref.id} at ${ref.element}`).toContain(`${ref.type}:${ref.id}`);
    expect(new Set(used.map((r) => r.type))).toEqual(new Set(['Customer', 'Vendor', 'Employee', 'Account']));
    expect(sim.references(co.realmId, 'Item').length).toBeGreaterThan(3);
    expect(refs.every((r) => r.active && !r.deleted)).toBe(true);
  });

  it('findRefs reads top-level refs, EntityRef by its type, every …AccountRef and refs inside lines, with the element path', () => {
    const refs = findRefs({
      CustomerRef: { value: '1' },
      EntityRef: { value: '55', type: 'Employee' },
      DepositToAccountRef: { value: '35' },
      CurrencyRef: { value: 'USD' },
      LinkedTxn: [{ TxnId: '1', TxnType: 'Invoice' }],
      Line: [
        {
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: 2 }, TaxCodeRef: { value: 'NON' } },
        },
        {
          JournalEntryLineDetail: {
            AccountRef: { value: '7' },
            Entity: { Type: 'Customer', EntityRef: { value: '9' } },
          },
        },
      ],
    });
    expect(refs.map((r) => [r.type, r.id, r.element])).toEqual([
      ['Customer', '1', 'CustomerRef'],
      ['Employee', '55', 'EntityRef'],
      ['Account', '35', 'DepositToAccountRef'],
      ['Item', '2', 'Line.SalesItemLineDetail.ItemRef'],
      ['Account', '7', 'Line.JournalEntryLineDetail.AccountRef'],
      ['Customer', '9', 'Line.JournalEntryLineDetail.Entity.EntityRef'],
    ]);
  });

  it('over HTTP: /__sim/reference-active, /__sim/reference-delete and /__sim/references; unknown refs → 400', async () => {
    const co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    const post = (path: string, body: unknown) =>
      fetch(`${sim.url}/__sim/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect(
      (await post('reference-active', { realmId: co.realmId, type: 'Vendor', id: '30', active: false })).status,
    ).toBe(200);
    expect((await post('reference-delete', { realmId: co.realmId, type: 'Item', id: '2' })).status).toBe(200);
    const vendors = await json(await fetch(`${sim.url}/__sim/references?realmId=${co.realmId}&type=Vendor`));
    expect(vendors.find((r: Json) => r.id === '30')).toMatchObject({ type: 'Vendor', active: false, deleted: false });
    const all = await json(await fetch(`${sim.url}/__sim/references?realmId=${co.realmId}`));
    expect(all.find((r: Json) => r.type === 'Item' && r.id === '2')).toMatchObject({ active: false, deleted: true });
    expect(
      (await post('reference-active', { realmId: co.realmId, type: 'Vendor', id: '999', active: false })).status,
    ).toBe(400);
    expect((await post('reference-delete', { realmId: co.realmId, type: 'Planet', id: '1' })).status).toBe(400);
    expect(() => sim.setReferenceActive(co.realmId, 'Customer', '999', false)).toThrow(/no Customer 999/);
  });

  it('re-seeding a company brings its references back, all active', () => {
    const co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    sim.deleteReference(co.realmId, 'Customer', '3');
    sim.seedCompany({ count: 5, entities: { Invoice: 1 }, realmId: co.realmId });
    expect(sim.references(co.realmId, 'Customer').find((r) => r.id === '3')).toMatchObject({
      active: true,
      deleted: false,
    });
  });
});

describe.each<FidelityMode>(['document', 'real'])('creates check their references (%s mode)', (mode) => {
  let sim: Simulator;
  let co: SeededCompany;
  beforeAll(async () => {
    sim = await startSimulator({ mode });
  });
  afterAll(() => sim.close());
  const create = (path: string, body: Json) => client(sim, co).post(`${path}?minorversion=75`, body);
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.Fault.type).toBe('ValidationFault');
    return body.Fault.Error[0] as Json;
  };

  it('an inactive customer is refused; reactivated, the same create succeeds', async () => {
    co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    sim.setReferenceActive(co.realmId, 'Customer', '3', false);
    const error = await refused(await create('/invoice', invoiceBody()));
    if (mode === 'document') {
      expect(error.code).toBe('6000');
      expect(error.Message).toBe('A business validation error has occurred while processing your request');
      expect(error.Detail).toContain('Customer 3 (Cool Cars) in CustomerRef is inactive');
      expect(error.element).toBe('CustomerRef');
    } else {
      expect(error).toMatchObject({ code: '2500', Message: 'Invalid Reference Id' });
      expect(error.Detail).toContain("Something you're trying to use has been made inactive");
    }
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
    sim.setReferenceActive(co.realmId, 'Customer', '3', true);
    expect((await create('/invoice', invoiceBody())).status).toBe(200);
  });

  it(`a deleted customer is refused (${mode === 'document' ? '6000' : '610 Object Not Found'})`, async () => {
    co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    sim.deleteReference(co.realmId, 'Customer', '3');
    const error = await refused(await create('/invoice', invoiceBody()));
    if (mode === 'document') {
      expect(error.code).toBe('6000');
      expect(error.Detail).toContain('Customer 3 (Cool Cars (deleted)) in CustomerRef has been deleted');
    } else {
      expect(error).toMatchObject({ code: '610', Message: 'Object Not Found' });
      expect(error.Detail).toMatch(/^Object Not Found : Something you're trying to use has been made inactive/);
    }
  });

  it('an unknown item on a line, an inactive vendor, an inactive deposit account and an unknown account are refused', async () => {
    co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    const line = { Amount: 5, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '404' } } };
    const item = await refused(await create('/invoice', invoiceBody({ Line: [line] })));
    if (mode === 'document') {
      expect(item).toMatchObject({ code: '6000', element: 'Line.SalesItemLineDetail.ItemRef' });
      expect(item.Detail).toContain('Item 404 in Line.SalesItemLineDetail.ItemRef does not exist');
    } else {
      expect(item).toMatchObject({
        code: '2500',
        Message: 'Invalid Reference Id',
        Detail: 'Invalid Reference Id : Line.SalesItemLineDetail.ItemRef',
        element: 'Line.SalesItemLineDetail.ItemRef',
      });
    }
    sim.setReferenceActive(co.realmId, 'Vendor', '31', false);
    const bill = { TxnDate: '2025-05-01', VendorRef: { value: '31' }, TotalAmt: 10 };
    expect((await refused(await create('/bill', bill))).code).toBe(mode === 'document' ? '6000' : '2500');
    sim.setReferenceActive(co.realmId, 'Account', '4', false);
    const receipt = { TxnDate: '2025-05-01', CustomerRef: { value: '1' }, DepositToAccountRef: { value: '4' } };
    expect((await refused(await create('/salesreceipt', receipt))).code).toBe(mode === 'document' ? '6000' : '2500');
    const transfer = {
      TxnDate: '2025-05-01',
      FromAccountRef: { value: '35' },
      ToAccountRef: { value: '9999' },
      Amount: 5,
    };
    const account = await refused(await create('/transfer', transfer));
    expect(account.code).toBe(mode === 'document' ? '6000' : '2500');
    if (mode === 'real') expect(account.element).toBe('ToAccountRef');
    expect(sim.truth(co.realmId).createdKeys()).toEqual([]);
  });

  it('a vendor id used as a customer is unknown as a customer; Purchase EntityRef follows its type', async () => {
    co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
    expect((await create('/invoice', invoiceBody({ CustomerRef: { value: '30' } }))).status).toBe(400);
    const purchase = {
      TxnDate: '2025-05-01',
      PaymentType: 'Cash',
      AccountRef: { value: '35' },
      EntityRef: { value: '55', type: 'Employee' },
      TotalAmt: 12,
    };
    expect((await create('/purchase', purchase)).status).toBe(200);
    sim.setReferenceActive(co.realmId, 'Employee', '55', false);
    expect((await create('/purchase', purchase)).status).toBe(400);
  });
});
