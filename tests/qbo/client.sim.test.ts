import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { deleteItem, simClient, splitKey, tamperingFetch } from './helpers/sim';

describe.each<FidelityMode>(['document', 'real'])('QBO client against the simulator (%s mode)', (mode) => {
  let sim: Simulator;
  const clock = Date.parse('2026-06-01T12:00:00Z');
  beforeAll(async () => {
    sim = await startSimulator({ mode, now: () => clock });
  });
  afterAll(() => sim.close());

  const invoiceCompany = () => sim.seedCompany({ count: 250, entities: { Invoice: 1 }, seed: 3 });

  it('R4: reads all 250 records of a 250-Id IN read (the 100-row cut never applies)', async () => {
    const company = invoiceCompany();
    const ids = company.keys.all.map((k) => splitKey(k).id);
    expect(ids).toHaveLength(250);
    for (const pageSize of [1000, 100]) {
      const result = await simClient(sim, company, { pageSize }).readByIds('Invoice', ids);
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(new Set(result.records.map((r) => r.id))).toEqual(new Set(ids));
      expect(result.calls).toBe(pageSize === 1000 ? 2 : 4);
    }
  });

  it('R4: refuses a crafted answer that drops rows from a page', async () => {
    const company = invoiceCompany();
    const ids = company.keys.all.map((k) => splitKey(k).id);
    const fetchCut = tamperingFetch((_url, json) => {
      const response = json.QueryResponse as Record<string, unknown> | undefined;
      if (Array.isArray(response?.Invoice)) response.Invoice = response.Invoice.slice(0, 100);
      return json;
    });
    const result = await simClient(sim, company, { fetch: fetchCut }).readByIds('Invoice', ids);
    expect(result).toMatchObject({ kind: 'incomplete' });
  });

  it('reads only the records that still exist (a removed one is simply absent)', async () => {
    const company = sim.seedCompany({ count: 20, seed: 4 });
    const invoices = company.keys.all.filter((k) => k.startsWith('Invoice:'));
    const [gone, ...kept] = invoices;
    sim.removeRecord(company.realmId, gone!);
    const result = await simClient(sim, company).readByIds(
      'Invoice',
      invoices.map((k) => splitKey(k).id),
    );
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.records.map((r) => `Invoice:${r.id}`).sort()).toEqual([...kept].sort());
    expect(result.records[0]?.raw).toEqual(sim.record(company.realmId, `Invoice:${result.records[0]?.id}`));
  });

  it('610: deleting a record removed by another user is alreadyGone; R5: a 500 after applying is ambiguous', async () => {
    const company = sim.seedCompany({ count: 10, entities: { Invoice: 1 }, seed: 5 });
    const [first, second] = company.keys.all;
    const client = simClient(sim, company);
    const item = deleteItem(sim, company.realmId, first!);
    sim.removeRecord(company.realmId, first!);
    expect(await client.deleteOne(item)).toMatchObject({ kind: 'ok', result: { kind: 'alreadyGone' } });

    sim.injectFault({ endpoint: 'delete', kind: 'error500-after', realmId: company.realmId });
    const ambiguous = await client.deleteOne(deleteItem(sim, company.realmId, second!));
    expect(ambiguous).toMatchObject({ kind: 'ambiguous', meta: { status: 500 } });
    expect(sim.truth(company.realmId).exists(second!)).toBe(false);
  });

  it('4.3: shuffled batch results are matched by bId (deleted, 610, R3 closed period, 6540)', async () => {
    const company = sim.seedCompany({ count: 60, seed: 6, closedShare: 0.2, depositedShare: 0.1 });
    sim.setShuffleBatchResults(true);
    try {
      const truth = sim.truth(company.realmId);
      const closed = company.keys.closed[0]!;
      const deposited = company.keys.deposited[0]!;
      const plain = company.keys.all.filter(
        (k) => !company.keys.closed.includes(k) && !company.keys.deposited.includes(k) && !k.startsWith('Deposit:'),
      );
      const removed = plain[0]!;
      const deletable = plain.slice(1, 8);
      const keys = [closed, deposited, removed, ...deletable];
      const items = keys.map((key, i) => deleteItem(sim, company.realmId, key, String(i + 1)));
      sim.removeRecord(company.realmId, removed);
      const result = await simClient(sim, company).batchDelete(items);
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(result.results.get('1')).toMatchObject({ kind: 'closedPeriod' });
      expect(result.results.get('2')).toMatchObject({ kind: 'deposited' });
      expect(result.results.get('3')).toMatchObject({ kind: 'alreadyGone' });
      for (let i = 4; i <= keys.length; i++) expect(result.results.get(String(i))).toEqual({ kind: 'deleted' });
      for (const key of deletable) expect(truth.exists(key)).toBe(false);
      expect(truth.exists(closed)).toBe(true);
    } finally {
      sim.setShuffleBatchResults(false);
    }
  });

  it('3001: the 429 past the batch ceiling is rateLimited with its Retry-After (60 ms scaled, rounded up to 1 s)', async () => {
    const limited = await startSimulator({ mode, batchLimit: 1, timeScale: 1000, now: () => clock });
    try {
      const company = limited.seedCompany({ count: 5, entities: { Invoice: 1 }, seed: 7 });
      const bodies: string[] = [];
      const recording: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        bodies.push(await response.clone().text());
        return response;
      };
      const client = simClient(limited, company, { fetch: recording });
      const [a, b] = company.keys.all;
      expect(await client.batchDelete([deleteItem(limited, company.realmId, a!)])).toMatchObject({ kind: 'ok' });
      const second = await client.batchDelete([deleteItem(limited, company.realmId, b!)]);
      expect(second).toMatchObject({ kind: 'rateLimited', retryAfterMs: 1_000, meta: { status: 429 } });
      expect(limited.truth(company.realmId).exists(b!)).toBe(true);
      if (mode === 'real') expect(bodies.at(-1)).toMatch(/^<\?xml|^<IntuitResponse/);
    } finally {
      await limited.close();
    }
  });

  it(`3200: a bad token is unauthorized (${mode === 'real' ? 'lowercase gateway fault' : 'JSON fault'})`, async () => {
    const company = sim.seedCompany({ count: 3, seed: 8 });
    const result = await simClient(sim, company, { getToken: () => 'x' }).readPreferences();
    expect(result).toMatchObject({ kind: 'unauthorized', meta: { status: 401 } });
    if (result.kind === 'unauthorized') expect(result.fault?.code).toBe(mode === 'real' ? '3200' : result.fault?.code);
    if (result.kind === 'unauthorized') expect(result.fault?.code).toBeTruthy();
    const expired = sim.issueToken(company.realmId);
    sim.expireToken(expired);
    expect(await simClient(sim, company, { getToken: () => expired }).readPreferences()).toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('R3: BookCloseDate absent means open books; present, it is returned', async () => {
    const company = sim.seedCompany({ count: 3, seed: 9 });
    const client = simClient(sim, company);
    sim.setBookCloseDate(company.realmId, undefined);
    const open = await client.readPreferences();
    expect(open.kind).toBe('ok');
    expect(open).not.toHaveProperty('bookCloseDate');
    sim.setBookCloseDate(company.realmId, '2024-06-30');
    expect(await client.readPreferences()).toMatchObject({ kind: 'ok', bookCloseDate: '2024-06-30' });
  });

  it('R2: readReconciled finds reconciled records, flat and grouped in Sections', async () => {
    const company = sim.seedCompany({ count: 40, seed: 10, reconciledShare: 0.3 });
    const expected = new Set(company.keys.reconciled);
    expect(expected.size).toBeGreaterThan(0);
    const client = simClient(sim, company);
    for (const grouping of [undefined, ['txn_type', 'month'] as const]) {
      sim.setReportGrouping(grouping ? [...grouping] : undefined);
      const result = await client.readReconciled('2024-01-01', '2025-12-31');
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(result.calls).toBe(2);
      expect(new Set(result.rows.map((r) => `${r.entity}:${r.id}`))).toEqual(expected);
    }
    sim.setReportGrouping(undefined);
  });

  describe("the find reads, wired to this client's company and page size", () => {
    const window = { from: '2026-11-01', to: '2026-11-30' };
    const findCompany = () =>
      sim.seedCompany({
        count: 40,
        seed: 14,
        entities: { Invoice: 3, Bill: 1 },
        startDate: '2026-10-01',
        endDate: '2026-12-31',
      });
    const idsIn = (realmId: string, entity: string) =>
      sim
        .records(realmId)
        .filter(
          (r) => r.entity === entity && String(r.json.TxnDate) >= window.from && String(r.json.TxnDate) <= window.to,
        )
        .map((r) => String(r.json.Id))
        .sort();
    const idsOf = (records: unknown[]) => records.map((r) => String((r as { Id: string }).Id)).sort();

    it("readNameList: every active customer name, in pages of the client's size", async () => {
      const company = findCompany();
      const names = sim.references(company.realmId, 'Customer').map((r) => r.name);
      const result = await simClient(sim, company, { pageSize: 3 }).readNameList('Customer');
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect([...result.names].sort()).toEqual([...names].sort());
      expect(result.calls).toBe(1 + Math.ceil(names.length / 3));
    });

    it("readWindow: every invoice of the window, in pages of the client's size", async () => {
      const company = findCompany();
      const want = idsIn(company.realmId, 'Invoice');
      expect(want.length).toBeGreaterThan(3);
      const result = await simClient(sim, company, { pageSize: 3 }).readWindow('Invoice', window.from, window.to);
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(idsOf(result.records)).toEqual(want);
      expect(result.calls).toBe(1 + Math.ceil(want.length / 3));
    });

    it('readWindows: each window exactly its own records, in the order asked, in one batch call', async () => {
      const company = findCompany();
      const result = await simClient(sim, company).readWindows([
        { entity: 'Invoice', ...window },
        { entity: 'Bill', ...window },
      ]);
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(result.records.map(idsOf)).toEqual([idsIn(company.realmId, 'Invoice'), idsIn(company.realmId, 'Bill')]);
      expect(result.calls).toBe(1); // both windows travel in one batch call
    });

    it('query: the statement as given, answered with its rows or its totalCount', async () => {
      const company = findCompany();
      const client = simClient(sim, company);
      const where = `where TxnDate >= '${window.from}' and TxnDate <= '${window.to}'`;
      const want = idsIn(company.realmId, 'Invoice');
      expect(await client.query('Invoice', `select count(*) from Invoice ${where}`)).toMatchObject({
        kind: 'ok',
        totalCount: want.length,
        rows: [],
      });
      const page = await client.query('Invoice', `select * from Invoice ${where} startposition 1 maxresults 1000`);
      if (page.kind !== 'ok') throw new Error(JSON.stringify(page));
      expect(idsOf(page.rows)).toEqual(want);
      expect(page.meta.status).toBe(200);
    });
  });

  it("readCompanyInfo: each company's own name; 401 and 403 as for every call; 3001 past the ceiling", async () => {
    const a = sim.seedCompany({ count: 2, seed: 11, companyName: 'Cedar & Pine Interiors' });
    const b = sim.seedCompany({ count: 2, seed: 12 });
    expect(await simClient(sim, a).readCompanyInfo()).toMatchObject({
      kind: 'ok',
      companyName: 'Cedar & Pine Interiors',
      meta: { status: 200, intuitTid: expect.any(String) },
    });
    expect(await simClient(sim, b).readCompanyInfo()).toMatchObject({ kind: 'ok', companyName: b.companyName });
    expect(b.companyName).not.toBe(a.companyName);
    expect(await simClient(sim, a, { getToken: () => 'x' }).readCompanyInfo()).toMatchObject({
      kind: 'unauthorized',
      meta: { status: 401 },
    });
    expect(await simClient(sim, a, { getToken: () => b.token }).readCompanyInfo()).toMatchObject({
      kind: 'forbidden',
      fault: { code: '3100' },
    });

    const limited = await startSimulator({ mode, queryLimit: 1, timeScale: 1000, now: () => clock });
    try {
      const company = limited.seedCompany({ count: 2, seed: 13 });
      const client = simClient(limited, company);
      expect(await client.readCompanyInfo()).toMatchObject({ kind: 'ok', companyName: company.companyName });
      expect(await client.readCompanyInfo()).toMatchObject({ kind: 'rateLimited', retryAfterMs: 1_000 });
    } finally {
      await limited.close();
    }
  });
});
