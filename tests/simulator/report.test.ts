import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityFromReportName } from '../../lib/qbo/entities';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, type Json, json } from './test-helpers';

/** Data rows of a report, walking Section rows recursively. */
function dataRows(rows: Json | undefined): Json[] {
  return ((rows?.Row ?? []) as Json[]).flatMap((r) => (r.type === 'Section' ? dataRows(r.Rows) : [r]));
}

/** `${Entity}:${Id}` of every data row, the Id found through the txn_type ColKey. */
function reportKeys(report: Json): string[] {
  const cols = report.Columns.Column as Json[];
  const at = cols.findIndex((c) => c.MetaData?.some((m: Json) => m.Name === 'ColKey' && m.Value === 'txn_type'));
  return dataRows(report.Rows).map((r) => `${entityFromReportName(r.ColData[at].value)}:${r.ColData[at].id}`);
}

describe('TransactionList report (4.4)', () => {
  let sim: Simulator;
  let co: SeededCompany;
  const path = (query: string) => `/reports/TransactionList?minorversion=75&${query}`;
  const report = async (query: string) => {
    const res = await client(sim, co).get(path(query));
    return { status: res.status, body: await json(res) };
  };
  beforeAll(async () => {
    sim = await startSimulator();
    co = sim.seedCompany({ count: 200, reconciledShare: 0.2, depositedShare: 0.1, linkedShare: 0.1 });
  });
  afterAll(() => sim.close());

  it.each(['document', 'real'] as const)(
    '2170: cleared=Unreconciled is refused with Invalid Enumeration (%s)',
    async (mode) => {
      sim.setMode(mode);
      const { status, body } = await report('start_date=2024-01-01&end_date=2025-12-31&cleared=Unreconciled');
      sim.setMode('document');
      expect(status).toBe(400);
      expect(body.Fault.Error[0]).toMatchObject({ code: '2170', Message: 'Invalid Enumeration' });
    },
  );

  it('report Ids: cleared=Reconciled rows carry exactly the reconciled Ids on the txn_type cell (found by ColKey)', async () => {
    const { status, body } = await report('start_date=2024-01-01&end_date=2025-12-31&cleared=Reconciled');
    expect(status).toBe(200);
    expect(body.Header.Option).toEqual([{ Name: 'NoReportData', Value: 'false' }]);
    const cols = body.Columns.Column.map((c: Json) => c.MetaData[0].Value);
    expect(cols[0]).not.toBe('txn_type');
    expect(reportKeys(body).sort()).toEqual([...co.keys.reconciled].sort());
    for (const cell of dataRows(body.Rows).flatMap((r) => r.ColData)) expect(typeof cell.value).toBe('string');
  });

  it('report columns: the layout varies by company and txn_type is never first; columns= picks the order', async () => {
    const layouts = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const other = sim.seedCompany({ count: 3 });
      const res = await json(await client(sim, other).get(path('start_date=2024-01-01&end_date=2025-12-31')));
      const keys = res.Columns.Column.map((c: Json) => c.MetaData[0].Value);
      expect(keys[0]).not.toBe('txn_type');
      expect(keys).toContain('txn_type');
      layouts.add(keys.join(','));
    }
    expect(layouts.size).toBeGreaterThan(1);
    const picked = await report('start_date=2024-01-01&end_date=2025-12-31&columns=subt_nat_amount,txn_type');
    expect(picked.body.Columns.Column.map((c: Json) => c.MetaData[0].Value)).toEqual(['subt_nat_amount', 'txn_type']);
  });

  it('report Section grouping: group_by=Transaction Type nests Data rows in Section rows with Header and Summary', async () => {
    const { body } = await report(
      'start_date=2024-01-01&end_date=2025-12-31&cleared=Reconciled&group_by=Transaction%20Type',
    );
    const sections = body.Rows.Row as Json[];
    expect(sections.every((s) => s.type === 'Section' && s.Header && s.Summary)).toBe(true);
    expect(reportKeys(body).sort()).toEqual([...co.keys.reconciled].sort());
  });

  it('report Section grouping: a forced two-level grouping (month, then type) still yields every Id', async () => {
    sim.setReportGrouping(['month', 'txn_type']);
    try {
      const { body } = await report('start_date=2024-01-01&end_date=2025-12-31&cleared=Reconciled');
      const first = body.Rows.Row[0];
      expect(first.type).toBe('Section');
      expect(first.Rows.Row[0].type).toBe('Section');
      expect(reportKeys(body).sort()).toEqual([...co.keys.reconciled].sort());
    } finally {
      sim.setReportGrouping(undefined);
    }
  });

  it('report range and deletes: only TxnDate in range; deleted records vanish; empty → Rows {} with NoReportData true', async () => {
    const all = await report('start_date=2024-01-01&end_date=2025-12-31');
    expect(reportKeys(all.body)).toHaveLength(200);
    const { body } = await report('start_date=2024-05-01&end_date=2024-05-31');
    const inMay = sim.records(co.realmId).filter((r) => String(r.json.TxnDate).startsWith('2024-05'));
    expect(reportKeys(body)).toHaveLength(inMay.length);
    const victim = co.keys.reconciled[0] ?? '';
    await client(sim, co).deleteOne(victim);
    const after = await report('start_date=2024-01-01&end_date=2025-12-31&cleared=Reconciled');
    expect(reportKeys(after.body)).not.toContain(victim);
    const empty = await report('start_date=2019-01-01&end_date=2019-12-31');
    expect(empty.body.Rows).toEqual({});
    expect(empty.body.Header.Option).toEqual([{ Name: 'NoReportData', Value: 'true' }]);
  });

  it('report cleared values: Deposited = payments/receipts on a Deposit; Reconciled, Cleared, Uncleared partition the rest', async () => {
    const range = 'start_date=2024-01-01&end_date=2025-12-31';
    const deposited = reportKeys((await report(`${range}&cleared=Deposited`)).body);
    expect(deposited.sort()).toEqual([...co.keys.deposited].sort());
    const parts = await Promise.all(['Reconciled', 'Cleared', 'Uncleared'].map((v) => report(`${range}&cleared=${v}`)));
    const total = parts.reduce((n, p) => n + reportKeys(p.body).length, 0);
    expect(total).toBe(sim.records(co.realmId).length);
  });

  it('report display names map back to their entities', async () => {
    const { body } = await report('start_date=2024-01-01&end_date=2025-12-31');
    const keys = reportKeys(body);
    expect(keys.some((k) => k.startsWith('undefined'))).toBe(false);
    for (const key of keys) expect(sim.truth(co.realmId).exists(key)).toBe(true);
  });
});
