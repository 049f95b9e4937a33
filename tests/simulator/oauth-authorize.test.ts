import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { ensureTestCertificate } from '../../tools/simulator/cert';
import { startSimulator } from '../../tools/simulator/index';
import { authorizeUrl, CLIENT, postStep, REDIRECT, runFlow, sessionOf } from './oauth-test-helpers';
import { manualClock } from './test-helpers';

/** GET with a chosen Host header (as a browser mapping a service host name onto this port sends it). */
function getWithHost(url: string, host: string, ca?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    // SNI names a host the test certificate covers; the Host header is what the simulator reads.
    const req = send(url, { headers: { Host: host }, ...(ca ? { ca, servername: 'localhost' } : {}) }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('OAuth discovery', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it.each(['openid_configuration', 'openid_sandbox_configuration'])(
    'discovery %s: Intuit-shaped document, endpoints on the origin it was fetched from',
    async (name) => {
      const res = await fetch(`${sim.url}/.well-known/${name}`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as Record<string, unknown>;
      expect(doc).toMatchObject({
        issuer: `${sim.url}/op/v1`,
        authorization_endpoint: `${sim.url}/connect/oauth2`,
        token_endpoint: `${sim.url}/oauth2/v1/tokens/bearer`,
        revocation_endpoint: `${sim.url}/v2/oauth2/tokens/revoke`,
        userinfo_endpoint: `${sim.url}/v1/openid_connect/userinfo`,
        jwks_uri: `${sim.url}/op/v1/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
      expect(doc.scopes_supported).toContain('com.intuit.quickbooks.accounting');
      const mapped = await getWithHost(`${sim.url}/.well-known/${name}`, 'developer.api.intuit.com');
      const viaHost = JSON.parse(mapped.body) as Record<string, string>;
      expect(viaHost.token_endpoint).toBe('http://developer.api.intuit.com/oauth2/v1/tokens/bearer');
      expect(viaHost.authorization_endpoint).toBe('http://developer.api.intuit.com/connect/oauth2');
    },
  );

  it('discovery over HTTPS through a mapped host name names https endpoints on that host', async () => {
    const cert = ensureTestCertificate();
    const tls = await startSimulator({ tls: { cert: cert.cert, key: cert.key } });
    try {
      const res = await getWithHost(
        `${tls.url}/.well-known/openid_configuration`,
        'developer.api.intuit.com',
        cert.cert,
      );
      const doc = JSON.parse(res.body) as Record<string, string>;
      expect(doc.revocation_endpoint).toBe('https://developer.api.intuit.com/v2/oauth2/tokens/revoke');
      expect(doc.userinfo_endpoint).toBe('https://developer.api.intuit.com/v1/openid_connect/userinfo');
    } finally {
      await tls.close();
    }
  });
});

describe('OAuth authorize page', () => {
  let sim: Simulator;
  let a: SeededCompany;
  let b: SeededCompany;
  const clock = manualClock();
  beforeAll(async () => {
    sim = await startSimulator({ now: clock.now, oauthClients: [CLIENT] });
    a = sim.seedCompany({ count: 2, companyName: 'Maple Street Bakery LLC' });
    b = sim.seedCompany({ count: 2, companyName: 'Harbor Point Dental Group' });
  });
  afterAll(() => sim.close());

  it.each([
    ['an unknown client', { client_id: 'nobody' }, /Unknown client_id/],
    ['an unregistered redirect URI', { redirect_uri: 'https://evil.example/cb' }, /not registered/],
    ['a redirect URI differing only by a trailing slash', { redirect_uri: `${REDIRECT}/` }, /not registered/],
    ['response_type=token', { response_type: 'token' }, /response_type/],
    ['a scope without accounting', { scope: 'openid' }, /must include/],
    ['an unknown scope', { scope: 'com.intuit.quickbooks.accounting admin' }, /Invalid scope/],
    ['no state', { state: undefined }, /state/],
  ])('rejects %s with an error page, never a redirect', async (_name, params, message) => {
    const res = await fetch(authorizeUrl(sim, params), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('Location')).toBeNull();
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(await res.text()).toMatch(message);
  });

  it('rejects a parameter given twice', async () => {
    const url = `${authorizeUrl(sim)}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`;
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('Location')).toBeNull();
  });

  it('registering a plain-http redirect URI other than loopback fails; https and loopback http work', () => {
    const base = { clientId: 'x', clientSecret: 'y' };
    expect(() => sim.registerOAuthClient({ ...base, redirectUris: ['http://broker.example/cb'] })).toThrow(/https/);
    expect(() => sim.registerOAuthClient({ ...base, redirectUris: ['https://a.example/cb#frag'] })).toThrow();
    expect(() =>
      sim.registerOAuthClient({ ...base, redirectUris: ['https://a.example/cb', 'http://localhost:9/cb'] }),
    ).not.toThrow();
  });

  it('sign-in page: labelled Email and Password, a Sign in button, hidden session and step', async () => {
    const res = await fetch(authorizeUrl(sim));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/<label for="email">Email<\/label><input id="email" name="email"/);
    expect(html).toMatch(/<label for="password">Password<\/label><input id="password" name="password" type="password"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('name="step" value="signin"');
    expect(html).not.toMatch(/<script|<link|src=/);
  });

  it('company picker lists every seeded company by name as a radio; consent has Connect and Cancel', async () => {
    const session = sessionOf(await (await fetch(authorizeUrl(sim))).text());
    const empty = await (await postStep(sim, { session, step: 'signin', email: '', password: 'x' })).text();
    expect(empty).toContain('role="alert"');
    const picker = await (await postStep(sim, { session, step: 'signin', email: 'pat@x.test', password: 'x' })).text();
    for (const co of [a, b]) {
      expect(picker).toContain(
        `<label><input type="radio" name="realmId" value="${co.realmId}" required>${co.companyName}</label>`,
      );
    }
    expect(picker).toContain('<legend>Choose a company</legend>');
    expect(picker).toContain('<button type="submit">Next</button>');
    const none = await (await postStep(sim, { session, step: 'company', realmId: '999' })).text();
    expect(none).toContain('role="alert"');
    const consent = await (await postStep(sim, { session, step: 'company', realmId: b.realmId })).text();
    expect(consent).toContain('Harbor Point Dental Group');
    expect(consent).toContain('<button type="submit" name="action" value="connect">Connect</button>');
    expect(consent).toContain('<button type="submit" name="action" value="cancel">Cancel</button>');
  });

  it('Connect redirects to the registered URI with code, the unchanged state and the picked realmId', async () => {
    const state = 'a b&c=d/é';
    const back = await runFlow(sim, { realmId: b.realmId, params: { state } });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('realmId')).toBe(b.realmId);
    expect(back.searchParams.get('code')).toMatch(/^AB11\w{30,}$/);
    const other = await runFlow(sim, { realmId: a.realmId, params: { redirect_uri: CLIENT.redirectUris[1] } });
    expect(other.toString()).toMatch(/^http:\/\/127\.0\.0\.1:8787\/oauth\/callback\?code=/);
    expect(other.searchParams.get('realmId')).toBe(a.realmId);
  });

  it('Cancel redirects with error=access_denied and the state, and no code', async () => {
    const back = await runFlow(sim, { realmId: a.realmId, action: 'cancel', params: { state: 'xyz' } });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('steps out of order, a finished session and an expired one are refused', async () => {
    const session = sessionOf(await (await fetch(authorizeUrl(sim))).text());
    const skip = await postStep(sim, { session, step: 'consent', action: 'connect' });
    expect(skip.status).toBe(400);
    expect(skip.headers.get('Location')).toBeNull();
    await postStep(sim, { session, step: 'signin', email: 'p@x.test', password: 'x' });
    await postStep(sim, { session, step: 'company', realmId: a.realmId });
    expect((await postStep(sim, { session, step: 'consent', action: 'connect' })).status).toBe(302);
    expect((await postStep(sim, { session, step: 'consent', action: 'connect' })).status).toBe(400);
    const late = sessionOf(await (await fetch(authorizeUrl(sim))).text());
    clock.advance(30 * 60_000);
    expect((await postStep(sim, { session: late, step: 'signin', email: 'p@x.test', password: 'x' })).status).toBe(400);
    expect((await postStep(sim, { session: 'forged', step: 'signin', email: 'p', password: 'x' })).status).toBe(400);
  });

  it('a configured user: only its email and password sign in', async () => {
    const strict = await startSimulator({ oauthClients: [CLIENT], oauthUser: { email: 'kim@x.test', password: 's3' } });
    try {
      const co = strict.seedCompany({ count: 1 });
      await expect(runFlow(strict, { realmId: co.realmId, email: 'kim@x.test', password: 'wrong' })).rejects.toThrow(
        /no company picker/,
      );
      const back = await runFlow(strict, { realmId: co.realmId, email: 'kim@x.test', password: 's3' });
      expect(back.searchParams.get('realmId')).toBe(co.realmId);
    } finally {
      await strict.close();
    }
  });
});

describe('discovery with authorizeOrigin', () => {
  it('names the sign-in page on the given origin, the token endpoints on the origin asked', async () => {
    const sim = await startSimulator({ authorizeOrigin: 'https://appcenter.intuit.com' });
    try {
      const doc = (await (await fetch(`${sim.url}/.well-known/openid_configuration`)).json()) as Record<string, string>;
      expect(doc.authorization_endpoint).toBe('https://appcenter.intuit.com/connect/oauth2');
      expect(doc.token_endpoint).toBe(`${sim.url}/oauth2/v1/tokens/bearer`);
    } finally {
      await sim.close();
    }
  });
});
