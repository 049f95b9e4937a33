import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, json } from './test-helpers';

describe('query (4.5)', () => {
  let sim: Simulator;
  let co: SeededCompany;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => Date.parse('2027-01-01T12:00:00Z') });
    co = sim.seedCompany({ count: 250, entities: { Invoice: 1 } });
  });
  afterAll(() => sim.close());
  const q = async (statement: string) => {
    const res = await client(sim, co).query(statement);
    return { status: res.status, body: await json(res) };
  };
  const withMode = async <T>(mode: 'document' | 'real', run: () => Promise<T>): Promise<T> => {
    sim.setMode(mode);
    try {
      return await run();
    } finally {
      sim.setMode('document');
    }
  };

  it.each(['document', 'real'] as const)(
    'R4: a query without MAXRESULTS is cut at 100 rows silently (%s)',
    async (mode) => {
      const { status, body } = await withMode(mode, () => q('select * from Invoice'));
      expect(status).toBe(200);
      expect(body.QueryResponse.Invoice).toHaveLength(100);
      expect(body.QueryResponse.maxResults).toBe(100);
      if (mode === 'real') expect('totalCount' in body.QueryResponse).toBe(false);
    },
  );

  it('totalCount (document): every select carries the whole matching set', async () => {
    const { body } = await q('SELECT * FROM Invoice STARTPOSITION 201 MAXRESULTS 100');
    expect(body.QueryResponse).toMatchObject({ startPosition: 201, maxResults: 50, totalCount: 250 });
  });

  it('totalCount (real): only count(*) carries it; no rows → QueryResponse {}', async () => {
    const page = await withMode('real', () => q('select * from Invoice MAXRESULTS 1000'));
    expect(page.body.QueryResponse.Invoice).toHaveLength(250);
    expect(page.body.QueryResponse.totalCount).toBeUndefined();
    const count = await withMode('real', () => q('select count(*) from Invoice'));
    expect(count.body.QueryResponse).toEqual({ totalCount: 250 });
    const none = await withMode('real', () => q("select * from Invoice where Id = '1'"));
    expect(none.body.QueryResponse).toEqual({});
  });

  it('count(*): {"QueryResponse": {"totalCount": N}} with WHERE applied', async () => {
    const { body } = await q("select count(*) from Invoice where TxnDate >= '2025-01-01'");
    const expected = sim.records(co.realmId).filter((r) => String(r.json.TxnDate) >= '2025-01-01').length;
    expect(body.QueryResponse).toEqual({ totalCount: expected });
  });

  it('1000 maximum: MAXRESULTS 1001 → 400 fault 4001; 1000 is allowed', async () => {
    const over = await q('select * from Invoice maxresults 1001');
    expect(over.status).toBe(400);
    expect(over.body.Fault.Error[0].code).toBe('4001');
    expect((await q('select * from Invoice maxresults 1000')).status).toBe(200);
  });

  it('4000/4001: OR is a parse error; FROM Transaction and unknown entities are an invalid context declaration', async () => {
    const or = await q("select * from Invoice where Id = '1' OR Id = '2'");
    expect([or.status, or.body.Fault.Error[0].code]).toEqual([400, '4000']);
    for (const from of ['Transaction', 'Widget']) {
      const res = await q(`select * from ${from}`);
      expect(res.status).toBe(400);
      expect(res.body.Fault.Error[0]).toMatchObject({
        code: '4001',
        Detail: expect.stringContaining('invalid context declaration'),
      });
    }
    expect((await q("select * from Invoice where Id > '5'")).body.Fault.Error[0].code).toBe('4001');
  });

  it('paging with STARTPOSITION is stable: default order is Id ascending, numerically', async () => {
    const ids: string[] = [];
    for (let start = 1; start <= 250; start += 100) {
      const { body } = await q(`select * from Invoice startposition ${start} maxresults 100`);
      ids.push(...body.QueryResponse.Invoice.map((r: { Id: string }) => r.Id));
    }
    expect(ids).toHaveLength(250);
    expect(ids).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));
    expect(new Set(ids).size).toBe(250);
  });

  it('conditions: Id IN, TxnDate ranges, MetaData.LastUpdatedTime, ORDERBY DESC; keywords in any case', async () => {
    const records = sim.records(co.realmId).map((r) => r.json);
    const [a, b] = records;
    const inRes = await q(`SeLeCt * FrOm invoice WhErE Id IN ('${a?.Id}', '${b?.Id}') maxResults 5`);
    expect(inRes.body.QueryResponse.Invoice.map((r: { Id: string }) => r.Id)).toEqual([a?.Id, b?.Id]);
    const range = await q(
      "select * from Invoice where TxnDate >= '2024-03-01' and TxnDate < '2024-04-01' orderby TxnDate desc maxresults 1000",
    );
    const dates = range.body.QueryResponse.Invoice.map((r: { TxnDate: string }) => r.TxnDate);
    expect(dates.every((d: string) => d >= '2024-03-01' && d < '2024-04-01')).toBe(true);
    expect(dates).toEqual([...dates].sort().reverse());
    sim.editRecord(co.realmId, `Invoice:${a?.Id}`);
    const recent = await q(
      "select * from Invoice where MetaData.LastUpdatedTime > '2026-06-01T00:00:00-07:00' maxresults 10",
    );
    expect(recent.body.QueryResponse.Invoice.map((r: { Id: string }) => r.Id)).toContain(a?.Id);
  });

  it('POST /query takes the statement as an application/text body', async () => {
    const res = await fetch(`${client(sim, co).base}/query?minorversion=75`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${co.token}`, 'Content-Type': 'application/text' },
      body: 'select count(*) from Invoice',
    });
    expect(res.status).toBe(200);
    expect((await json(res)).QueryResponse.totalCount).toBe(250);
  });
});
