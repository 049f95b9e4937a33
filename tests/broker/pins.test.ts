// The issuer and the hosts are pinned to Intuit's (issue 18 §7): a discovery document naming another
// issuer, or a sign-in, token or revocation endpoint on another host, is refused with 502
// upstream_unavailable and nothing goes to that host. Tests and the simulator run elsewhere through
// one explicit override: an INTUIT_DISCOVERY_URL on another host pins everything to that host.
import { afterEach, describe, expect, it } from 'vitest';
import { createBrokerApp } from '../../broker/src/app';
import { INTUIT_DISCOVERY_URL, INTUIT_PINS, parseBrokerConfig, pinsFor } from '../../broker/src/config';
import { type BrokerUnderTest, CHROME_REDIRECT, CLIENT_ID, CLIENT_SECRET, startBroker } from './harness';
import { createTestKey } from './proofs';

let b: BrokerUnderTest | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

const SANDBOX = 'https://developer.api.intuit.com/.well-known/openid_sandbox_configuration';

describe('pinsFor', () => {
  it("keeps Intuit's issuer and hosts for Intuit's production and sandbox documents", () => {
    expect(pinsFor(INTUIT_DISCOVERY_URL)).toEqual(INTUIT_PINS);
    expect(pinsFor(SANDBOX)).toEqual(INTUIT_PINS);
    expect(INTUIT_PINS).toMatchObject({
      issuer: 'https://oauth.platform.intuit.com/op/v1',
      token: 'https://oauth.platform.intuit.com',
      revocation: 'https://developer.api.intuit.com',
      authorization: ['https://appcenter.intuit.com'],
    });
    expect(
      parseBrokerConfig({ INTUIT_CLIENT_ID: 'i', INTUIT_CLIENT_SECRET: 's', BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT })
        .upstream.kind,
    ).toBe('intuit');
  });

  it('pins a development document to its own origin, never to any host it names', () => {
    expect(pinsFor('https://127.0.0.1:8443/.well-known/openid_configuration')).toEqual({
      kind: 'development',
      issuer: 'https://127.0.0.1:8443/op/v1',
      authorization: ['https://127.0.0.1:8443', 'https://appcenter.intuit.com'],
      token: 'https://127.0.0.1:8443',
      revocation: 'https://127.0.0.1:8443',
    });
    expect(pinsFor('https://developer.api.intuit.com.evil.example/x').kind).toBe('development');
  });
});

describe("Intuit's document, served in memory", () => {
  const intuitDocument = {
    issuer: 'https://oauth.platform.intuit.com/op/v1',
    authorization_endpoint: 'https://appcenter.intuit.com/connect/oauth2',
    token_endpoint: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    userinfo_endpoint: 'https://accounts.platform.intuit.com/v1/openid_connect/userinfo',
    revocation_endpoint: 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
    jwks_uri: 'https://oauth.platform.intuit.com/op/v1/jwks',
  };
  async function startWith(document: Record<string, unknown>) {
    const contacted: string[] = [];
    const app = createBrokerApp(
      parseBrokerConfig({
        INTUIT_CLIENT_ID: CLIENT_ID,
        INTUIT_CLIENT_SECRET: CLIENT_SECRET,
        BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT,
      }),
      {
        log: () => {},
        fetch: async (input) => {
          const url = String(input);
          contacted.push(new URL(url).origin);
          if (url === INTUIT_DISCOVERY_URL) return Response.json(document);
          return Response.json({ error: 'invalid_grant' }, { status: 400 });
        },
      },
    );
    const key = await createTestKey(() => Date.now());
    const start = await app.request(
      `https://broker.test/oauth/start?${new URLSearchParams({ redirect_uri: CHROME_REDIRECT, state: 's', jkt: key.jkt })}`,
    );
    return { start, contacted };
  }

  it('accepts it: the sign-in goes to appcenter.intuit.com', async () => {
    const { start } = await startWith(intuitDocument);
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get('location') ?? '').origin).toBe('https://appcenter.intuit.com');
  });

  it.each([
    ['issuer', { issuer: 'https://evil.example/op/v1' }],
    ['authorization_endpoint', { authorization_endpoint: 'https://evil.example/connect/oauth2' }],
    ['token_endpoint', { token_endpoint: 'https://evil.example/oauth2/v1/tokens/bearer' }],
    ['revocation_endpoint', { revocation_endpoint: 'https://evil.example/v2/oauth2/tokens/revoke' }],
    ['an http token endpoint', { token_endpoint: 'http://oauth.platform.intuit.com/oauth2/v1/tokens/bearer' }],
  ])('refuses a document with a foreign %s: 502 upstream_unavailable', async (_what, patch) => {
    const { start, contacted } = await startWith({ ...intuitDocument, ...patch });
    expect(start.status).toBe(502);
    expect(await start.json()).toEqual({ error: 'upstream_unavailable' });
    expect(contacted).toEqual(['https://developer.api.intuit.com']);
  });
});

describe('a development upstream (the fake)', () => {
  it.each([
    ['issuer', (base: string) => ({ issuer: `https://evil.example/op/v1?${base}` })],
    ['token endpoint', () => ({ token_endpoint: 'https://evil.example/oauth2/v1/tokens/bearer' })],
    ['revocation endpoint', () => ({ revocation_endpoint: 'https://evil.example/v2/oauth2/tokens/revoke' })],
  ])('refuses a document naming a foreign %s', async (_what, discoveryPatch) => {
    b = await startBroker({ fake: { discoveryPatch } });
    const q = new URLSearchParams({ redirect_uri: CHROME_REDIRECT, state: 's', jkt: b.key.jkt });
    const start = await b.request(`/oauth/start?${q}`);
    expect(start.status).toBe(502);
    expect(start.json()).toEqual({ error: 'upstream_unavailable' });
    expect(start.location).toBeNull();
  });
});
