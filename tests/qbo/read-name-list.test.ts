/**
 * readNameList (lib/qbo/read-name-list.ts), the find tools' name suggestions: against the simulator,
 * every active name of a list, paged with STARTPOSITION and proven complete by count(*) (R4); over a
 * fixture server, each answer that is not a usable list (a fault, garbage, an empty or short page,
 * more rows than counted) coming back as a failure value, never a partial list or a throw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '../../lib/qbo/http';
import { MAX_PAGE_SIZE } from '../../lib/qbo/query-builder';
import { readNameList } from '../../lib/qbo/read-name-list';
import type { Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { clientFor, NOW } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';
import { simClient } from './helpers/sim';

describe('readNameList against the simulator', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode: 'real', now: () => Date.parse('2026-06-01T12:00:00Z') });
  });
  afterAll(() => sim.close());

  it('lists the DisplayName of every active customer; deactivated and deleted ones are left out', async () => {
    const company = sim.seedCompany({ count: 5, seed: 11 });
    const [off, gone] = sim.references(company.realmId, 'Customer');
    sim.setReferenceActive(company.realmId, 'Customer', off!.id, false);
    sim.deleteReference(company.realmId, 'Customer', gone!.id);
    const active = sim
      .references(company.realmId, 'Customer')
      .filter((r) => r.active && !r.deleted)
      .map((r) => r.name);
    expect(active.length).toBeGreaterThan(1);
    const result = await simClient(sim, company).readNameList('Customer');
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect([...result.names].sort()).toEqual([...active].sort());
    expect(result.names).not.toContain(off!.name);
    expect(result.names.some((n) => n.startsWith(gone!.name))).toBe(false);
    expect(result.calls).toBe(2);
    expect(result.meta.status).toBe(200);
  });

  it.each(['Vendor', 'Employee'] as const)('reads the %s list from its own table', async (list) => {
    const company = sim.seedCompany({ count: 5, seed: 12 });
    const expected = sim.references(company.realmId, list).map((r) => r.name);
    const result = await simClient(sim, company).readNameList(list);
    expect(result.kind === 'ok' && [...result.names].sort()).toEqual([...expected].sort());
  });

  it('pages of 2: count(*), then STARTPOSITION 1, 3, 5, … until the count is reached, one call each', async () => {
    const company = sim.seedCompany({ count: 5, seed: 13 });
    const statements: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      statements.push(new URL(new Request(input, init).url).searchParams.get('query') ?? '');
      return fetch(input, init);
    };
    const total = sim.references(company.realmId, 'Customer').length;
    const pages = Math.ceil(total / 2);
    expect(pages).toBeGreaterThan(1);
    const result = await simClient(sim, company, { pageSize: 2, fetch: recording }).readNameList('Customer');
    expect(result).toMatchObject({ kind: 'ok', calls: 1 + pages });
    expect(result.kind === 'ok' && result.names).toHaveLength(total);
    expect(result.kind === 'ok' && new Set(result.names).size).toBe(total);
    expect(statements).toEqual([
      'select count(*) from Customer',
      ...Array.from({ length: pages }, (_, i) => `select * from Customer startposition ${2 * i + 1} maxresults 2`),
    ]);
  });
});

describe('readNameList over a fixture server', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());

  const counted = (totalCount: number) => ({ QueryResponse: { totalCount } });
  const page = (key: string, rows: unknown[]) => ({ QueryResponse: { [key]: rows, startPosition: 1 } });
  /** count(*) answers `count`; a page answers `pageOf(startposition, maxresults)`. */
  const serve = (count: unknown, pageOf: (start: number, max: number) => unknown) =>
    server.setHandler((req) => {
      const statement = req.query.get('query') ?? '';
      const paging = /startposition (\d+) maxresults (\d+)/.exec(statement);
      return { body: paging ? pageOf(Number(paging[1]), Number(paging[2])) : count };
    });
  const since = () => {
    const before = server.requests.length;
    return () => server.requests.slice(before);
  };

  it('asks by GET on /query: count(*) first, then `select *` pages; returns the names in the order sent', async () => {
    serve(counted(3), () => page('Vendor', [{ DisplayName: 'Zeta' }, { DisplayName: 'Alpha' }, { DisplayName: 'Mu' }]));
    const seen = since();
    const result = await clientFor(server.url).readNameList('Vendor');
    expect(result).toStrictEqual({
      kind: 'ok',
      meta: { status: 200, intuitTid: expect.any(String) },
      names: ['Zeta', 'Alpha', 'Mu'],
      calls: 2,
    });
    const requests = seen();
    expect(requests.map((r) => [r.method, r.path, r.query.get('query')])).toEqual([
      ['GET', `/v3/company/${REALM}/query`, 'select count(*) from Vendor'],
      ['GET', `/v3/company/${REALM}/query`, `select * from Vendor startposition 1 maxresults ${MAX_PAGE_SIZE}`],
    ]);
    // The result carries the last page's answer, not the count's.
    expect(result.kind === 'ok' && result.meta.intuitTid).toBe(`tid-${server.requests.length}`);
  });

  it('an empty list (totalCount 0) is ok with no names after the one count call', async () => {
    serve(counted(0), () => page('Customer', [{ DisplayName: 'never asked' }]));
    const seen = since();
    const result = await clientFor(server.url).readNameList('Customer');
    expect(result).toMatchObject({ kind: 'ok', names: [], calls: 1 });
    expect(seen()).toHaveLength(1);
  });

  it('`QueryResponse: {}` to count(*) (no totalCount) counts as 0: ok and empty, no page asked', async () => {
    serve({ QueryResponse: {} }, () => page('Customer', [{ DisplayName: 'never asked' }]));
    const seen = since();
    expect(await clientFor(server.url).readNameList('Customer')).toMatchObject({ kind: 'ok', names: [], calls: 1 });
    expect(seen()).toHaveLength(1);
  });

  it('a row with no usable DisplayName (null row, missing, not text, blank) is counted but not listed; a name is kept as sent', async () => {
    const rows = [null, {}, { DisplayName: 7 }, { DisplayName: '' }, { DisplayName: '   ' }, { DisplayName: ' Acme ' }];
    serve(counted(rows.length), () => page('Employee', rows));
    expect(await clientFor(server.url).readNameList('Employee')).toMatchObject({
      kind: 'ok',
      names: [' Acme '],
      calls: 2,
    });
  });

  it('a count(*) refused with a fault is that failure, and no page is asked', async () => {
    server.setHandler(() => ({
      status: 400,
      body: { Fault: { Error: [{ Message: 'Invalid query', code: '4001' }], type: 'ValidationFault' } },
    }));
    const seen = since();
    expect(await clientFor(server.url).readNameList('Customer')).toMatchObject({
      kind: 'refusedWhole',
      fault: { code: '4001' },
      meta: { status: 400 },
    });
    expect(seen()).toHaveLength(1);
  });

  it('an unreadable count(*) answer is a failure value, not an empty list', async () => {
    server.setHandler(() => ({ body: '{"QueryResponse":' }));
    const seen = since();
    expect(await clientFor(server.url).readNameList('Customer')).toMatchObject({
      kind: 'incomplete',
      reason: expect.stringMatching(/^unreadable query answer/),
      meta: { status: 200 },
    });
    expect(seen()).toHaveLength(1);
  });

  it('a page that fails is returned as it came (here rate-limited), the names read so far dropped', async () => {
    let pages = 0;
    server.setHandler((req) => {
      if (!/startposition/.test(req.query.get('query') ?? '')) return { body: counted(3) };
      pages += 1;
      return pages === 1
        ? { body: page('Customer', [{ DisplayName: 'A' }, { DisplayName: 'B' }]) }
        : { status: 429, headers: { 'retry-after': '5' }, body: '' };
    });
    expect(await clientFor(server.url, { pageSize: 2 }).readNameList('Customer')).toMatchObject({
      kind: 'rateLimited',
      retryAfterMs: 5_000,
    });
  });

  it('R4: a page that comes back empty before the count is reached is incomplete, naming where', async () => {
    const all = [{ DisplayName: 'A' }, { DisplayName: 'B' }];
    serve(counted(3), (start, max) => page('Customer', all.slice(start - 1, start - 1 + max)));
    const seen = since();
    const result = await clientFor(server.url, { pageSize: 2 }).readNameList('Customer');
    expect(result).toStrictEqual({
      kind: 'incomplete',
      reason: 'R4: Customer page at 3 was empty of 3',
      meta: { status: 200, intuitTid: `tid-${server.requests.length}` },
    });
    expect(seen()).toHaveLength(3);
  });

  it('R4: rows under another list name are no rows: the first page is empty', async () => {
    serve(counted(1), () => page('Vendor', [{ DisplayName: 'A' }]));
    expect(await clientFor(server.url).readNameList('Customer')).toMatchObject({
      kind: 'incomplete',
      reason: 'R4: Customer page at 1 was empty of 1',
    });
  });

  it('R4: more rows than count(*) said is incomplete, never a longer list', async () => {
    serve(counted(2), () => page('Vendor', [{ DisplayName: 'A' }, { DisplayName: 'B' }, { DisplayName: 'C' }]));
    const seen = since();
    expect(await clientFor(server.url).readNameList('Vendor')).toMatchObject({
      kind: 'incomplete',
      reason: 'R4: received 3 Vendor rows, count(*) says 2',
      meta: { status: 200 },
    });
    expect(seen()).toHaveLength(2);
  });

  describe('called directly (the page size the client would refuse)', () => {
    const ctx = () => ({
      send: createHttp({ realmId: REALM, environment: 'sandbox', baseUrl: server.url, getToken: () => 't' }),
      now: () => NOW,
    });
    const pageSizes = async (pageSize: number) => {
      serve(counted(2), (start, max) =>
        page('Customer', [{ DisplayName: 'A' }, { DisplayName: 'B' }].slice(start - 1, start - 1 + max)),
      );
      const seen = since();
      const result = await readNameList(ctx(), 'Customer', pageSize);
      expect(result).toMatchObject({ kind: 'ok', names: ['A', 'B'] });
      return seen()
        .slice(1)
        .map((r) => /maxresults (\d+)/.exec(r.query.get('query') ?? '')?.[1]);
    };

    it('a page size above MAX_PAGE_SIZE is cut to it', async () => {
      expect(await pageSizes(MAX_PAGE_SIZE + 500)).toEqual([String(MAX_PAGE_SIZE)]);
    });

    it('a page size below 1 becomes 1; a fraction is rounded down', async () => {
      expect(await pageSizes(0)).toEqual(['1', '1']);
      expect(await pageSizes(1.9)).toEqual(['1', '1']);
    });

    it('a list that is no name list throws a TypeError before any request', async () => {
      const seen = since();
      await expect(readNameList(ctx(), 'Invoice' as never)).rejects.toThrow(/not a name list: Invoice/);
      await expect(readNameList(ctx(), 'Invoice' as never)).rejects.toThrow(TypeError);
      expect(seen()).toHaveLength(0);
    });
  });
});
