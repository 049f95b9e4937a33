import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice33, invoices } from '../fixtures/payloads/entities';
import { queryEmpty, queryFault4001 } from '../fixtures/payloads/query';
import { clientFor } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';
import { answerQuery, statementOf } from './helpers/query-engine';

let server: FixtureServer;
const ids = (n: number, first = 1) => Array.from({ length: n }, (_, i) => String(first + i));

beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

describe('R4: the complete reader', () => {
  it('R4: reads 250 of 250 over pages of 100, always with MAXRESULTS, confirmed by count(*)', async () => {
    const records = invoices(250);
    server.setHandler((request) => ({ body: answerQuery(records, request) }));
    const before = server.requests.length;
    const result = await clientFor(server.url, { pageSize: 100 }).readByIds('Invoice', ids(250));
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.id).sort()).toEqual(ids(250).sort());
    expect(result.calls).toBe(4); // count + 3 pages
    const statements = server.requests.slice(before).map(statementOf);
    expect(statements[0]).toMatch(/^select count\(\*\) from Invoice where Id in \(/);
    expect(statements.slice(1).map((s) => /startposition \d+ maxresults \d+$/.exec(s)?.[0])).toEqual([
      'startposition 1 maxresults 100',
      'startposition 101 maxresults 100',
      'startposition 201 maxresults 100',
    ]);
  });

  it('R4: long IN lists go by POST with Content-Type application/text', async () => {
    const records = invoices(60);
    server.setHandler((request) => ({ body: answerQuery(records, request) }));
    const before = server.requests.length;
    const result = await clientFor(server.url).readByIds('Invoice', ids(60));
    expect(result).toMatchObject({ kind: 'ok', calls: 2 });
    for (const seen of server.requests.slice(before)) {
      expect(seen.method).toBe('POST');
      expect(seen.path).toBe(`/v3/company/${REALM}/query`);
      expect(seen.headers['content-type']).toBe('application/text');
    }
  });

  it('R4: a short list goes by GET with the statement url-encoded', async () => {
    server.setHandler((request) => ({ body: answerQuery([invoice33], request) }));
    const result = await clientFor(server.url).readByIds('Invoice', ['33']);
    expect(result).toMatchObject({ kind: 'ok', records: [{ id: '33', syncToken: '3', txnDate: '2016-04-14' }] });
    const seen = server.requests.at(-1)!;
    expect(seen.method).toBe('GET');
    expect(seen.query.get('query')).toBe("select * from Invoice where Id in ('33') startposition 1 maxresults 1000");
  });

  it('R4: refuses a silently cut page (rows fewer than count(*))', async () => {
    const records = invoices(250);
    server.setHandler((request) => ({ body: answerQuery(records, request, { cut: 100 }) }));
    const result = await clientFor(server.url).readByIds('Invoice', ids(250));
    expect(result).toMatchObject({ kind: 'incomplete' });
  });

  it('R4: refuses when a select totalCount disagrees with count(*)', async () => {
    const records = invoices(5);
    server.setHandler((request) => {
      const body = answerQuery(records, request, { totalOnSelect: true });
      if (!statementOf(request).includes('count(*)')) (body.QueryResponse as Record<string, unknown>).totalCount = 9;
      return { body };
    });
    expect(await clientFor(server.url).readByIds('Invoice', ids(5))).toMatchObject({ kind: 'incomplete' });
  });

  it('R4: refuses a count(*) larger than the Ids asked for', async () => {
    server.setHandler((request) => ({ body: answerQuery(invoices(3), request, { countSkew: 5 }) }));
    expect(await clientFor(server.url).readByIds('Invoice', ids(3))).toMatchObject({ kind: 'incomplete' });
  });

  it('R4: accepts the document style (totalCount on every select) when it agrees', async () => {
    const records = invoices(7);
    server.setHandler((request) => ({ body: answerQuery(records, request, { totalOnSelect: true }) }));
    expect(await clientFor(server.url).readByIds('Invoice', ids(7))).toMatchObject({ kind: 'ok', calls: 2 });
  });

  it('deleted records are simply absent; `{}` on both calls is an empty set', async () => {
    server.setHandler((request) => ({ body: answerQuery(invoices(2), request) }));
    const some = await clientFor(server.url).readByIds('Invoice', ['1', '2', '99']);
    expect(some).toMatchObject({ kind: 'ok' });
    if (some.kind === 'ok') expect(some.records.map((r) => r.id)).toEqual(['1', '2']);
    server.setHandler(() => ({ body: queryEmpty }));
    expect(await clientFor(server.url).readByIds('Invoice', ['99'])).toMatchObject({ kind: 'ok', records: [] });
  });

  it('chunks more than 1000 Ids into several IN reads', async () => {
    const records = invoices(1500);
    server.setHandler((request) => ({ body: answerQuery(records, request) }));
    const result = await clientFor(server.url).readByIds('Invoice', ids(1500));
    expect(result).toMatchObject({ kind: 'ok', calls: 4 });
    if (result.kind === 'ok') expect(result.records).toHaveLength(1500);
  });

  it('a 200 with XML or garbage is a clear failure for a read; a 400 fault is refusedWhole', async () => {
    server.setHandler(() => ({ body: '<IntuitResponse/>' }));
    expect(await clientFor(server.url).readByIds('Invoice', ['1'])).toMatchObject({ kind: 'incomplete' });
    server.setHandler(() => ({ status: 400, body: queryFault4001 }));
    expect(await clientFor(server.url).readByIds('Invoice', ['1'])).toMatchObject({
      kind: 'refusedWhole',
      fault: { code: '4001' },
    });
  });

  it('maps the fields the product uses and keeps the whole JSON', async () => {
    server.setHandler((request) => ({ body: answerQuery([invoice33], request) }));
    const result = await clientFor(server.url).readByIds('Invoice', ['33']);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.records[0]).toEqual({
      entity: 'Invoice',
      id: '33',
      syncToken: '3',
      txnDate: '2016-04-14',
      docNumber: '1032',
      totalAmt: 300,
      currency: 'USD',
      party: 'Amy’s Bird Sanctuary',
      lastUpdatedTime: '2016-04-15T09:01:18-07:00',
      linkedTxn: [{ txnId: '100', txnType: 'Payment' }],
      raw: invoice33,
    });
  });

  it('throws on a hostile Id before any call', async () => {
    const before = server.requests.length;
    await expect(clientFor(server.url).readByIds('Invoice', ['1', "1' OR '1'='1"])).rejects.toThrow(TypeError);
    expect(server.requests.length).toBe(before);
  });
});
