/**
 * Edge cases of lib/qbo/client.ts (issue 13): createQboClient refuses a bad realm id and a
 * page size outside 1..MAX_PAGE_SIZE up front (a thrown bug, never a request), and the page size it
 * accepts is the one the complete reader pages with.
 */
import { describe, expect, it } from 'vitest';
import { createQboClient } from '../../lib/qbo/client';
import type { QboClientOptions } from '../../lib/qbo/client-api';
import { MAX_PAGE_SIZE } from '../../lib/qbo/query-builder';

/** A fake service for `select ... where Id in (...)`: count(*) and one page at a time. */
function queryService(rows: { Id: string; SyncToken: string }[]) {
  const statements: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const statement = new URL(request.url).searchParams.get('query') ?? '';
    statements.push(statement);
    const page = /startposition (\d+) maxresults (\d+)/.exec(statement);
    const body = page
      ? { QueryResponse: { Invoice: rows.slice(Number(page[1]) - 1, Number(page[1]) - 1 + Number(page[2])) } }
      : { QueryResponse: { totalCount: rows.length } };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, statements };
}

const options = (overrides: Partial<QboClientOptions> = {}): QboClientOptions => ({
  realmId: '9130350000000001',
  environment: 'sandbox',
  getToken: () => 'token',
  fetch: async () => {
    throw new Error('no request expected');
  },
  ...overrides,
});

describe('createQboClient: realm id', () => {
  it.each(['', 'abc', '12a', '-1', '123456789012345678901'])('realm id %j is refused with a TypeError', (realmId) => {
    expect(() => createQboClient(options({ realmId }))).toThrow(TypeError);
    expect(() => createQboClient(options({ realmId }))).toThrow(/bad realmId/);
  });

  it('a digits realm id is accepted and kept', () => {
    const client = createQboClient(options({ realmId: '42' }));
    expect(client.realmId).toBe('42');
    expect(client.environment).toBe('sandbox');
  });
});

describe('createQboClient: page size 1..MAX_PAGE_SIZE', () => {
  it.each([0, -1, 1.5, 999.9, MAX_PAGE_SIZE + 1, 5000, Number.NaN, Number.POSITIVE_INFINITY])(
    'pageSize %s is refused with a TypeError',
    (pageSize) => {
      expect(() => createQboClient(options({ pageSize }))).toThrow(TypeError);
      expect(() => createQboClient(options({ pageSize }))).toThrow(`pageSize must be 1..${MAX_PAGE_SIZE}`);
    },
  );

  it.each([1, 2, 500, MAX_PAGE_SIZE, undefined])('pageSize %s is accepted', (pageSize) => {
    expect(() => createQboClient(options(pageSize === undefined ? {} : { pageSize }))).not.toThrow();
  });

  it('pageSize 1: the reader asks one row per page and still reads every record', async () => {
    const service = queryService([
      { Id: '1', SyncToken: '0' },
      { Id: '2', SyncToken: '0' },
    ]);
    const result = await createQboClient(options({ pageSize: 1, fetch: service.fetch })).readByIds('Invoice', [
      '1',
      '2',
    ]);
    expect(result).toMatchObject({ kind: 'ok', calls: 3 });
    expect(result.kind === 'ok' ? result.records.map((r) => r.id) : []).toEqual(['1', '2']);
    expect(service.statements.slice(1)).toEqual([
      "select * from Invoice where Id in ('1','2') startposition 1 maxresults 1",
      "select * from Invoice where Id in ('1','2') startposition 2 maxresults 1",
    ]);
  });

  it(`no pageSize: pages of ${MAX_PAGE_SIZE}`, async () => {
    const service = queryService([{ Id: '7', SyncToken: '1' }]);
    const result = await createQboClient(options({ fetch: service.fetch })).readByIds('Invoice', ['7']);
    expect(result).toMatchObject({ kind: 'ok', calls: 2 });
    expect(service.statements[1]).toBe(
      `select * from Invoice where Id in ('7') startposition 1 maxresults ${MAX_PAGE_SIZE}`,
    );
  });
});
