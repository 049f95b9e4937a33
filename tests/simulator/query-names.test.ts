import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { runQuery } from '../../tools/simulator/query-exec';
import type { RefRecord } from '../../tools/simulator/store';
import { client, type Json, json } from './test-helpers';

// Name lists (Customer, Vendor, Employee, Item, Account) in queries: the company's refs, active
// rows only unless a condition names Active, as the service answers.
describe('query (4.5): name lists', () => {
  let sim: Simulator;
  let co: SeededCompany;
  beforeAll(async () => {
    // A clock standing still: the published 10 a second would refuse; they are not what this pins.
    sim = await startSimulator({ now: () => Date.parse('2027-01-01T12:00:00Z'), requestLimits: false });
    co = sim.seedCompany({ count: 20, seed: 7, entities: { Invoice: 1 } });
    // Customer 2 inactive, Customer 3 deleted, Item 2 deleted (over HTTP, as a harness would).
    const control = (path: string, body: Json) =>
      fetch(`${sim.url}/__sim/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ realmId: co.realmId, ...body }),
      });
    expect((await control('reference-active', { type: 'Customer', id: '2', active: false })).status).toBe(200);
    expect((await control('reference-delete', { type: 'Customer', id: '3' })).status).toBe(200);
    sim.deleteReference(co.realmId, 'Item', '2');
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
  const ids = (rows: Json[] | undefined): string[] => (rows ?? []).map((r) => r.Id as string);
  const refIds = (type: 'Customer' | 'Item', active: boolean) =>
    sim
      .references(co.realmId, type)
      .filter((r) => r.active === active)
      .map((r) => r.id)
      .sort((a, b) => Number(a) - Number(b));

  it('no condition on Active → active rows only, ordered by Id, under the entity name', async () => {
    const { status, body } = await q('select * from Customer maxresults 1000');
    expect(status).toBe(200);
    const rows = body.QueryResponse.Customer as Json[];
    expect(ids(rows)).toEqual(refIds('Customer', true));
    expect(ids(rows)).not.toContain('2');
    expect(ids(rows)).not.toContain('3');
    expect(rows.every((r) => r.Active === true)).toBe(true);
    expect(body.QueryResponse.totalCount).toBe(refIds('Customer', true).length);
  });

  it('a Customer row: DisplayName, Active, SyncToken "0", domain, sparse, MetaData', async () => {
    const { body } = await q("select * from customer where Id = '1'");
    expect(body.QueryResponse.Customer).toEqual([
      {
        DisplayName: 'Amy’s Bird Sanctuary',
        Active: true,
        domain: 'QBO',
        sparse: false,
        Id: '1',
        SyncToken: '0',
        MetaData: { CreateTime: expect.any(String), LastUpdatedTime: expect.any(String) },
      },
    ]);
    const meta = body.QueryResponse.Customer[0].MetaData;
    expect(Number.isNaN(Date.parse(meta.CreateTime))).toBe(false);
    expect(Number.isNaN(Date.parse(meta.LastUpdatedTime))).toBe(false);
  });

  it('an Item row carries Name and FullyQualifiedName; Vendor, Employee and Account answer too', async () => {
    const item = await q("select * from Item where Id = '1'");
    expect(item.body.QueryResponse.Item).toEqual([
      expect.objectContaining({ Id: '1', Name: 'Services', FullyQualifiedName: 'Services', Active: true }),
    ]);
    expect(item.body.QueryResponse.Item[0].DisplayName).toBeUndefined();
    const vendor = await q("select * from Vendor where Id = '30'");
    expect(vendor.body.QueryResponse.Vendor[0]).toMatchObject({ Id: '30', DisplayName: 'Bob’s Burger Joint' });
    const employee = await q("select * from Employee where Id = '55'");
    expect(employee.body.QueryResponse.Employee[0]).toMatchObject({ Id: '55', DisplayName: 'Emily Platt' });
    const account = await q("select * from Account where Name = 'Checking'");
    expect(account.body.QueryResponse.Account[0]).toMatchObject({ Id: '35', FullyQualifiedName: 'Checking' });
  });

  it('where Active = false → the inactive rows only (bare or quoted, any case)', async () => {
    for (const cond of ['Active = false', "Active = 'FALSE'", 'active = False']) {
      const { body } = await q(`select * from Customer where ${cond}`);
      expect(ids(body.QueryResponse.Customer), cond).toEqual(['2', '3']);
      expect(
        body.QueryResponse.Customer.every((r: Json) => r.Active === false),
        cond,
      ).toBe(true);
    }
  });

  it("a deleted ref is listed inactive as '<name> (deleted)'", async () => {
    const customer = await q("select * from Customer where Active = false and Id = '3'");
    expect(customer.body.QueryResponse.Customer).toEqual([
      expect.objectContaining({ Id: '3', DisplayName: 'Cool Cars (deleted)', Active: false }),
    ]);
    const item = await q("select * from Item where Active = false and Id = '2'");
    expect(item.body.QueryResponse.Item[0]).toMatchObject({
      Name: 'Hours (deleted)',
      FullyQualifiedName: 'Hours (deleted)',
      Active: false,
    });
    // Inactive but not deleted: the plain name.
    const inactive = await q("select * from Customer where Active = false and Id = '2'");
    expect(inactive.body.QueryResponse.Customer[0].DisplayName).toBe('Bill’s Windsurf Shop');
  });

  it('Active in (true, false) with Id in (...): both active and inactive; an unknown Id is simply absent', async () => {
    const { status, body } = await q(
      "select * from Customer where Active in (true, false) and Id in ('1', '2', '3', '999') startposition 1 maxresults 1000",
    );
    expect(status).toBe(200);
    expect(ids(body.QueryResponse.Customer)).toEqual(['1', '2', '3']);
    expect(body.QueryResponse.Customer.map((r: Json) => r.Active)).toEqual([true, false, false]);
    const withoutActive = await q("select * from Customer where Id in ('1', '2', '3', '999')");
    expect(ids(withoutActive.body.QueryResponse.Customer)).toEqual(['1']);
  });

  it('count(*) applies the same default and conditions', async () => {
    const all = sim.references(co.realmId, 'Customer').length;
    expect((await q('select count(*) from Customer')).body.QueryResponse).toEqual({ totalCount: all - 2 });
    expect((await q('select count(*) from Customer where Active = false')).body.QueryResponse).toEqual({
      totalCount: 2,
    });
    expect((await q('select count(*) from Customer where Active in (true, false)')).body.QueryResponse).toEqual({
      totalCount: all,
    });
  });

  it('real mode: no totalCount on a select; no rows → QueryResponse {}; count(*) keeps it', async () => {
    const page = await withMode('real', () => q("select * from Customer where Id in ('1', '2')"));
    expect(page.body.QueryResponse).toEqual({
      Customer: [expect.objectContaining({ Id: '1' })],
      startPosition: 1,
      maxResults: 1,
    });
    const none = await withMode('real', () => q("select * from Customer where Id = '999'"));
    expect(none.status).toBe(200);
    expect(none.body.QueryResponse).toEqual({});
    const inactiveOnly = await withMode('real', () => q("select * from Item where Id = '2'"));
    expect(inactiveOnly.body.QueryResponse).toEqual({});
    const count = await withMode('real', () => q('select count(*) from Item where Active = false'));
    expect(count.body.QueryResponse).toEqual({ totalCount: 1 });
  });

  it('document mode: totalCount on every select, the whole matching set; no rows → paging fields only', async () => {
    const { body } = await q('select * from Customer where Active in (true, false) startposition 2 maxresults 3');
    expect(ids(body.QueryResponse.Customer)).toEqual(['2', '3', '4']);
    expect(body.QueryResponse).toMatchObject({
      startPosition: 2,
      maxResults: 3,
      totalCount: sim.references(co.realmId, 'Customer').length,
    });
    const none = await q("select * from Customer where Id = '999'");
    expect(none.body.QueryResponse).toEqual({ startPosition: 1, maxResults: 0, totalCount: 0 });
  });

  it('a field list returns sparse rows', async () => {
    const { body } = await q("select Id, DisplayName from Customer where Id = '1'");
    expect(body.QueryResponse.Customer).toEqual([
      { domain: 'QBO', sparse: true, Id: '1', DisplayName: 'Amy’s Bird Sanctuary' },
    ]);
  });

  it('MAXRESULTS above 1000 → 400 fault 4001; 1000 is allowed', async () => {
    const over = await q('select * from Customer maxresults 1001');
    expect(over.status).toBe(400);
    expect(over.body.Fault.Error[0].code).toBe('4001');
    expect((await q('select * from Customer maxresults 1000')).status).toBe(200);
  });

  it('a field that is not queryable on a name list → 4001 (TxnDate, CustomerRef); Id only with = / IN', async () => {
    for (const statement of [
      "select * from Customer where TxnDate = '2025-01-01'",
      "select * from Item where CustomerRef = '1'",
      'select * from Customer orderby TotalAmt',
      "select * from Customer where Id > '1'",
    ]) {
      const res = await q(statement);
      expect(res.status, statement).toBe(400);
      expect(res.body.Fault.Error[0].code, statement).toBe('4001');
    }
    // The transaction set is unchanged: Active and DisplayName are not queryable on an Invoice.
    for (const statement of ['select * from Invoice where Active = true', "select * from Invoice where Name = 'x'"]) {
      const res = await q(statement);
      expect(res.body.Fault?.Error[0].code, statement).toBe('4001');
    }
  });

  it('a batch Query item reads name lists too, with the same default', async () => {
    const res = await client(sim, co).batch([{ bId: 'q', Query: 'select * from Customer maxresults 2' }]);
    const item = (await json(res)).BatchItemResponse[0] as Json;
    expect(ids(item.QueryResponse.Customer)).toEqual(['1', '4']);
  });
});

describe('runQuery over name lists: R4', () => {
  const refs: RefRecord[] = Array.from({ length: 150 }, (_, i) => ({
    type: 'Vendor',
    id: String(150 - i),
    name: `Vendor ${150 - i}`,
    active: true,
    deleted: false,
  }));

  it('without MAXRESULTS the rows are cut at 100 silently, ordered by Id numerically', () => {
    for (const mode of ['document', 'real'] as const) {
      const body = runQuery('select * from Vendor', [], mode, refs);
      const rows = body.Vendor as Json[];
      expect(rows, mode).toHaveLength(100);
      expect(rows.map((r) => r.Id)).toEqual(Array.from({ length: 100 }, (_, i) => String(i + 1)));
      expect(body.maxResults, mode).toBe(100);
      expect(body.totalCount, mode).toBe(mode === 'document' ? 150 : undefined);
    }
    expect((runQuery('select * from Vendor maxresults 1000', [], 'real', refs).Vendor as Json[]).length).toBe(150);
  });

  it('without refs a name list has no rows', () => {
    expect(runQuery('select * from Vendor', [], 'real')).toEqual({});
  });
});
