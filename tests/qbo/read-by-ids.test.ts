import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';
import { MAX_PAGE_SIZE, shouldPost } from '../../lib/qbo/query-builder';
import { readByIds } from '../../lib/qbo/read-by-ids';
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

/*
 * Edge cases of lib/qbo/read-by-ids.ts and query-builder.ts (issue 13): R4, the complete
 * reader. Any set it returns as `ok` must be proven complete; everything else is `incomplete`, and
 * the preflight then classifies nothing. A network-free CallContext answers the statements.
 */
const row = (id: string) => ({ Id: id, SyncToken: '0' });

function sentStatement(request: HttpRequest): string {
  return request.text ?? request.params?.find(([k]) => k === 'query')?.[1] ?? '';
}

type Answer = (statement: string, request: HttpRequest) => unknown;

function ctxFor(answer: Answer) {
  const statements: string[] = [];
  const requests: HttpRequest[] = [];
  const ctx: CallContext = {
    send: async (request): Promise<HttpAnswer> => {
      const statement = sentStatement(request);
      statements.push(statement);
      requests.push(request);
      const body = answer(statement, request);
      return {
        kind: 'answer',
        status: 200,
        headers: new Headers({ intuit_tid: `tid-${statements.length}` }),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      };
    },
    now: () => 0,
  };
  return { ctx, statements, requests };
}

/** An honest service holding `stored` Invoices. */
function honest(stored: readonly string[]): Answer {
  return (statement) => {
    const asked = [...statement.matchAll(/'(\d+)'/g)].map((m) => m[1]);
    const hits = stored.filter((id) => asked.includes(id));
    if (statement.startsWith('select count(*)')) return { QueryResponse: { totalCount: hits.length } };
    const [, start, max] = /startposition (\d+) maxresults (\d+)$/.exec(statement) ?? [];
    const page = hits.slice(Number(start) - 1, Number(start) - 1 + Number(max));
    return { QueryResponse: page.length ? { Invoice: page.map(row) } : {} };
  };
}

describe('paging', () => {
  it('pages of the given size until count(*) is reached; calls and the last meta counted', async () => {
    const { ctx, statements } = ctxFor(honest(ids(5)));
    const result = await readByIds(ctx, 'Invoice', ids(5), 2);
    expect(result).toMatchObject({ kind: 'ok', calls: 4, meta: { status: 200, intuitTid: 'tid-4' } });
    if (result.kind === 'ok') expect(result.records.map((r) => r.id)).toEqual(ids(5));
    expect(statements.slice(1).map((s) => /startposition.*$/.exec(s)?.[0])).toEqual([
      'startposition 1 maxresults 2',
      'startposition 3 maxresults 2',
      'startposition 5 maxresults 2',
    ]);
  });

  it('the page size is clamped to 1..1000 and floored', async () => {
    for (const [asked, sent] of [
      [0, 1],
      [-5, 1],
      [2.7, 2],
      [5000, MAX_PAGE_SIZE],
    ]) {
      const { ctx, statements } = ctxFor(honest(ids(1)));
      expect((await readByIds(ctx, 'Invoice', ids(1), asked as number)).kind).toBe('ok');
      expect(statements[1]).toMatch(new RegExp(`maxresults ${sent}$`));
    }
  });

  it('duplicate Ids are asked once; more than 1000 are read in chunks, calls summed', async () => {
    const { ctx, statements } = ctxFor(honest(ids(1001)));
    const result = await readByIds(ctx, 'Invoice', [...ids(1001), '1', '2'], 1000);
    expect(result).toMatchObject({ kind: 'ok', calls: 4 });
    if (result.kind === 'ok') expect(result.records).toHaveLength(1001);
    expect(statements).toHaveLength(4);
    expect(statements[1]?.match(/'\d+'/g)).toHaveLength(1000);
    expect(statements[2]).toBe("select count(*) from Invoice where Id in ('1001')");
  });

  it('nothing found: count 0 then no page read needed beyond the loop guard', async () => {
    const { ctx, statements } = ctxFor(honest([]));
    expect(await readByIds(ctx, 'Invoice', ids(3), 10)).toMatchObject({ kind: 'ok', records: [], calls: 1 });
    expect(statements).toHaveLength(1);
  });

  it('no Ids: no call at all', async () => {
    const { ctx, statements } = ctxFor(honest([]));
    expect(await readByIds(ctx, 'Invoice', [], 10)).toEqual({ kind: 'ok', meta: { status: 0 }, records: [], calls: 0 });
    expect(statements).toHaveLength(0);
  });
});

describe('count(*) without totalCount (`{}`)', () => {
  it('and no rows either: an empty set, after one select', async () => {
    const { ctx, statements } = ctxFor(() => ({ QueryResponse: {} }));
    expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({ kind: 'ok', records: [], calls: 2 });
    expect(statements).toHaveLength(2);
  });

  it('but rows on the select: they cannot be proven complete', async () => {
    const { ctx } = ctxFor((s) =>
      s.startsWith('select count') ? { QueryResponse: {} } : { QueryResponse: { Invoice: [row('1')] } },
    );
    expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({
      kind: 'incomplete',
      reason: 'R4: count(*) gave no totalCount, so these rows cannot be proven complete',
    });
  });
});

describe('refused as incomplete', () => {
  const withCount =
    (total: number, rows: unknown, pageTotal?: number): Answer =>
    (s) =>
      s.startsWith('select count')
        ? { QueryResponse: { totalCount: total } }
        : { QueryResponse: { Invoice: rows, ...(pageTotal === undefined ? {} : { totalCount: pageTotal }) } };

  it('a negative count, or more than asked', async () => {
    for (const total of [-1, 3]) {
      const { ctx } = ctxFor(withCount(total, []));
      expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({
        kind: 'incomplete',
        reason: `count(*) says ${total} for 2 Ids`,
      });
    }
  });

  it('a count equal to the Ids asked is fine', async () => {
    const { ctx } = ctxFor(withCount(2, [row('1'), row('2')]));
    expect((await readByIds(ctx, 'Invoice', ids(2), 10)).kind).toBe('ok');
  });

  it('a page shorter than it should be', async () => {
    const { ctx } = ctxFor(withCount(2, [row('1')]));
    expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({
      kind: 'incomplete',
      reason: 'R4: page at 1 returned 1 rows, expected 2',
    });
  });

  it('a page totalCount that differs from count(*); an agreeing one is fine', async () => {
    const { ctx } = ctxFor(withCount(2, [row('1'), row('2')], 3));
    expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({
      kind: 'incomplete',
      reason: 'R4: totalCount 3 on the page differs from count(*) 2',
    });
    const agreeing = ctxFor(withCount(2, [row('1'), row('2')], 2));
    expect((await readByIds(agreeing.ctx, 'Invoice', ids(2), 10)).kind).toBe('ok');
  });

  it('a row not asked for, a row twice, an unreadable row', async () => {
    const cases: [unknown[], string][] = [
      [[row('1'), row('9')], 'Invoice 9 was not asked for'],
      [[row('1'), row('1')], 'Invoice 1 came twice while paging'],
      [[row('1'), { Id: 2 }], 'unreadable Invoice row: {"Id":2}'],
    ];
    for (const [rows, reason] of cases) {
      const { ctx } = ctxFor(withCount(2, rows));
      expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({ kind: 'incomplete', reason });
    }
  });

  it('rows that are not a list; a 200 that is not a query answer', async () => {
    const { ctx } = ctxFor(withCount(1, { Id: '1' }));
    expect(await readByIds(ctx, 'Invoice', ids(1), 10)).toMatchObject({
      kind: 'incomplete',
      reason: 'unreadable query answer: rows are not a list',
    });
    const garbage = ctxFor(() => '<html>');
    expect(await readByIds(garbage.ctx, 'Invoice', ids(1), 10)).toMatchObject({
      kind: 'incomplete',
      reason: 'unreadable query answer: <html>',
    });
  });

  it('a 200 carrying a fault is refusedWhole with the fault', async () => {
    const { ctx } = ctxFor(() => ({ Fault: { Error: [{ code: '4001', Message: 'Invalid query' }] } }));
    expect(await readByIds(ctx, 'Invoice', ids(1), 10)).toMatchObject({
      kind: 'refusedWhole',
      fault: { code: '4001', message: 'Invalid query' },
    });
  });
});

describe('more edges of R4', () => {
  it('a failed count(*) ends the read: no select is sent', async () => {
    const { ctx, statements } = ctxFor((s) =>
      s.startsWith('select count') ? { Fault: { Error: [{ code: '4001', Message: 'bad' }] } } : { QueryResponse: {} },
    );
    expect(await readByIds(ctx, 'Invoice', ids(1), 10)).toMatchObject({ kind: 'refusedWhole' });
    expect(statements).toHaveLength(1);
  });

  it('a page totalCount with a count(*) that gave none proves nothing either way: an empty answer is empty', async () => {
    const { ctx } = ctxFor((s) =>
      s.startsWith('select count') ? { QueryResponse: {} } : { QueryResponse: { totalCount: 0 } },
    );
    expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({ kind: 'ok', records: [] });
  });

  it('more rows than count(*) said is refused', async () => {
    const { ctx } = ctxFor((s) =>
      s.startsWith('select count')
        ? { QueryResponse: { totalCount: 1 } }
        : { QueryResponse: { Invoice: [row('1'), row('2')] } },
    );
    expect(await readByIds(ctx, 'Invoice', ids(2), 10)).toMatchObject({
      kind: 'incomplete',
      reason: 'R4: received 2 rows, count(*) says 1',
    });
  });

  it('a bad Id anywhere in the list throws before the first call', async () => {
    const { ctx, statements } = ctxFor(honest(ids(1001)));
    await expect(readByIds(ctx, 'Invoice', [...ids(1000), '0bad'], 1000)).rejects.toThrow(TypeError);
    expect(statements).toHaveLength(0);
  });
});

describe('GET or POST', () => {
  it('more than 50 Ids, or a statement over 1500 characters, goes by POST', () => {
    expect(shouldPost('x', 50)).toBe(false);
    expect(shouldPost('x', 51)).toBe(true);
    expect(shouldPost('x'.repeat(1500), 1)).toBe(false);
    expect(shouldPost('x'.repeat(1501), 1)).toBe(true);
  });

  it('the reader sends a short list by GET with the statement as a parameter, a long one as text', async () => {
    const short = ctxFor(honest(ids(1)));
    await readByIds(short.ctx, 'Invoice', ids(1), 10);
    expect(short.requests[0]).toEqual({
      method: 'GET',
      path: 'query',
      params: [['query', "select count(*) from Invoice where Id in ('1')"]],
    });
    const long = ctxFor(honest(ids(51)));
    await readByIds(long.ctx, 'Invoice', ids(51), 100);
    expect(long.requests[0]).toMatchObject({ method: 'POST', path: 'query' });
    expect(long.requests[0]?.text).toMatch(/^select count\(\*\) from Invoice where Id in \('1','2',/);
  });
});
