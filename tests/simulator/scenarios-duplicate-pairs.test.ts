/**
 * The `duplicatePairs` scenario's ground truth, read back through the simulator's query and report
 * API, then judged by the product's own duplicates scan (lib/find/scan.ts) over a real client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicatesReader } from '../../lib/find/duplicates-reader';
import { scanDuplicates } from '../../lib/find/scan';
import { createQboClient } from '../../lib/qbo/client';
import type { SeededScenario, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, type Json, json } from './test-helpers';

describe('scenario duplicatePairs', () => {
  let sim: Simulator;
  let company: SeededScenario<'duplicatePairs'>;
  const byKey = new Map<string, Json>();

  beforeAll(async () => {
    sim = await startSimulator();
    company = await sim.seedScenario('duplicatePairs');
    for (const entity of company.types) {
      const body = await json(
        await client(sim, company).query(`select * from ${entity} STARTPOSITION 1 MAXRESULTS 1000`),
      );
      const rows = (Object.values(body.QueryResponse ?? {}).find(Array.isArray) ?? []) as Json[];
      for (const row of rows) byKey.set(`${entity}:${row.Id}`, row);
    }
  });
  afterAll(() => sim.close());

  const name = (r: Json) => String((r.CustomerRef ?? r.VendorRef ?? r.EntityRef)?.name);

  it('has 25 pairs, 5 of them kept because reconciled, and noise without a twin', () => {
    expect(company.pairs).toHaveLength(25);
    expect(company.pairs.filter((p) => p.keepBecause === 'reconciled')).toHaveLength(5);
    expect(byKey.size).toBe(company.keys.all.length);
    expect(company.noise.length).toBe(company.keys.all.length - 50);
    expect(new Set(company.pairs.map((p) => p.daysApart))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('each pair: same type, amount to the cent, name; TxnDates at most 3 days apart; different numbers', () => {
    for (const pair of company.pairs) {
      const [keep, propose] = [byKey.get(pair.keep), byKey.get(pair.propose)] as [Json, Json];
      expect(pair.keep.split(':')[0]).toBe(pair.propose.split(':')[0]);
      expect(keep.TotalAmt).toBe(propose.TotalAmt);
      expect(name(keep)).toBe(name(propose));
      const days = Math.abs(Date.parse(keep.TxnDate) - Date.parse(propose.TxnDate)) / 86_400_000;
      expect(days).toBe(pair.daysApart);
      if (keep.DocNumber !== undefined) expect(keep.DocNumber).not.toBe(propose.DocNumber);
    }
  });

  it('the reconciled side was created after its twin; otherwise the kept side was created first', () => {
    for (const pair of company.pairs) {
      const created = (key: string) => Date.parse(String(byKey.get(key)?.MetaData?.CreateTime));
      if (pair.keepBecause === 'reconciled') expect(created(pair.keep)).toBeGreaterThan(created(pair.propose));
      else expect(created(pair.keep)).toBeLessThan(created(pair.propose));
    }
    // "Earliest dated" is not "earliest created": some kept sides carry the later TxnDate.
    const laterDated = company.pairs.filter((p) => byKey.get(p.keep)?.TxnDate > byKey.get(p.propose)?.TxnDate);
    expect(laterDated.length).toBeGreaterThan(0);
  });

  it('R2: the TransactionList report (cleared=Reconciled) marks the 5 reconciled kept sides, no proposed side', async () => {
    const { from, to } = company.range;
    const res = await client(sim, company).get(
      `/reports/TransactionList?start_date=${from}&end_date=${to}&cleared=Reconciled&columns=tx_date,txn_type,subt_nat_amount`,
    );
    const rows = ((await json(res)).Rows?.Row ?? []) as Json[];
    const ids = new Set(rows.map((r) => String(r.ColData[1].id)));
    const reconciledKept = company.pairs.filter((p) => p.keepBecause === 'reconciled').map((p) => p.keep);
    expect(reconciledKept.every((k) => ids.has(k.split(':')[1] ?? ''))).toBe(true);
    expect(company.proposed.some((k) => ids.has(k.split(':')[1] ?? ''))).toBe(false);
    expect(ids.size).toBe(company.keys.reconciled.length);
  });

  it('the noise holds linked and deposited records, none of them in a pair', () => {
    const paired = new Set([...company.kept, ...company.proposed]);
    expect(company.keys.linked.length).toBeGreaterThan(0);
    expect(company.keys.deposited.length).toBeGreaterThan(0);
    for (const key of [...company.keys.linked, ...company.keys.deposited]) expect(paired.has(key)).toBe(false);
  });

  it("the product's scan over the range proposes exactly the proposed sides and keeps the kept ones", async () => {
    const qbo = createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
    });
    const result = await scanDuplicates({ ...company.range, types: company.types }, duplicatesReader(qbo));
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const { groups, withoutProposal } = result.findings;
    expect(withoutProposal).toBe(0);
    expect(groups.flatMap((g) => g.proposed).sort()).toEqual([...company.proposed].sort());
    expect(groups.map((g) => g.kept).sort()).toEqual([...company.kept].sort());
    const reconciledGroups = groups.filter((g) => g.keptBecause === 'reconciled').map((g) => g.kept);
    expect(reconciledGroups.sort()).toEqual(
      company.pairs
        .filter((p) => p.keepBecause === 'reconciled')
        .map((p) => p.keep)
        .sort(),
    );
  });

  it.each([2, 3, 4, 5])(
    'seed %i also gives exactly its pairs (the builder refuses a seed whose noise pairs up)',
    async (seed) => {
      const other = await sim.seedScenario('duplicatePairs', { realmId: `seed-${seed}`, seed });
      expect(other.pairs).toHaveLength(25);
      expect(new Set([...other.kept, ...other.proposed]).size).toBe(50);
    },
  );
});
