import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboClient } from '../../lib/qbo/client-api';
import { lowercase401, lowercase403, systemFault10000, xml401code100, xml429 } from '../fixtures/payloads/faults';
import { preferencesOpen } from '../fixtures/payloads/preferences';
import { clientFor, NOW } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';

let server: FixtureServer;
let client: QboClient;

beforeAll(async () => {
  server = await startFixtureServer();
  client = clientFor(server.url);
});
afterAll(() => server.close());

describe('every call: status first, body as evidence', () => {
  it('sends the bearer token, minorversion=75 and asks for JSON; keeps intuit_tid', async () => {
    server.setHandler(() => ({ body: preferencesOpen, headers: { intuit_tid: 'abc-123' } }));
    const result = await client.readPreferences();
    expect(result).toEqual({ kind: 'ok', meta: { status: 200, intuitTid: 'abc-123' } });
    const seen = server.requests.at(-1)!;
    expect(seen.path).toBe(`/v3/company/${REALM}/preferences`);
    expect(seen.query.get('minorversion')).toBe('75');
    expect(seen.headers.authorization).toBe('Bearer test-token');
    expect(seen.headers.accept).toBe('application/json');
  });

  it('3001: an XML 429 is rateLimited with Retry-After seconds', async () => {
    server.setHandler(() => ({ status: 429, body: xml429, headers: { 'retry-after': '60' } }));
    const result = await client.readPreferences();
    expect(result).toMatchObject({ kind: 'rateLimited', retryAfterMs: 60_000, meta: { status: 429 } });
  });

  it('3001: a 429 with a garbage body and no Retry-After is still rateLimited, 60 s by default', async () => {
    server.setHandler(() => ({ status: 429, body: '\u0000not{xml' }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'rateLimited', retryAfterMs: 60_000 });
  });

  it('3001: Retry-After as an HTTP-date counts from the injected clock', async () => {
    const at = new Date(NOW + 42_000).toUTCString();
    server.setHandler(() => ({ status: 429, body: xml429, headers: { 'retry-after': at } }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'rateLimited', retryAfterMs: 42_000 });
  });

  it('3001: only the standard Retry-After counts (a simulator-only X-Sim-Retry-After-Ms is ignored)', async () => {
    server.setHandler(() => ({
      status: 429,
      body: xml429,
      headers: { 'retry-after': '60', 'x-sim-retry-after-ms': '600' },
    }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'rateLimited', retryAfterMs: 60_000 });
  });

  it('3200: a lowercase gateway 401 is unauthorized with its fault', async () => {
    server.setHandler(() => ({ status: 401, body: lowercase401 }));
    expect(await client.readPreferences()).toMatchObject({
      kind: 'unauthorized',
      fault: { code: '3200', detail: 'Malformed bearer token: too short or too long' },
    });
  });

  it('100: an XML 401 is unauthorized with code 100', async () => {
    server.setHandler(() => ({ status: 401, body: xml401code100 }));
    expect(await client.readPreferences()).toMatchObject({
      kind: 'unauthorized',
      fault: { code: '100', message: 'General Authentication Error' },
    });
  });

  it('3100: a 403 is forbidden', async () => {
    server.setHandler(() => ({ status: 403, body: lowercase403 }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'forbidden', fault: { code: '3100' } });
  });

  it('R5: a 500 and a 503 with an empty body are ambiguous', async () => {
    server.setHandler(() => ({ status: 500, body: systemFault10000 }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'ambiguous', meta: { status: 500 } });
    server.setHandler(() => ({ status: 503 }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'ambiguous', meta: { status: 503 } });
  });

  it('R5: a dropped connection is ambiguous with status 0', async () => {
    server.setHandler(() => ({ drop: true }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'ambiguous', meta: { status: 0 } });
  });

  it('R5: a call that never answers times out as ambiguous', async () => {
    server.setHandler(() => ({ hang: true }));
    const impatient = clientFor(server.url, { timeoutMs: 100 });
    expect(await impatient.readPreferences()).toMatchObject({ kind: 'ambiguous', meta: { status: 0 } });
  });

  it('without a token nothing is sent and the answer is unauthorized', async () => {
    const before = server.requests.length;
    const tokenless = clientFor(server.url, { getToken: async () => undefined });
    expect(await tokenless.readPreferences()).toEqual({ kind: 'unauthorized', meta: { status: 0 } });
    const throwing = clientFor(server.url, {
      getToken: () => {
        throw new Error('storage gone');
      },
    });
    expect(await throwing.readPreferences()).toEqual({ kind: 'unauthorized', meta: { status: 0 } });
    expect(server.requests.length).toBe(before);
  });

  it('a 404 without a fault is ambiguous, not a crash', async () => {
    server.setHandler(() => ({ status: 404, body: '<html>nope</html>' }));
    expect(await client.readPreferences()).toMatchObject({ kind: 'ambiguous', meta: { status: 404 } });
  });
});
