import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { jsonLinks } from '../../tools/simulator/links';
import { type Client, client, type Json, json } from './test-helpers';

// Links on create (service-facts "Where links live", "Re-creating a deleted transaction").
describe.each<FidelityMode>(['document', 'real'])('creates record their links (%s mode)', (mode) => {
  let sim: Simulator;
  let co: SeededCompany;
  let c: Client;
  beforeAll(async () => {
    sim = await startSimulator({ mode });
  });
  afterAll(() => sim.close());
  const fresh = () => {
    co = sim.seedCompany({ count: 3, entities: { Estimate: 1 } });
    c = client(sim, co);
  };
  const make = async (path: string, body: Json): Promise<Json> => {
    const res = await c.post(path, body);
    const answer = await json(res);
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return Object.values(answer).find((v) => typeof v === 'object') as Json;
  };
  const invoice = (total: number) =>
    make('/invoice', { TxnDate: '2025-05-01', CustomerRef: { value: '1' }, TotalAmt: total });
  const pay = (invoices: [Json, number][], total: number) =>
    make('/payment', {
      TxnDate: '2025-05-02',
      CustomerRef: { value: '1' },
      TotalAmt: total,
      Line: invoices.map(([inv, amount]) => ({ Amount: amount, LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }] })),
    });
  const record = (key: string) => sim.record(co.realmId, key) ?? {};

  it('a Payment whose lines link invoices: each invoice lists it at its top level, its Balance drops and its SyncToken goes up', async () => {
    fresh();
    const a = await invoice(300);
    const b = await invoice(100);
    const payment = await pay(
      [
        [a, 120],
        [b, 100],
      ],
      250,
    );
    expect(payment).not.toHaveProperty('LinkedTxn');
    expect(payment.Line.map((l: Json) => [l.Id, l.Amount, l.LinkedTxn[0].TxnId])).toEqual([
      ['1', 120, a.Id],
      ['2', 100, b.Id],
    ]);
    expect(payment.UnappliedAmt).toBe(30);
    const invA = record(`Invoice:${a.Id}`);
    expect(invA.LinkedTxn).toEqual([{ TxnId: payment.Id, TxnType: 'Payment' }]);
    expect(invA.Balance).toBe(180);
    expect(invA.SyncToken).toBe('1');
    expect(record(`Invoice:${b.Id}`).Balance).toBe(0);
  });

  it('a BillPayment whose line links a Bill: the bill lists it and its Balance drops', async () => {
    fresh();
    const bill = await make('/bill', { TxnDate: '2025-05-01', VendorRef: { value: '30' }, TotalAmt: 75 });
    expect(bill.Balance).toBe(75);
    const billPayment = await make('/billpayment', {
      TxnDate: '2025-05-03',
      VendorRef: { value: '30' },
      PayType: 'Check',
      TotalAmt: 75,
      Line: [{ Amount: 75, LinkedTxn: [{ TxnId: bill.Id, TxnType: 'Bill' }] }],
    });
    const after = record(`Bill:${bill.Id}`);
    expect(after.LinkedTxn).toEqual([{ TxnId: billPayment.Id, TxnType: 'BillPayment' }]);
    expect(after.Balance).toBe(0);
  });

  it('6540: a Deposit whose lines link a Payment and a SalesReceipt deposits them: deleting either is then refused', async () => {
    fresh();
    const payment = await make('/payment', { TxnDate: '2025-05-02', CustomerRef: { value: '1' }, TotalAmt: 40 });
    const receipt = await make('/salesreceipt', { TxnDate: '2025-05-02', CustomerRef: { value: '1' }, TotalAmt: 60 });
    const deposit = await make('/deposit', {
      TxnDate: '2025-05-04',
      DepositToAccountRef: { value: '35' },
      Line: [
        { Amount: 40, LinkedTxn: [{ TxnId: payment.Id, TxnType: 'Payment', TxnLineId: '0' }] },
        { Amount: 60, LinkedTxn: [{ TxnId: receipt.Id, TxnType: 'SalesReceipt', TxnLineId: '0' }] },
      ],
    });
    expect(deposit).not.toHaveProperty('LinkedTxn');
    expect(deposit.Line).toHaveLength(2);
    const onPayment = record(`Payment:${payment.Id}`);
    expect(onPayment).not.toHaveProperty('LinkedTxn');
    expect(onPayment.Line).toEqual([{ Id: '1', Amount: 40, LinkedTxn: [{ TxnId: deposit.Id, TxnType: 'Deposit' }] }]);
    expect(record(`SalesReceipt:${receipt.Id}`).LinkedTxn).toEqual([{ TxnId: deposit.Id, TxnType: 'Deposit' }]);
    for (const key of [`Payment:${payment.Id}`, `SalesReceipt:${receipt.Id}`]) {
      const res = await c.deleteOne(key);
      expect(res.status).toBe(400);
      expect((await json(res)).Fault.Error[0].code).toBe('6540');
    }
  });

  it('610: a link naming a transaction that does not exist (a line, the top level, a deleted one, an unknown TxnType) is refused and nothing changes', async () => {
    fresh();
    const inv = await invoice(50);
    expect((await c.deleteOne(`Invoice:${inv.Id}`)).status).toBe(200);
    const live = await invoice(20);
    const bodies: [string, Json][] = [
      [
        '/payment',
        {
          CustomerRef: { value: '1' },
          TotalAmt: 5,
          Line: [{ Amount: 5, LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }] }],
        },
      ],
      [
        '/payment',
        {
          CustomerRef: { value: '1' },
          TotalAmt: 5,
          Line: [{ Amount: 5, LinkedTxn: [{ TxnId: live.Id, TxnType: 'Bill' }] }],
        },
      ],
      ['/invoice', { CustomerRef: { value: '1' }, LinkedTxn: [{ TxnId: '999999', TxnType: 'Estimate' }] }],
      ['/invoice', { CustomerRef: { value: '1' }, LinkedTxn: [{ TxnId: live.Id, TxnType: 'ReimburseCharge' }] }],
    ];
    for (const [path, body] of bodies) {
      const res = await c.post(path, body);
      expect(res.status).toBe(400);
      const error = (await json(res)).Fault.Error[0];
      expect(error).toMatchObject({ code: '610', Message: 'Object Not Found' });
      if (mode === 'real') expect(error.Detail).toContain("Something you're trying to use has been deleted");
      else expect(error.Detail).toContain('LinkedTxn');
    }
    expect(record(`Invoice:${live.Id}`)).toMatchObject({ Balance: 20, SyncToken: '0', LinkedTxn: [] });
    expect(sim.truth(co.realmId).createdKeys()).toHaveLength(2);
  });

  it('a document naming another document (Invoice → Estimate) is listed back; a link naming a payer is left for the payer to write', async () => {
    fresh();
    const estimate = co.keys.all[0]?.split(':')[1] ?? '';
    const payment = await make('/payment', { CustomerRef: { value: '1' }, TotalAmt: 10 });
    const inv = await make('/invoice', {
      CustomerRef: { value: '1' },
      TotalAmt: 10,
      LinkedTxn: [
        { TxnId: estimate, TxnType: 'Estimate' },
        { TxnId: payment.Id, TxnType: 'Payment' },
      ],
    });
    expect(inv.LinkedTxn).toEqual([{ TxnId: estimate, TxnType: 'Estimate' }]);
    expect(inv.Balance).toBe(10);
    expect(jsonLinks(record(`Estimate:${estimate}`))).toContainEqual({ TxnId: inv.Id, TxnType: 'Invoice' });
    expect(jsonLinks(record(`Payment:${payment.Id}`))).toEqual([]);
  });

  it('an Invoice billing a TimeActivity: the activity shows BillableStatus "HasBeenBilled" and no link, as the real service writes it', async () => {
    co = sim.seedCompany({ count: 2, entities: { TimeActivity: 1 } });
    c = client(sim, co);
    const keys = co.keys.all.filter((k) => k.startsWith('TimeActivity:'));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const [billedKey = '', otherKey = ''] = keys;
    // Before it is billed: a string status, never a boolean field.
    expect(record(billedKey).BillableStatus).toBe('Billable');
    expect(record(billedKey)).not.toHaveProperty('HasBeenBilled');
    const activity = billedKey.split(':')[1] ?? '';
    const syncToken = Number(record(billedKey).SyncToken);
    const inv = await make('/invoice', {
      CustomerRef: { value: '1' },
      TotalAmt: 225,
      LinkedTxn: [{ TxnId: activity, TxnType: 'TimeActivity' }],
    });
    expect(inv.LinkedTxn).toEqual([{ TxnId: activity, TxnType: 'TimeActivity' }]);
    const billed = record(billedKey);
    expect(billed.BillableStatus).toBe('HasBeenBilled');
    expect(billed).not.toHaveProperty('HasBeenBilled');
    expect(jsonLinks(billed)).toEqual([]);
    expect(billed.SyncToken).toBe(String(syncToken + 1));
    expect(record(otherKey).BillableStatus).toBe('Billable');
    // Read through the query endpoint too: the answer carries the same string.
    const read = await json(await c.query(`select * from TimeActivity where Id = '${activity}'`));
    expect(read.QueryResponse.TimeActivity[0].BillableStatus).toBe('HasBeenBilled');
  });

  it('restore in order (documents, payments, deposits) after deleting a deposited, linked chain rebuilds the links with new Ids', async () => {
    co = sim.seedCompany({
      count: 40,
      entities: { Invoice: 3, Payment: 3, Deposit: 1 },
      depositedShare: 0.2,
      linkedShare: 0.5,
      seed: 9,
    });
    c = client(sim, co);
    const paymentKey = co.keys.deposited.find(
      (k) => k.startsWith('Payment:') && jsonLinks(record(k)).some((l) => l.TxnType === 'Invoice'),
    );
    expect(paymentKey).toBeDefined();
    const payment = record(paymentKey ?? '');
    const invLink = jsonLinks(payment).find((l) => l.TxnType === 'Invoice');
    const depLink = jsonLinks(payment).find((l) => l.TxnType === 'Deposit');
    const invoiceJson = record(`Invoice:${invLink?.TxnId}`);
    const depositJson = record(`Deposit:${depLink?.TxnId}`);
    for (const key of [`Deposit:${depLink?.TxnId}`, paymentKey ?? '', `Invoice:${invLink?.TxnId}`])
      expect((await c.deleteOne(key)).status, key).toBe(200);

    const strip = ({ Id: _i, SyncToken: _s, ...rest }: Json) => rest;
    const newInvoice = await make('/invoice', { ...strip(invoiceJson), LinkedTxn: [] });
    expect(newInvoice.Balance).toBe(invoiceJson.TotalAmt);
    const lines = (payment.Line as Json[])
      .filter((l) => l.LinkedTxn[0].TxnType === 'Invoice')
      .map((l) => ({ Amount: l.Amount, LinkedTxn: [{ TxnId: newInvoice.Id, TxnType: 'Invoice' }] }));
    const newPayment = await make('/payment', { ...strip(payment), Line: lines });
    const paid = lines[0]?.Amount as number;
    expect(record(`Invoice:${newInvoice.Id}`).Balance).toBeCloseTo(Number(invoiceJson.TotalAmt) - paid, 2);
    // The Deposit's other members are still there: its lines name them and the new payment.
    const depositLines = (depositJson.Line as Json[]).map((l) =>
      l.LinkedTxn[0].TxnId === payment.Id ? { ...l, LinkedTxn: [{ TxnId: newPayment.Id, TxnType: 'Payment' }] } : l,
    );
    const newDeposit = await make('/deposit', { ...strip(depositJson), Line: depositLines });
    expect(newDeposit.TotalAmt).toBe(depositJson.TotalAmt);
    const res = await c.deleteOne(`Payment:${newPayment.Id}`);
    expect((await json(res)).Fault.Error[0].code).toBe('6540');
  });
});
