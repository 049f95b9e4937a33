// The broker as deployed to Cloudflare: broker/src/worker.ts bundled with esbuild and run in workerd
// via miniflare, https-only (no test option), Intuit faked in memory behind the Worker's outbound
// fetch. Repeats the key security checks of the Node suite: no open redirect, forged or replayed
// state refused, CORS for the extension only, body limit, invalid_grant, the secret in no response or
// log line; the installation's proof and wrapped tokens (workerd's own WebCrypto). The rate-limiting
// binding and Intuit's pinned hosts: limits-pins.workerd.ts.
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeIntuit, type FakeIntuit } from './fake-intuit';
import {
  CHROME_ORIGIN,
  CHROME_REDIRECT,
  CLIENT_ID,
  CLIENT_SECRET,
  FIREFOX_ORIGIN,
  FIREFOX_REDIRECT,
  REALM,
} from './harness';
import { createTestKey, type TestKey } from './proofs';
import { BROKER, bundle, INTUIT, startWorker as startIn } from './workerd-harness';

interface Seen {
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

let script = '';
let fake: FakeIntuit;
let mf: Miniflare;
let key: TestKey;
const output: string[] = [];
const seen: Seen[] = [];
const startWorker = (bindings: Record<string, string>, intuit: FakeIntuit): Miniflare =>
  startIn({ script, bindings, intuit, output });

async function send(path: string, init: RequestInit = {}): Promise<Seen & { location: string | null }> {
  const url = path.startsWith('http') ? path : `${BROKER}${path}`;
  const res = await mf.dispatchFetch(url, { redirect: 'manual', ...(init as object) });
  const reply = { url, status: res.status, headers: res.headers as unknown as Headers, text: await res.text() };
  seen.push(reply);
  return { ...reply, location: res.headers.get('location') };
}

/** A POST as the extension makes it: JSON, with a proof from `key` unless the headers name a `dpop` ('' for none). */
const postJson = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const { dpop = await key.proof('POST', `${BROKER}${path}`), ...rest } = headers;
  return send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...rest, ...(dpop === '' ? {} : { dpop }) },
    body: JSON.stringify(body),
  });
};

/** /oauth/start, then Intuit's authorize page (the fake, in memory): the callback URL and the cookie. */
async function beginSignIn(state = 'ext-state') {
  const start = await send(
    `/oauth/start?${new URLSearchParams({ redirect_uri: CHROME_REDIRECT, state, jkt: key.jkt })}`,
  );
  expect(start.status).toBe(302);
  const authorize = await fake.app.fetch(new Request(start.location ?? ''));
  const cookie =
    start.headers
      .getSetCookie()
      .find((c) => c.startsWith('broker_nonce_'))
      ?.split(';')[0] ?? '';
  return { start, callbackUrl: new URL(authorize.headers.get('location') ?? ''), cookie };
}

beforeAll(async () => {
  script = await bundle();
  key = await createTestKey(() => Date.now()); // workerd's clock is the real one
  fake = createFakeIntuit({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, realmId: REALM });
  mf = startWorker(
    {
      INTUIT_CLIENT_ID: CLIENT_ID,
      INTUIT_CLIENT_SECRET: CLIENT_SECRET,
      INTUIT_DISCOVERY_URL: `${INTUIT}/.well-known/openid_configuration`,
      BROKER_ALLOWED_REDIRECTS: `${CHROME_REDIRECT},${FIREFOX_REDIRECT}`,
      BROKER_ALLOWED_ORIGINS: FIREFOX_ORIGIN,
      BROKER_WRAP_KEY: 'workerd-wrap-key-0123456789abcdefghijkl',
    },
    fake,
  );
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe('broker in workerd', () => {
  it('refuses an open redirect with 400 and no Location', async () => {
    for (const redirect of ['https://evil.example/', `${CHROME_REDIRECT}x`, 'javascript:alert(1)']) {
      const reply = await send(`/oauth/start?${new URLSearchParams({ redirect_uri: redirect, state: 's' })}`);
      expect(reply.status).toBe(400);
      expect(reply.location).toBeNull();
    }
  });

  it('signs in: start → Intuit → callback → the extension gets code, realmId and its state', async () => {
    const flow = await beginSignIn('mine');
    const authorize = new URL(flow.start.location ?? '');
    expect(authorize.origin).toBe(INTUIT);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${BROKER}/oauth/callback`);
    const reply = await send(flow.callbackUrl.href, { headers: { cookie: flow.cookie } });
    expect(reply.status).toBe(302);
    const back = new URL(reply.location ?? '');
    expect(back.href.startsWith(CHROME_REDIRECT)).toBe(true);
    expect(back.searchParams.get('state')).toBe('mine');
    expect(back.searchParams.get('realmId')).toBe(REALM);

    const token = await postJson('/oauth/token', { code: back.searchParams.get('code') }, { origin: CHROME_ORIGIN });
    expect(token.status).toBe(200);
    expect(token.headers.get('access-control-allow-origin')).toBe(CHROME_ORIGIN);
    const tokens = JSON.parse(token.text) as Record<string, unknown>;
    expect(tokens.refresh_token).toMatch(/^sdw1\./);
    expect(Object.keys(tokens).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'x_refresh_token_expires_in',
    ]);

    const refreshed = await postJson('/oauth/refresh', { refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const revoked = await postJson('/oauth/revoke', { token: JSON.parse(refreshed.text).refresh_token });
    expect(revoked.status).toBe(200);
    const dead = await postJson('/oauth/refresh', { refresh_token: JSON.parse(refreshed.text).refresh_token });
    expect(dead.status).toBe(400);
    expect(dead.text).toBe('{"error":"invalid_grant"}');
  });

  it('refuses a forged state, a state without its cookie, a replay, and a state from another browser', async () => {
    const victim = await beginSignIn('victim');
    const attacker = await beginSignIn('attacker');
    const forged = new URL(victim.callbackUrl);
    forged.searchParams.set('state', `${forged.searchParams.get('state')}x`);
    const refusals = [
      await send(forged.href, { headers: { cookie: victim.cookie } }),
      await send(victim.callbackUrl.href),
      await send(victim.callbackUrl.href, { headers: { cookie: attacker.cookie } }),
    ];
    expect((await send(victim.callbackUrl.href, { headers: { cookie: victim.cookie } })).status).toBe(302);
    refusals.push(await send(victim.callbackUrl.href)); // the browser dropped the cleared cookie
    for (const reply of refusals) {
      expect(reply.status).toBe(400);
      expect(reply.location).toBeNull();
    }
  });

  it('gives CORS to the extension origins only, preflight included', async () => {
    const pre = (origin: string) =>
      send('/oauth/token', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,dpop',
        },
      });
    for (const origin of [CHROME_ORIGIN, FIREFOX_ORIGIN]) {
      const reply = await pre(origin);
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
      // The token calls carry a DPoP proof: the preflight must allow that header, or the browser blocks them.
      const allowed = (reply.headers.get('access-control-allow-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase());
      expect(allowed.sort()).toEqual(['content-type', 'dpop']);
    }
    const evil = await pre('https://evil.example');
    expect(evil.status).toBe(403);
    expect([...evil.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });

  it('answers 413 to a body over 4 KB', async () => {
    expect((await postJson('/oauth/refresh', { refresh_token: 'x'.repeat(5000) })).status).toBe(413);
  });

  it('never shows the secret in a response or log line, nor a token or code in a log line', async () => {
    const basic = btoa(`${CLIENT_ID}:${CLIENT_SECRET}`);
    for (const reply of seen) {
      const all = `${[...reply.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${reply.text}`;
      expect(all).not.toContain(CLIENT_SECRET);
      expect(all).not.toContain(basic);
    }
    const logs = output.join('');
    expect(logs).toMatch(/"path":"\/oauth\/callback"/); // the Worker's request log did reach us
    expect(logs).not.toContain(CLIENT_SECRET);
    for (const t of fake.issued) expect(logs).not.toContain(t);
  });

  it("refuses refresh without the installation's proof: none, another key's, or a replayed one", async () => {
    const flow = await beginSignIn('proof');
    const back = new URL((await send(flow.callbackUrl.href, { headers: { cookie: flow.cookie } })).location ?? '');
    const code = back.searchParams.get('code') ?? '';
    for (const t of fake.issued) expect(code).not.toContain(t); // the code comes wrapped
    const thief = await createTestKey(() => Date.now());
    const stolen = await postJson(
      '/oauth/token',
      { code },
      { dpop: await thief.proof('POST', `${BROKER}/oauth/token`) },
    );
    expect(stolen.status).toBe(401);
    const tokens = JSON.parse((await postJson('/oauth/token', { code })).text) as { refresh_token: string };

    const none = await postJson(
      '/oauth/refresh',
      { refresh_token: tokens.refresh_token },
      { dpop: '', origin: 'https://evil.example' },
    );
    expect(none.status).toBe(401);
    expect(none.text).toBe('{"error":"invalid_proof"}');
    const foreign = await thief.proof('POST', `${BROKER}/oauth/refresh`);
    expect((await postJson('/oauth/refresh', { refresh_token: tokens.refresh_token }, { dpop: foreign })).status).toBe(
      401,
    );
    const proof = await key.proof('POST', `${BROKER}/oauth/refresh`);
    const first = await postJson('/oauth/refresh', { refresh_token: tokens.refresh_token }, { dpop: proof });
    expect(first.status).toBe(200);
    const next = (JSON.parse(first.text) as { refresh_token: string }).refresh_token;
    expect((await postJson('/oauth/refresh', { refresh_token: next }, { dpop: proof })).status).toBe(401);
    const raw = fake.issued.filter((t) => t.startsWith('RT-')).at(-1);
    expect((await postJson('/oauth/refresh', { refresh_token: raw })).text).toBe('{"error":"invalid_grant"}');
  });

  it('answers 500 broker_misconfigured without the secret when a variable is missing', async () => {
    const lone = startWorker({ INTUIT_CLIENT_SECRET: CLIENT_SECRET, BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT }, fake);
    try {
      const res = await lone.dispatchFetch(`${BROKER}/oauth/start`);
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('{"error":"broker_misconfigured"}');
    } finally {
      await lone.dispose();
    }
    expect(output.join('')).toMatch(/INTUIT_CLIENT_ID is missing/);
    expect(output.join('')).not.toContain(CLIENT_SECRET);
  });
});
