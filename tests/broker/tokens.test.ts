// The extension's half of the broker: code exchange, refresh (rotation, invalid_grant → "Reconnect"),
// revocation; client authentication by HTTP Basic; https-only upstream unless a test says otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { DISCOVERY_TTL_MS } from '../../broker/src/discovery';
import { deriveWrapKey, wrapToken } from '../../broker/src/wrap';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './fake-intuit';
import {
  type BrokerUnderTest,
  CLIENT_ID,
  CLIENT_SECRET,
  connect,
  REALM,
  signIn,
  startBroker,
  WRAP_KEY,
} from './harness';

let b: BrokerUnderTest | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

const basic = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;

describe('POST /oauth/token', () => {
  it('exchanges the code with HTTP Basic and the broker callback, and answers the token shape', async () => {
    b = await startBroker();
    const back = await signIn(b);
    const reply = await b.postJson('/oauth/token', { code: back.searchParams.get('code'), realmId: REALM });
    expect(reply.status).toBe(200);
    const body = reply.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'expires_in', 'realmId', 'refresh_token', 'x_refresh_token_expires_in'].sort(),
    );
    expect(body).toMatchObject({
      access_token: expect.stringMatching(/^AT-/),
      refresh_token: expect.stringMatching(/^sdw1\./), // wrapped for the installation key
      expires_in: ACCESS_TOKEN_SECONDS,
      x_refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
      realmId: REALM,
    });
    expect(reply.headers.get('cache-control')).toBe('no-store');

    const sent = b.fake.requests.find((r) => r.path === '/oauth2/v1/tokens/bearer');
    expect(sent?.authorization).toBe(basic);
    const form = new URLSearchParams(sent?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(`${b.url}/oauth/callback`);
    expect(form.get('client_secret')).toBeNull();
  });

  it('answers without realmId when none is known, and refuses a used code with invalid_grant', async () => {
    b = await startBroker();
    const code = (await signIn(b)).searchParams.get('code');
    const first = await b.postJson('/oauth/token', { code });
    expect(first.status).toBe(200);
    expect(first.json()).not.toHaveProperty('realmId');
    const again = await b.postJson('/oauth/token', { code });
    expect(again.status).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses bodies that are not the JSON it expects (a proof is checked first)', async () => {
    b = await startBroker();
    const signed = async (init: RequestInit) =>
      b?.request('/oauth/token', {
        method: 'POST',
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          dpop: await b.key.proof('POST', `${b.url}/oauth/token`),
        },
      });
    expect((await signed({ body: 'code=x' }))?.status).toBe(415);
    const text = await signed({ headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ code: 'x' }) });
    expect(text?.status).toBe(415);
    const broken = await signed({ headers: { 'content-type': 'application/json' }, body: '{"code":' });
    expect(broken?.status).toBe(400);
    expect((await b.postJson('/oauth/token', {})).json()).toEqual({ error: 'invalid_request' });
    expect((await b.postJson('/oauth/token', { code: 'x', realmId: 'not digits' })).status).toBe(400);
    expect((await b.postJson('/oauth/refresh', { refresh_token: 42 })).status).toBe(400);
    expect((await b.postJson('/oauth/revoke', { token: '' })).status).toBe(400);
    expect(b.fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says upstream_refused (with the OAuth code) when Intuit rejects the broker keys', async () => {
    b = await startBroker({ env: { INTUIT_CLIENT_SECRET: 'not-the-registered-secret' } });
    const code = (await signIn(b)).searchParams.get('code'); // the authorize page takes no secret
    const reply = await b.postJson('/oauth/token', { code });
    expect(reply.status).toBe(502);
    expect(reply.json()).toEqual({ error: 'upstream_refused', upstream_error: 'invalid_client' });
  });
});

describe('POST /oauth/refresh', () => {
  it('rotates: answers a new pair in the same shape', async () => {
    b = await startBroker();
    const first = await connect(b);
    const reply = await b.postJson('/oauth/refresh', { refresh_token: first.refresh_token });
    expect(reply.status).toBe(200);
    const next = reply.json() as Record<string, unknown>;
    expect(Object.keys(next).sort()).toEqual(
      ['access_token', 'expires_in', 'refresh_token', 'x_refresh_token_expires_in'].sort(),
    );
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.access_token).not.toBe(first.access_token);
    const sent = b.fake.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer').at(-1);
    expect(sent?.authorization).toBe(basic);
    expect(new URLSearchParams(sent?.body).get('grant_type')).toBe('refresh_token');
  });

  it('answers 400 {"error":"invalid_grant"} for a dead refresh token (the extension shows "Reconnect")', async () => {
    b = await startBroker({ fake: { refreshGraceMs: 1000 } });
    const first = await connect(b);
    expect((await b.postJson('/oauth/refresh', { refresh_token: first.refresh_token })).status).toBe(200);
    b.clock.advance(2000); // past the superseded token's grace
    for (const token of [first.refresh_token, 'RT-never-issued']) {
      const reply = await b.postJson('/oauth/refresh', { refresh_token: token });
      expect(reply.status).toBe(400);
      expect(reply.text).toBe('{"error":"invalid_grant"}');
    }
  });
});

describe('POST /oauth/revoke', () => {
  it("revokes at Intuit's revocation endpoint with Basic auth and a JSON body; the token is dead after", async () => {
    b = await startBroker();
    const tokens = await connect(b);
    const reply = await b.postJson('/oauth/revoke', { token: tokens.refresh_token });
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ revoked: true });
    const sent = b.fake.requests.find((r) => r.path === '/v2/oauth2/tokens/revoke');
    expect(sent?.authorization).toBe(basic);
    expect(sent?.contentType).toMatch(/^application\/json/);
    // Intuit gets its own token, unwrapped.
    const raw = b.fake.issued.filter((t) => t.startsWith('RT-')).at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ token: raw });
    const after = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token });
    expect(after.json()).toEqual({ error: 'invalid_grant' });
  });
});

describe('upstream', () => {
  it('is https-only unless the test option allows http', async () => {
    b = await startBroker({ allowInsecureRequests: false });
    const start = await b.request(
      `/oauth/start?redirect_uri=${encodeURIComponent('https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/')}&state=s&jkt=${b.key.jkt}`,
    );
    expect(start.status).toBe(502);
    expect(start.location).toBeNull();
    const code = await wrapToken(
      await deriveWrapKey({ wrapKey: WRAP_KEY, clientSecret: '' }),
      'code',
      'CODE-x',
      b.key.jkt,
      b.clock.now() + 60_000,
    );
    expect((await b.postJson('/oauth/token', { code })).json()).toEqual({ error: 'upstream_unavailable' });
    expect(b.fake.requests).toEqual([]);
  });

  it('caches the discovery document for a few minutes', async () => {
    b = await startBroker();
    await connect(b);
    await connect(b);
    const discoveries = () => b?.fake.requests.filter((r) => r.path.includes('openid_configuration')).length;
    expect(discoveries()).toBe(1);
    b.clock.advance(DISCOVERY_TTL_MS + 1);
    await connect(b);
    expect(discoveries()).toBe(2);
  });
});
