// The browser half of the broker: /oauth/start and /oauth/callback. No open redirect; a state the
// broker did not issue, an expired one, or one replayed without this browser's nonce cookie → 400.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBrokerApp } from '../../broker/src/app';
import { parseBrokerConfig } from '../../broker/src/config';
import {
  type BrokerUnderTest,
  beginSignIn,
  CHROME_ID,
  CHROME_REDIRECT,
  CLIENT_ID,
  FIREFOX_REDIRECT,
  nonceCookie,
  REALM,
  signIn,
  startBroker,
} from './harness';

let b: BrokerUnderTest;
beforeEach(async () => {
  b = await startBroker();
});
afterEach(async () => {
  await b.close();
});

const start = (redirect: string, state = 's1') =>
  b.request(`/oauth/start?${new URLSearchParams({ redirect_uri: redirect, state, jkt: b.key.jkt })}`);

describe('GET /oauth/start', () => {
  it.each([
    'https://evil.example/',
    `https://${CHROME_ID}.chromiumapp.org.evil.example/`,
    `https://${CHROME_ID}.chromiumapp.org/../../evil`,
    `https://${CHROME_ID}.chromiumapp.org/other-path`,
    `http://${CHROME_ID}.chromiumapp.org/`,
    'javascript:alert(1)',
    '//evil.example/',
    '',
  ])('refuses the redirect %j with 400 and no Location', async (redirect) => {
    const reply = await start(redirect);
    expect(reply.status).toBe(400);
    expect(reply.location).toBeNull();
    expect(reply.json()).toEqual({ error: 'redirect_uri_not_allowed' });
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a missing redirect_uri and a missing state', async () => {
    expect((await b.request('/oauth/start?state=x')).status).toBe(400);
    const noState = await b.request(`/oauth/start?redirect_uri=${encodeURIComponent(CHROME_REDIRECT)}`);
    expect(noState.status).toBe(400);
    expect(noState.location).toBeNull();
  });

  it.each([CHROME_REDIRECT, FIREFOX_REDIRECT, `https://${CHROME_ID}.chromiumapp.org`])(
    'sends %s to Intuit with the broker callback, the scope and its own state',
    async (redirect) => {
      const reply = await start(redirect, 'extension-state');
      expect(reply.status).toBe(302);
      const authorize = new URL(reply.location ?? '');
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${b.fake.url}/connect/oauth2`);
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
        client_id: CLIENT_ID,
        response_type: 'code',
        scope: 'com.intuit.quickbooks.accounting',
        redirect_uri: `${b.url}/oauth/callback`,
      });
      expect(authorize.searchParams.get('state')).not.toBe('extension-state');
      const cookie = nonceCookie(reply);
      expect(cookie.attributes).toMatch(/Max-Age=600/);
      expect(cookie.attributes).toMatch(/Path=\/oauth\/callback/);
      expect(cookie.attributes).toMatch(/HttpOnly/);
      expect(cookie.attributes).toMatch(/Secure/);
      expect(cookie.attributes).toMatch(/SameSite=Lax/);
    },
  );
});

describe('GET /oauth/callback', () => {
  it('hands code, realmId and the extension state to the extension and clears the cookie', async () => {
    const flow = await beginSignIn(b, 'my-own-state');
    const reply = await b.request(flow.callbackUrl.href, { headers: { cookie: flow.cookie } });
    expect(reply.status).toBe(302);
    const back = new URL(reply.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(CHROME_REDIRECT);
    // The code, wrapped for the installation key named at /oauth/start: never Intuit's raw code.
    expect(back.searchParams.get('code')).toMatch(/^sdw1\./);
    for (const code of b.fake.issued) expect(reply.location).not.toContain(code);
    expect(back.searchParams.get('realmId')).toBe(REALM);
    expect(back.searchParams.get('state')).toBe('my-own-state');
    const cleared = reply.headers.getSetCookie().find((c) => c.startsWith(flow.cookie.split('=')[0] ?? '?'));
    expect(cleared).toMatch(/Max-Age=0/);
  });

  it('refuses a forged state: changed, made up, or signed by another broker', async () => {
    const flow = await beginSignIn(b);
    const [body = '', mac = ''] = flow.brokerState.split('.');
    const tamperedPayload = JSON.parse(Buffer.from(body, 'base64url').toString());
    tamperedPayload.r = 'https://evil.example/';
    const reforged = `${Buffer.from(JSON.stringify(tamperedPayload)).toString('base64url')}.${mac}`;
    const flipped = `${body}.${mac.startsWith('A') ? `B${mac.slice(1)}` : `A${mac.slice(1)}`}`;

    const other = createBrokerApp(
      parseBrokerConfig({
        INTUIT_CLIENT_ID: CLIENT_ID,
        INTUIT_CLIENT_SECRET: 'another-brokers-secret',
        BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT,
        INTUIT_DISCOVERY_URL: b.fake.discoveryUrl,
      }),
      { allowInsecureRequests: true, log: () => {} },
    );
    const foreign = new URL(
      (
        await other.request(`/oauth/start?redirect_uri=${encodeURIComponent(CHROME_REDIRECT)}&state=x&jkt=${b.key.jkt}`)
      ).headers.get('location') ?? '',
    ).searchParams.get('state');

    for (const state of [reforged, flipped, 'made-up', `${body}.`, '', foreign ?? 'x']) {
      const url = new URL(flow.callbackUrl);
      url.searchParams.set('state', state);
      const reply = await b.request(url.href, { headers: { cookie: flow.cookie } });
      expect(reply.status, state).toBe(400);
      expect(reply.location).toBeNull();
    }
    const noState = new URL(flow.callbackUrl);
    noState.searchParams.delete('state');
    expect((await b.request(noState.href, { headers: { cookie: flow.cookie } })).status).toBe(400);
  });

  it('accepts a state for 10 minutes and refuses it after', async () => {
    const early = await beginSignIn(b);
    b.clock.advance(10 * 60_000 - 1000);
    expect((await b.request(early.callbackUrl.href, { headers: { cookie: early.cookie } })).status).toBe(302);

    const late = await beginSignIn(b);
    b.clock.advance(10 * 60_000 + 1000);
    const reply = await b.request(late.callbackUrl.href, { headers: { cookie: late.cookie } });
    expect(reply.status).toBe(400);
    expect(reply.location).toBeNull();
  });

  it('refuses a state replayed without the nonce cookie, or replayed after use', async () => {
    const flow = await beginSignIn(b);
    const bare = await b.request(flow.callbackUrl.href);
    expect(bare.status).toBe(400);
    expect(bare.location).toBeNull();

    expect((await b.request(flow.callbackUrl.href, { headers: { cookie: flow.cookie } })).status).toBe(302);
    // The cookie was cleared by that answer; the browser no longer sends it.
    const again = await b.request(flow.callbackUrl.href);
    expect(again.status).toBe(400);
    expect(again.location).toBeNull();
  });

  it("refuses a state from another browser (that browser's own cookie, or a guessed one)", async () => {
    const victim = await beginSignIn(b, 'victim');
    const attacker = await beginSignIn(b, 'attacker');
    const cookieName = victim.cookie.split('=')[0];
    for (const cookie of [attacker.cookie, `${cookieName}=guessed`, `${cookieName}=${attacker.cookie.split('=')[1]}`]) {
      const reply = await b.request(victim.callbackUrl.href, { headers: { cookie } });
      expect(reply.status, cookie).toBe(400);
      expect(reply.location).toBeNull();
    }
  });

  it('keeps two sign-ins in one browser apart', async () => {
    const first = await beginSignIn(b, 'first');
    const second = await beginSignIn(b, 'second');
    const jar = `${first.cookie}; ${second.cookie}`;
    const a = await b.request(first.callbackUrl.href, { headers: { cookie: jar } });
    const c = await b.request(second.callbackUrl.href, { headers: { cookie: jar } });
    expect(new URL(a.location ?? '').searchParams.get('state')).toBe('first');
    expect(new URL(c.location ?? '').searchParams.get('state')).toBe('second');
  });

  it("passes Intuit's error on to the extension, but only after the state checks", async () => {
    b.fake.denyNext('access_denied');
    const flow = await beginSignIn(b, 'ext');
    expect(flow.callbackUrl.searchParams.get('error')).toBe('access_denied');

    expect((await b.request(flow.callbackUrl.href)).status).toBe(400);
    const reply = await b.request(flow.callbackUrl.href, { headers: { cookie: flow.cookie } });
    expect(reply.status).toBe(302);
    const back = new URL(reply.location ?? '');
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'ext' });
  });

  it('signs in end to end', async () => {
    const back = await signIn(b, 'whole-flow');
    expect(back.searchParams.get('state')).toBe('whole-flow');
  });
});
