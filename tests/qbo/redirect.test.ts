/**
 * No redirect is ever followed: the bearer token goes to the API host and nowhere else. Every call
 * is sent with `redirect: 'error'`, so a 3xx ends as "no answer" (ambiguous for a delete: verified
 * by a re-read, never re-sent) and the redirect target never sees a request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboClient } from '../../lib/qbo/client-api';
import { clientFor } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';

let api: FixtureServer;
let elsewhere: FixtureServer;
beforeAll(async () => {
  api = await startFixtureServer();
  elsewhere = await startFixtureServer(() => ({ body: { CompanyInfo: { CompanyName: 'Elsewhere' } } }));
});
afterAll(async () => {
  await api.close();
  await elsewhere.close();
});

const calls: [string, (client: QboClient) => Promise<unknown>][] = [
  ['readCompanyInfo', (c) => c.readCompanyInfo()],
  ['readPreferences', (c) => c.readPreferences()],
  ['readByIds', (c) => c.readByIds('Invoice', ['1', '2'])],
  ['readReconciled', (c) => c.readReconciled('2025-01-01', '2025-01-31')],
  ['deleteOne', (c) => c.deleteOne({ bId: '1', entity: 'Invoice', id: '1', syncToken: '0' })],
  ['batchDelete', (c) => c.batchDelete([{ bId: '1', entity: 'Invoice', id: '1', syncToken: '0' }])],
];

describe("redirect: 'error' on every call to the service", () => {
  it.each([301, 302, 307, 308])('a %i to another host is not followed: the other host sees nothing', async (status) => {
    api.setHandler(() => ({
      status,
      headers: { location: `${elsewhere.url}/v3/company/${REALM}/companyinfo/${REALM}` },
    }));
    const before = elsewhere.requests.length;
    for (const [name, call] of calls) {
      const result = await call(clientFor(api.url));
      expect(result, name).toMatchObject({ kind: 'ambiguous', meta: { status: 0 } });
    }
    expect(elsewhere.requests.length).toBe(before);
  });

  it('a redirect to another path of the same host is not followed either (one request, no second)', async () => {
    api.setHandler((request) =>
      request.path.endsWith('/moved')
        ? { body: { CompanyInfo: { CompanyName: 'Moved' } } }
        : { status: 307, headers: { location: `${api.url}/v3/company/${REALM}/moved` } },
    );
    const before = api.requests.length;
    expect(await clientFor(api.url).readCompanyInfo()).toMatchObject({ kind: 'ambiguous' });
    expect(api.requests.length - before).toBe(1);
  });

  it.each(calls)('%s sends its request with redirect "error"', async (_name, call) => {
    const modes: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      modes.push(request.redirect);
      return new Response('{}', { status: 500 });
    };
    await call(clientFor('https://quickbooks.api.intuit.com', { fetch: spy }));
    expect(modes.length).toBeGreaterThan(0);
    expect(new Set(modes)).toEqual(new Set(['error']));
  });
});
