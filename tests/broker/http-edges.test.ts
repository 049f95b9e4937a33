// CORS for the extension's origins only (preflight too), the 4 KB body limit, unknown paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../broker/src/app';
import { type BrokerUnderTest, CHROME_ORIGIN, FIREFOX_ORIGIN, startBroker } from './harness';

let b: BrokerUnderTest;
beforeAll(async () => {
  b = await startBroker();
});
afterAll(async () => {
  await b.close();
});

const corsHeaders = (headers: Headers) => [...headers.keys()].filter((k) => k.startsWith('access-control-'));
/** The preflight a browser sends before the extension's token call: JSON plus the installation's proof. */
const preflight = (path: string, origin: string) =>
  b.request(path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,dpop' },
  });
/** The header names a preflight answer allows, lower-cased (the browser compares them without case). */
const allowedHeaders = (headers: Headers) =>
  (headers.get('access-control-allow-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    .sort();

describe('CORS', () => {
  it.each([CHROME_ORIGIN, FIREFOX_ORIGIN])('answers a preflight from %s', async (origin) => {
    for (const path of ['/oauth/token', '/oauth/refresh', '/oauth/revoke']) {
      const reply = await preflight(path, origin);
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
      expect(reply.headers.get('access-control-allow-methods')).toBe('POST');
      // Every token call carries a DPoP proof: a preflight that does not allow it blocks the call.
      expect(allowedHeaders(reply.headers)).toEqual(['content-type', 'dpop']);
      expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it.each([
    'https://evil.example',
    'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba',
    'moz-extension://11111111-2222-3333-4444-555555555555',
    'null',
  ])('gives %s no CORS header at all, preflight or not', async (origin) => {
    const pre = await preflight('/oauth/token', origin);
    expect(pre.status).toBe(403);
    expect(corsHeaders(pre.headers)).toEqual([]);
    const post = await b.postJson('/oauth/refresh', { refresh_token: 'RT-x' }, { origin });
    expect(corsHeaders(post.headers)).toEqual([]);
  });

  it('adds the header to answers (errors too) for an allowed origin, and Vary: Origin to all', async () => {
    const reply = await b.postJson('/oauth/refresh', { refresh_token: 'RT-unknown' }, { origin: CHROME_ORIGIN });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('access-control-allow-origin')).toBe(CHROME_ORIGIN);
    expect(reply.headers.get('vary')).toMatch(/Origin/);
    const none = await b.postJson('/oauth/refresh', { refresh_token: 'RT-unknown' });
    expect(corsHeaders(none.headers)).toEqual([]);
  });

  it('gives the browser-facing sign-in endpoints no CORS at all', async () => {
    const reply = await b.request('/oauth/start?redirect_uri=x&state=y', { headers: { origin: CHROME_ORIGIN } });
    expect(corsHeaders(reply.headers)).toEqual([]);
  });
});

describe('body limit', () => {
  const big = { refresh_token: 'x'.repeat(BODY_LIMIT_BYTES) };

  it('answers 413 to a body over 4 KB (with Content-Length)', async () => {
    const reply = await b.postJson('/oauth/refresh', big, { origin: CHROME_ORIGIN });
    expect(reply.status).toBe(413);
    expect(reply.json()).toEqual({ error: 'payload_too_large' });
    expect(reply.headers.get('access-control-allow-origin')).toBe(CHROME_ORIGIN);
  });

  it('answers 413 to a streamed body over 4 KB (no Content-Length)', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
        controller.close();
      },
    });
    const reply = await b.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(reply.status).toBe(413);
  });

  it('lets a body at the limit through', async () => {
    const reply = await b.postJson('/oauth/refresh', { refresh_token: 'y'.repeat(BODY_LIMIT_BYTES - 100) });
    expect(reply.status).toBe(400); // too long for a credential, but read: not 413
  });
});

describe('other paths and methods', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/oauth/token'],
    ['POST', '/oauth/start'],
    ['GET', '/.env'],
  ])('%s %s → 404 JSON', async (method, path) => {
    const reply = await b.request(path, { method });
    expect(reply.status).toBe(404);
    expect(reply.json()).toEqual({ error: 'not_found' });
  });

  it('sets no-referrer, nosniff and no-store on every answer', async () => {
    const reply = await b.request('/oauth/start?redirect_uri=x&state=y');
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });
});
