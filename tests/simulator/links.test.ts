import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { categorize, generateCompany } from '../../tools/simulator/generate';
import { startSimulator } from '../../tools/simulator/index';
import { jsonLinks } from '../../tools/simulator/links';
import type { StoredRecord } from '../../tools/simulator/store';
import { client, json } from './test-helpers';

// Links as the real service writes them (service-facts "Where links live in real payloads").
const options = {
  count: 300,
  seed: 7,
  entities: {
    Invoice: 6,
    Payment: 4,
    Bill: 4,
    BillPayment: 3,
    SalesReceipt: 2,
    Deposit: 1,
    Estimate: 1,
    PurchaseOrder: 1,
  } as Partial<Record<Entity, number>>,
  depositedShare: 0.08,
  linkedShare: 0.4,
};

type Link = { TxnId: string; TxnType: string };
const top = (r: StoredRecord) => (r.json.LinkedTxn ?? []) as Link[];
const lines = (r: StoredRecord) => (r.json.Line ?? []) as { Amount?: number; LinkedTxn?: Link[] }[];
const PAYING: Partial<Record<Entity, Entity>> = { Payment: 'Invoice', BillPayment: 'Bill' };

describe('links where the real service keeps them (generator)', () => {
  const { records, bookCloseDate } = generateCompany(options);
  const byKey = new Map(records.map((r) => [`${r.entity}:${r.id}`, r]));

  it('a Payment, BillPayment or Deposit has no top-level LinkedTxn; its links are on its lines', () => {
    const lineLinked = records.filter((r) => ['Payment', 'BillPayment', 'Deposit'].includes(r.entity));
    expect(lineLinked.length).toBeGreaterThan(20);
    for (const r of lineLinked) expect(r.json, `${r.entity} ${r.id}`).not.toHaveProperty('LinkedTxn');
    const paying = lineLinked.filter((r) =>
      lines(r).some((l) => (l.LinkedTxn ?? []).some((t) => t.TxnType !== 'Deposit')),
    );
    expect(paying.filter((r) => r.entity === 'Payment').length).toBeGreaterThan(5);
    expect(paying.filter((r) => r.entity === 'BillPayment').length).toBeGreaterThan(3);
  });

  it('a payment line names the document it pays with the amount applied; the document names the payment at its top level', () => {
    let seen = 0;
    for (const payment of records.filter((r) => PAYING[r.entity])) {
      for (const line of lines(payment)) {
        for (const link of line.LinkedTxn ?? []) {
          if (link.TxnType === 'Deposit') continue;
          seen += 1;
          expect(link.TxnType).toBe(PAYING[payment.entity]);
          const doc = byKey.get(`${link.TxnType}:${link.TxnId}`)!;
          expect(top(doc)).toContainEqual({ TxnId: payment.id, TxnType: payment.entity });
          const applied = Math.min(Number(payment.json.TotalAmt), Number(doc.json.TotalAmt));
          expect(line.Amount).toBeCloseTo(applied, 2);
          expect(line.Amount).toBeGreaterThan(0);
        }
      }
    }
    expect(seen).toBeGreaterThan(8);
    // And the other way round: every payment a document names holds the line that pays it.
    for (const doc of records.filter((r) => r.entity === 'Invoice' || r.entity === 'Bill')) {
      for (const link of top(doc).filter((l) => l.TxnType === 'Payment' || l.TxnType === 'BillPayment')) {
        const payment = byKey.get(`${link.TxnType}:${link.TxnId}`)!;
        expect(jsonLinks(payment.json)).toContainEqual({ TxnId: doc.id, TxnType: doc.entity });
        expect(top(payment)).toEqual([]);
      }
    }
  });

  it('a deposited Payment names its Deposit on a line, a deposited SalesReceipt at its top level; the Deposit lines name both', () => {
    const keys = categorize(records, bookCloseDate);
    const deposited = keys.deposited.map((k) => byKey.get(k)!);
    expect(deposited.some((r) => r.entity === 'Payment')).toBe(true);
    expect(deposited.some((r) => r.entity === 'SalesReceipt')).toBe(true);
    for (const r of deposited) {
      const onLine = lines(r)
        .flatMap((l) => l.LinkedTxn ?? [])
        .find((l) => l.TxnType === 'Deposit');
      const onTop = top(r).find((l) => l.TxnType === 'Deposit');
      const link = r.entity === 'Payment' ? onLine : onTop;
      expect(link, `${r.entity} ${r.id}`).toBeDefined();
      expect(r.entity === 'Payment' ? onTop : onLine).toBeUndefined();
      const deposit = byKey.get(`Deposit:${link!.TxnId}`)!;
      expect(lines(deposit).flatMap((l) => l.LinkedTxn ?? [])).toContainEqual(
        expect.objectContaining({ TxnId: r.id, TxnType: r.entity }),
      );
    }
  });

  it('keys.linked: every record with a non-deposit link in either place, payments with line links included', () => {
    const keys = categorize(records, bookCloseDate);
    const expected = records
      .filter((r) => [...top(r), ...lines(r).flatMap((l) => l.LinkedTxn ?? [])].some((l) => l.TxnType !== 'Deposit'))
      .map((r) => `${r.entity}:${r.id}`);
    expect(keys.linked).toEqual(expected);
    expect(keys.linked.some((k) => k.startsWith('Payment:') && top(byKey.get(k)!).length === 0)).toBe(true);
    expect(keys.linked.some((k) => k.startsWith('Invoice:'))).toBe(true);
  });
});

describe.each<FidelityMode>(['document', 'real'])('links in the API payloads (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode, requestLimits: false }); // not pacing: 10 a second would refuse
  });
  afterAll(() => sim.close());

  it('a paying Payment reads with Line[].LinkedTxn and no top-level LinkedTxn; its invoice names it at the top', async () => {
    const co = sim.seedCompany({ count: 30, seed: 9, entities: { Invoice: 1, Payment: 1 }, linkedShare: 0.5 });
    const payments = co.keys.linked.filter((k) => k.startsWith('Payment:')).map((k) => k.split(':')[1]);
    expect(payments.length).toBeGreaterThan(0);
    const c = client(sim, co);
    const res = await c.query(
      `select * from Payment where Id in (${payments.map((id) => `'${id}'`).join(',')}) maxresults 1000`,
    );
    expect(res.status).toBe(200);
    const rows = (await json(res)).QueryResponse.Payment as Record<string, unknown>[];
    expect(rows).toHaveLength(payments.length);
    for (const row of rows) {
      expect(row).not.toHaveProperty('LinkedTxn');
      const link = (row.Line as { Amount: number; LinkedTxn: Link[] }[]).flatMap((l) => l.LinkedTxn)[0]!;
      expect(link.TxnType).toBe('Invoice');
      const invoice = (await json(await c.query(`select * from Invoice where Id in ('${link.TxnId}') maxresults 10`)))
        .QueryResponse.Invoice[0];
      expect(invoice.LinkedTxn).toContainEqual({ TxnId: row.Id, TxnType: 'Payment' });
    }
  });
});
