/**
 * readCompanyInfo over real HTTP against fixture answers: the name, and every answer that is not a
 * name coming back as a failure (never a throw, never a made-up name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowercase401, xml429 } from '../fixtures/payloads/faults';
import { clientFor } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const companyInfo = (name: unknown) => ({
  CompanyInfo: { CompanyName: name, LegalName: 'Legal', Id: '1', SyncToken: '4', domain: 'QBO' },
  time: '2026-01-15T04:00:00.000-07:00',
});

describe('readCompanyInfo', () => {
  it('GET companyinfo/{realmId} with the token and minorversion → the CompanyName', async () => {
    server.setHandler(() => ({ body: companyInfo('Harbor Point Dental Group'), headers: { intuit_tid: 'tid-ci' } }));
    expect(await clientFor(server.url).readCompanyInfo()).toEqual({
      kind: 'ok',
      companyName: 'Harbor Point Dental Group',
      meta: { status: 200, intuitTid: 'tid-ci' },
    });
    const seen = server.requests.at(-1)!;
    expect(seen.method).toBe('GET');
    expect(seen.path).toBe(`/v3/company/${REALM}/companyinfo/${REALM}`);
    expect(seen.query.get('minorversion')).toBe('75');
    expect(seen.headers.authorization).toBe('Bearer test-token');
  });

  it('trims the name, drops control and bidi characters, caps it at 256 characters', async () => {
    server.setHandler(() => ({ body: companyInfo('  Maple\u202e Street\u0000 Bakery  ') }));
    expect(await clientFor(server.url).readCompanyInfo()).toMatchObject({
      kind: 'ok',
      companyName: 'Maple Street Bakery',
    });
    server.setHandler(() => ({ body: companyInfo('x'.repeat(1000)) }));
    const long = await clientFor(server.url).readCompanyInfo();
    expect(long.kind === 'ok' && long.companyName.length).toBe(256);
  });

  it.each([
    ['an XML body', '<IntuitResponse><CompanyInfo><CompanyName>X</CompanyName></CompanyInfo></IntuitResponse>'],
    ['an empty body', ''],
    ['garbage', '{"CompanyInfo":'],
    ['another shape', { QueryResponse: {} }],
    ['a numeric name', companyInfo(42)],
    ['a blank name', companyInfo('   ')],
    ['no CompanyInfo', { time: 'now' }],
  ])('a 200 with %s is a failure (incomplete), not a throw', async (_what, body) => {
    server.setHandler(() => ({ body }));
    const result = await clientFor(server.url).readCompanyInfo();
    expect(result).toMatchObject({ kind: 'incomplete', meta: { status: 200 } });
  });

  it('a 200 carrying a fault is refusedWhole with that fault', async () => {
    server.setHandler(() => ({
      body: { Fault: { Error: [{ Message: 'Object Not Found', code: '610' }], type: 'ValidationFault' } },
    }));
    expect(await clientFor(server.url).readCompanyInfo()).toMatchObject({
      kind: 'refusedWhole',
      fault: { code: '610' },
    });
  });

  it('3200 / 3001: a gateway 401 is unauthorized, an XML 429 rateLimited; no token sends nothing', async () => {
    server.setHandler(() => ({ status: 401, body: lowercase401 }));
    expect(await clientFor(server.url).readCompanyInfo()).toMatchObject({
      kind: 'unauthorized',
      fault: { code: '3200' },
    });
    server.setHandler(() => ({ status: 429, body: xml429, headers: { 'retry-after': '60' } }));
    expect(await clientFor(server.url).readCompanyInfo()).toMatchObject({ kind: 'rateLimited', retryAfterMs: 60_000 });
    const before = server.requests.length;
    expect(await clientFor(server.url, { getToken: () => undefined }).readCompanyInfo()).toMatchObject({
      kind: 'unauthorized',
      meta: { status: 0 },
    });
    expect(server.requests.length).toBe(before);
  });
});
