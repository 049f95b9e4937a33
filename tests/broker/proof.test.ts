// The broker serves only the installation that signed in (issue 18 §6): every token call needs a
// proof signed by the installation's key (RFC 9449 shape), and codes and refresh tokens are wrapped
// for that key. Before this, /oauth/refresh answered anyone holding a refresh token, from any origin
// or none, and a code exchanged first by someone else won.
import { afterEach, describe, expect, it } from 'vitest';
import { PROOF_WINDOW_S } from '../../broker/src/proof';
import { type BrokerUnderTest, CHROME_ORIGIN, connect, signIn, startBroker } from './harness';
import { createTestKey } from './proofs';

let b: BrokerUnderTest | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

const tokenCalls = (broker: BrokerUnderTest) =>
  broker.fake.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer' || r.path.includes('/revoke')).length;

async function connected() {
  b = await startBroker();
  const tokens = await connect(b);
  return { b, tokens, before: tokenCalls(b) };
}

describe('POST /oauth/refresh: the proof', () => {
  it('refuses a call without a proof with 401 invalid_proof, with no Origin and with a foreign one alike', async () => {
    const { b, tokens, before } = await connected();
    const attempts: Record<string, string>[] = [
      { dpop: '' },
      { dpop: '', origin: 'https://evil.example' },
      { dpop: '', origin: CHROME_ORIGIN },
    ];
    for (const headers of attempts) {
      const reply = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token }, headers);
      expect(reply.status).toBe(401);
      expect(reply.text).toBe('{"error":"invalid_proof"}');
    }
    expect(tokenCalls(b)).toBe(before); // Intuit never asked
  });

  it('refuses a proof from another key: a copied (wrapped) refresh token is useless elsewhere', async () => {
    const { b, tokens, before } = await connected();
    const thief = await createTestKey(b.clock.now);
    const proof = await thief.proof('POST', `${b.url}/oauth/refresh`);
    const reply = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token }, { dpop: proof });
    expect(reply.status).toBe(401);
    expect(reply.json()).toEqual({ error: 'invalid_proof' });
    expect(tokenCalls(b)).toBe(before);
    // The owner's next call still works: nothing was used up.
    expect((await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(200);
  });

  it('refuses a replayed proof (same jti)', async () => {
    const { b, tokens } = await connected();
    const proof = await b.key.proof('POST', `${b.url}/oauth/refresh`);
    const first = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token }, { dpop: proof });
    expect(first.status).toBe(200);
    const next = (first.json() as { refresh_token: string }).refresh_token;
    const replay = await b.postJson('/oauth/refresh', { refresh_token: next }, { dpop: proof });
    expect(replay.status).toBe(401);
    expect(replay.json()).toEqual({ error: 'invalid_proof' });
  });

  it('refuses a proof made for another URL or method', async () => {
    const { b, tokens, before } = await connected();
    const wrong = [
      await b.key.proof('POST', `${b.url}/oauth/token`),
      await b.key.proof('GET', `${b.url}/oauth/refresh`),
      await b.key.proof('POST', `https://broker.elsewhere.example/oauth/refresh`),
      await b.key.proof('POST', `${b.url}/oauth/refresh?x=1`),
    ];
    for (const dpop of wrong) {
      const reply = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token }, { dpop });
      expect(reply.status).toBe(401);
    }
    expect(tokenCalls(b)).toBe(before);
  });

  it(`refuses a proof more than ${PROOF_WINDOW_S} s from the broker's clock, either way`, async () => {
    const { b, tokens } = await connected();
    const at = (offsetS: number) =>
      b.key.proof('POST', `${b.url}/oauth/refresh`, {
        claims: { iat: Math.floor(b.clock.now() / 1000) + offsetS },
      });
    for (const offset of [-(PROOF_WINDOW_S + 1), PROOF_WINDOW_S + 1, -3600]) {
      const reply = await b.postJson(
        '/oauth/refresh',
        { refresh_token: tokens.refresh_token },
        { dpop: await at(offset) },
      );
      expect(reply.status, `iat ${offset}`).toBe(401);
    }
    const edge = await b.postJson(
      '/oauth/refresh',
      { refresh_token: tokens.refresh_token },
      { dpop: await at(-(PROOF_WINDOW_S - 1)) },
    );
    expect(edge.status).toBe(200);
  });

  it('refuses a proof of another shape: changed claims, another typ or alg, a private key in the header', async () => {
    const { b, tokens } = await connected();
    const url = `${b.url}/oauth/refresh`;
    const good = await b.key.proof('POST', url);
    const [h, , s] = good.split('.');
    const otherClaims = (await b.key.proof('POST', url)).split('.')[1];
    const bad = [
      `${h}.${otherClaims}.${s}`, // a signature over other claims
      await b.key.proof('POST', url, { header: { typ: 'JWT' } }),
      await b.key.proof('POST', url, { header: { alg: 'HS256' } }),
      await b.key.proof('POST', url, { header: { jwk: { ...b.key.jwk, d: 'A'.repeat(43) } } }),
      await b.key.proof('POST', url, { claims: { jti: 'short' } }),
      'not.a.proof',
      `${good}.extra`,
    ];
    for (const dpop of bad) {
      const reply = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token }, { dpop });
      expect(reply.status, dpop.slice(0, 40)).toBe(401);
    }
  });
});

describe('wrapped codes and refresh tokens', () => {
  it('refuses a raw (unwrapped) refresh token, as stored before wrapping: invalid_grant, so "Reconnect"', async () => {
    const { b, before } = await connected();
    const raw = b.fake.issued.filter((t) => t.startsWith('RT-')).at(-1);
    const reply = await b.postJson('/oauth/refresh', { refresh_token: raw });
    expect(reply.status).toBe(400);
    expect(reply.text).toBe('{"error":"invalid_grant"}');
    expect(tokenCalls(b)).toBe(before);
  });

  it('refuses a wrapped refresh token with a changed byte, or presented as a code', async () => {
    const { b, tokens, before } = await connected();
    const t = tokens.refresh_token;
    const flipped = `${t.slice(0, -2)}${t.at(-2) === 'A' ? 'B' : 'A'}${t.at(-1)}`;
    expect((await b.postJson('/oauth/refresh', { refresh_token: flipped })).json()).toEqual({ error: 'invalid_grant' });
    expect((await b.postJson('/oauth/token', { code: t })).json()).toEqual({ error: 'invalid_grant' });
    expect(tokenCalls(b)).toBe(before);
  });

  it('refuses a code wrapped for key A exchanged with key B; A can still exchange it', async () => {
    b = await startBroker();
    const code = (await signIn(b)).searchParams.get('code');
    const other = await createTestKey(b.clock.now);
    const stolen = await b.postJson(
      '/oauth/token',
      { code },
      { dpop: await other.proof('POST', `${b.url}/oauth/token`) },
    );
    expect(stolen.status).toBe(401);
    expect(tokenCalls(b)).toBe(0); // the code never reached Intuit, so it is not used up
    const mine = await b.postJson('/oauth/token', { code });
    expect(mine.status).toBe(200);
  });

  it("refuses Intuit's raw code, and a wrapped code after 10 minutes", async () => {
    b = await startBroker();
    await signIn(b);
    const raw = b.fake.issued.filter((t) => t.startsWith('CODE-')).at(-1);
    expect((await b.postJson('/oauth/token', { code: raw })).json()).toEqual({ error: 'invalid_grant' });
    const late = (await signIn(b)).searchParams.get('code');
    b.clock.advance(10 * 60_000 + 1000);
    expect((await b.postJson('/oauth/token', { code: late })).json()).toEqual({ error: 'invalid_grant' });
    expect(tokenCalls(b)).toBe(0);
  });

  it('refuses /oauth/start without a thumbprint (jkt) to bind the code to', async () => {
    b = await startBroker();
    const q = new URLSearchParams({
      redirect_uri: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/',
      state: 's',
    });
    expect((await b.request(`/oauth/start?${q}`)).json()).toEqual({ error: 'invalid_request' });
    q.set('jkt', 'too-short');
    expect((await b.request(`/oauth/start?${q}`)).status).toBe(400);
  });

  it('signs in, refreshes and revokes with the right key; revoke with another key is refused', async () => {
    const { b, tokens } = await connected();
    const refreshed = await b.postJson('/oauth/refresh', { refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = (refreshed.json() as { refresh_token: string }).refresh_token;
    expect(next).toMatch(/^sdw1\./);
    expect(next).not.toBe(tokens.refresh_token);

    const other = await createTestKey(b.clock.now);
    const foreign = await b.postJson(
      '/oauth/revoke',
      { token: next },
      { dpop: await other.proof('POST', `${b.url}/oauth/revoke`) },
    );
    expect(foreign.status).toBe(401);
    expect(b.fake.requests.filter((r) => r.path.includes('/revoke'))).toEqual([]);

    expect((await b.postJson('/oauth/revoke', { token: next })).json()).toEqual({ revoked: true });
    expect((await b.postJson('/oauth/refresh', { refresh_token: next })).json()).toEqual({ error: 'invalid_grant' });
  });
});
