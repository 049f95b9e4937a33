/** The `badImport` scenario's ground truth, read back through the simulator's query API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededScenario, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, type Json, json } from './test-helpers';

describe('scenario badImport', () => {
  let sim: Simulator;
  let company: SeededScenario<'badImport'>;
  const keysOf = (body: Json) => ((body.QueryResponse?.Invoice ?? []) as Json[]).map((r) => `Invoice:${r.Id}`).sort();
  const select = async (where: string) =>
    keysOf(
      await json(await client(sim, company).query(`select * from Invoice${where} STARTPOSITION 1 MAXRESULTS 1000`)),
    );

  beforeAll(async () => {
    sim = await startSimulator();
    company = await sim.seedScenario('badImport');
  });
  afterAll(() => sim.close());

  it('holds 300 invoices, 40 of them imported, nothing else', async () => {
    expect(await select('')).toHaveLength(300);
    expect(company.keys.all).toHaveLength(300);
    expect(company.imported).toHaveLength(40);
    expect(new Set([...company.imported, ...company.others]).size).toBe(300);
    const count = await json(await client(sim, company).query('select count(*) from Invoice'));
    expect(count.QueryResponse.totalCount).toBe(300);
  });

  it("the query of the window's CreateTime returns exactly the 40 imported invoices", async () => {
    expect(company.window).toEqual({
      date: '2026-11-03',
      from: '2026-11-03T14:00:00-07:00',
      to: '2026-11-03T14:05:00-07:00',
      zoneOffset: '-07:00',
    });
    const found = keysOf(await json(await client(sim, company).query(`${company.query} MAXRESULTS 1000`)));
    expect(found).toEqual([...company.imported].sort());
  });

  it('the window read to the end of its last minute (14:05:59) finds the same 40', async () => {
    const where = ` where MetaData.CreateTime >= '2026-11-03T14:00:00-07:00' and MetaData.CreateTime <= '2026-11-03T14:05:59-07:00'`;
    expect(await select(where)).toEqual([...company.imported].sort());
  });

  it('the near misses are outside the window: same day 13:59, 14:06 and 09:12, the same minutes a day off', async () => {
    const day = ` where MetaData.CreateTime >= '2026-11-03T00:00:00-07:00' and MetaData.CreateTime <= '2026-11-03T23:59:59-07:00'`;
    const sameDay = await select(day);
    expect(sameDay).toHaveLength(43);
    expect(sameDay.filter((k) => !company.imported.includes(k))).toEqual(company.nearMisses.slice(0, 3).sort());
    const times = company.nearMisses.map((k) =>
      String((sim.record(company.realmId, k)?.MetaData as Json | undefined)?.CreateTime),
    );
    expect(times).toEqual([
      '2026-11-03T13:59:00-07:00',
      '2026-11-03T14:06:00-07:00',
      '2026-11-03T09:12:00-07:00',
      '2026-11-02T14:02:00-07:00',
      '2026-11-04T14:02:00-07:00',
    ]);
  });

  it('the imported invoices cannot be told by their dates: TxnDates over three months, others on the same dates', async () => {
    const dates = company.imported.map((k) => String(sim.record(company.realmId, k)?.TxnDate));
    expect(new Set(dates.map((d) => d.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
    const otherDates = new Set(company.others.map((k) => String(sim.record(company.realmId, k)?.TxnDate)));
    expect(dates.some((d) => otherDates.has(d))).toBe(true);
  });

  it('every invoice may be deleted: none reconciled, closed, deposited or linked', () => {
    expect(company.keys).toMatchObject({ reconciled: [], closed: [], deposited: [], linked: [] });
  });

  it('the same seed gives the same company; total and imported are options', async () => {
    const again = await sim.seedScenario('badImport', { realmId: 'again' });
    expect(again.imported).toEqual(company.imported);
    const other = await sim.seedScenario('badImport', { realmId: 'other', seed: 2, total: 120, imported: 12 });
    expect(other.keys.all).toHaveLength(120);
    expect(other.imported).toHaveLength(12);
  });
});
