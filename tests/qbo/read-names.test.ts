/**
 * readNames over real HTTP against fixture answers: the statement (inactive and deleted names asked
 * for, MAXRESULTS set, validated Ids only), the states read from the rows, and every answer that is
 * not a usable list coming back as a failure, never a guess.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectNamesByIds } from '../../lib/qbo/query-builder';
import { xml429 } from '../fixtures/payloads/faults';
import { clientFor } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const customer = (Id: string, DisplayName: string, Active: boolean) => ({ Id, DisplayName, Active, SyncToken: '0' });
const rows = (key: string, list: unknown[]) => ({
  QueryResponse: { [key]: list, startPosition: 1, maxResults: list.length },
});

describe('selectNamesByIds', () => {
  it('asks for inactive names too, states the page size, quotes validated Ids', () => {
    expect(selectNamesByIds('Customer', ['5', '12'])).toBe(
      "select * from Customer where Active in (true, false) and Id in ('5','12') startposition 1 maxresults 1000",
    );
  });

  it.each([
    ['a non-numeric Id', 'Customer', ["5' or '1'='1"]],
    ['an empty list', 'Vendor', []],
    ['1,001 Ids', 'Item', Array.from({ length: 1001 }, (_, i) => String(i + 1))],
    ['a transaction entity', 'Invoice', ['1']],
  ])('throws on %s', (_what, type, ids) => {
    expect(() => selectNamesByIds(type as 'Customer', ids as string[])).toThrow(TypeError);
  });
});

describe('readNames', () => {
  it('reads active, inactive and deleted names; an Id not listed is absent', async () => {
    server.setHandler(() => ({
      body: rows('Customer', [
        customer('5', 'Acme', true),
        customer('7', 'Old Client', false),
        customer('9', 'Gone Co (deleted)', false),
      ]),
    }));
    const result = await clientFor(server.url).readNames('Customer', ['5', '7', '9', '11', '5']);
    expect(result).toMatchObject({ kind: 'ok', calls: 1 });
    expect(result.kind === 'ok' && result.names).toEqual([
      { type: 'Customer', id: '5', active: true, deleted: false, name: 'Acme' },
      { type: 'Customer', id: '7', active: false, deleted: false, name: 'Old Client' },
      { type: 'Customer', id: '9', active: false, deleted: true, name: 'Gone Co (deleted)' },
    ]);
    const seen = server.requests.at(-1)!;
    expect(seen.method).toBe('GET');
    expect(seen.path).toBe(`/v3/company/${REALM}/query`);
    expect(seen.query.get('query')).toBe(
      "select * from Customer where Active in (true, false) and Id in ('5','7','9','11') startposition 1 maxresults 1000",
    );
  });

  it('reads an item or account by Name; a name marked deleted is never active', async () => {
    server.setHandler(() => ({ body: rows('Item', [{ Id: '3', Name: 'Hours (deleted)', Active: true }]) }));
    const result = await clientFor(server.url).readNames('Item', ['3']);
    expect(result.kind === 'ok' && result.names).toEqual([
      { type: 'Item', id: '3', active: false, deleted: true, name: 'Hours (deleted)' },
    ]);
  });

  it('`QueryResponse: {}` (the real service with no row) is an empty list', async () => {
    server.setHandler(() => ({ body: { QueryResponse: {} } }));
    expect(await clientFor(server.url).readNames('Vendor', ['4'])).toMatchObject({ kind: 'ok', names: [] });
  });

  it('1,500 Ids go as two IN lists, by POST', async () => {
    const seen: string[] = [];
    server.setHandler((req) => {
      seen.push(req.body);
      return { body: { QueryResponse: {} } };
    });
    const ids = Array.from({ length: 1500 }, (_, i) => String(i + 1));
    expect(await clientFor(server.url).readNames('Account', ids)).toMatchObject({ kind: 'ok', calls: 2 });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toContain("'1000') startposition 1 maxresults 1000");
    expect(seen[1]).toContain("Id in ('1001',");
  });

  it.each([
    ['an XML body', '<IntuitResponse><QueryResponse/></IntuitResponse>'],
    ['garbage', '{"QueryResponse":'],
    ['rows that are not a list', { QueryResponse: { Customer: { Id: '5' } } }],
    ['a row without Active', rows('Customer', [{ Id: '5', DisplayName: 'Acme' }])],
    ['Active as text', rows('Customer', [{ Id: '5', DisplayName: 'Acme', Active: 'true' }])],
    ['a row not asked for', rows('Customer', [customer('6', 'Other', true)])],
    ['a row twice', rows('Customer', [customer('5', 'Acme', true), customer('5', 'Acme', true)])],
    ['more rows than Ids', rows('Customer', [customer('5', 'A', true), customer('6', 'B', true)])],
  ])('a 200 with %s is incomplete, not a throw or a guess', async (_what, body) => {
    server.setHandler(() => ({ body }));
    expect(await clientFor(server.url).readNames('Customer', ['5'])).toMatchObject({
      kind: 'incomplete',
      meta: { status: 200 },
    });
  });

  it('a row without a name has no name field; a null row is unreadable, not a throw', async () => {
    server.setHandler(() => ({ body: rows('Account', [{ Id: '7', Active: true }]) }));
    const bare = await clientFor(server.url).readNames('Account', ['7']);
    expect(bare.kind === 'ok' && bare.names).toStrictEqual([
      { type: 'Account', id: '7', active: true, deleted: false },
    ]);
    server.setHandler(() => ({ body: rows('Account', [null]) }));
    expect(await clientFor(server.url).readNames('Account', ['7'])).toMatchObject({ kind: 'incomplete' });
  });

  it('the reason quotes the row that could not be used', async () => {
    server.setHandler(() => ({ body: rows('Customer', [customer('6', 'Other', true)]) }));
    const result = await clientFor(server.url).readNames('Customer', ['5']);
    expect(result.kind === 'incomplete' && result.reason).toContain('Customer row {"Id":"6"');
  });

  it('a 200 whose body is a Fault is refusedWhole with that fault', async () => {
    server.setHandler(() => ({
      body: { Fault: { Error: [{ Message: 'Invalid query', code: '4001' }], type: 'ValidationFault' } },
    }));
    expect(await clientFor(server.url).readNames('Customer', ['5'])).toMatchObject({
      kind: 'refusedWhole',
      fault: { code: '4001' },
      meta: { status: 200 },
    });
  });

  it('exactly 1,000 Ids are one call; no Id is no call', async () => {
    server.setHandler(() => ({ body: { QueryResponse: {} } }));
    const before = server.requests.length;
    const ids = Array.from({ length: 1000 }, (_, i) => String(i + 1));
    expect(await clientFor(server.url).readNames('Vendor', ids)).toMatchObject({ kind: 'ok', calls: 1 });
    expect(server.requests.length).toBe(before + 1);
    expect(await clientFor(server.url).readNames('Vendor', [])).toStrictEqual({
      kind: 'ok',
      meta: { status: 0 },
      names: [],
      calls: 0,
    });
    expect(server.requests.length).toBe(before + 1);
  });

  it('an invalid Id among the second thousand throws before the first call', async () => {
    server.setHandler(() => ({ body: { QueryResponse: {} } }));
    const before = server.requests.length;
    const ids = Array.from({ length: 1500 }, (_, i) => (i === 1200 ? '12a' : String(i + 1)));
    await expect(clientFor(server.url).readNames('Item', ids)).rejects.toThrow(TypeError);
    expect(server.requests.length).toBe(before);
  });

  it('a fault is refusedWhole; an XML 429 is rateLimited; an invalid Id throws before any call', async () => {
    server.setHandler(() => ({
      status: 400,
      body: { Fault: { Error: [{ Message: 'Invalid query', code: '4001' }], type: 'ValidationFault' } },
    }));
    expect(await clientFor(server.url).readNames('Customer', ['5'])).toMatchObject({ kind: 'refusedWhole' });
    server.setHandler(() => ({ status: 429, body: xml429, headers: { 'retry-after': '60' } }));
    expect(await clientFor(server.url).readNames('Customer', ['5'])).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 60_000,
    });
    const before = server.requests.length;
    await expect(clientFor(server.url).readNames('Customer', ['5', 'abc'])).rejects.toThrow(TypeError);
    expect(server.requests.length).toBe(before);
  });
});
