// The client secret never appears in any response (body, header, Location) or log line; no token or
// code ever appears in a log line or a header; tokens appear only in the bodies of /oauth/token and
// /oauth/refresh answers. Every scenario runs first, then everything captured is scanned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrokerUnderTest,
  beginSignIn,
  CHROME_ORIGIN,
  CLIENT_ID,
  CLIENT_SECRET,
  connect,
  startBroker,
} from './harness';

const WRONG_SECRET = 'wrongSecretZ8x1Kq5Pv3Nd7Rb0Mf2';
let good: BrokerUnderTest;
let wrong: BrokerUnderTest;
let strict: BrokerUnderTest;

async function everyScenario(b: BrokerUnderTest): Promise<void> {
  const tokens = await connect(b).catch(() => undefined);
  // The https-only broker cannot reach the (http) fake: its sign-in stops at /oauth/start.
  const flow = await beginSignIn(b).catch(() => undefined);
  if (flow) {
    await b.request(flow.callbackUrl.href); // no cookie
    const forged = new URL(flow.callbackUrl);
    forged.searchParams.set('state', `${flow.brokerState}x`);
    await b.request(forged.href, { headers: { cookie: flow.cookie } });
    await b.request(flow.callbackUrl.href, { headers: { cookie: flow.cookie } });
    b.fake.denyNext('access_denied');
    const denied = await beginSignIn(b);
    await b.request(denied.callbackUrl.href, { headers: { cookie: denied.cookie } });
  }
  await b.request('/oauth/start?redirect_uri=https%3A%2F%2Fevil.example%2F&state=s');
  const refresh = tokens?.refresh_token ?? 'RT-none';
  const rotated = await b.postJson('/oauth/refresh', { refresh_token: refresh }, { origin: CHROME_ORIGIN });
  await b.postJson('/oauth/refresh', { refresh_token: 'RT-dead' });
  await b.postJson('/oauth/token', { code: 'CODE-dead' });
  const next = rotated.status === 200 ? (rotated.json() as { refresh_token: string }).refresh_token : refresh;
  await b.postJson('/oauth/revoke', { token: next });
  await b.postJson('/oauth/refresh', { refresh_token: next });
  await b.postJson('/oauth/revoke', { token: tokens?.access_token ?? 'AT-none' }, { origin: 'https://evil.example' });
  await b.request('/oauth/token', { method: 'OPTIONS', headers: { origin: CHROME_ORIGIN } });
  await b.postJson('/oauth/refresh', { refresh_token: 'z'.repeat(5000) });
  await b.request('/nowhere?access_token=AT-in-a-query');
}

beforeAll(async () => {
  good = await startBroker();
  wrong = await startBroker({ env: { INTUIT_CLIENT_SECRET: WRONG_SECRET } });
  strict = await startBroker({ allowInsecureRequests: false });
  for (const b of [good, wrong, strict]) await everyScenario(b);
});
afterAll(async () => {
  for (const b of [good, wrong, strict]) await b.close();
});

const secrets = [CLIENT_SECRET, WRONG_SECRET];
const secretForms = secrets.flatMap((s) => [
  s,
  encodeURIComponent(s),
  btoa(`${CLIENT_ID}:${s}`),
  Buffer.from(s).toString('base64'),
  Buffer.from(s).toString('base64url'),
]);

const headerText = (headers: Headers) => [...headers].map(([k, v]) => `${k}: ${v}`).join('\n');

describe('leak scan', () => {
  it('ran every scenario against a broker that exchanges real tokens', () => {
    expect(good.fake.issued.filter((t) => t.startsWith('RT-')).length).toBeGreaterThanOrEqual(2);
    expect(good.replies.length).toBeGreaterThan(15);
    expect(good.logs.length).toBe(good.replies.length);
  });

  it('never shows the client secret in any response or log line', () => {
    for (const b of [good, wrong, strict]) {
      const everything = [...b.replies.map((r) => `${r.status}\n${headerText(r.headers)}\n\n${r.text}`), ...b.logs];
      for (const text of everything) for (const form of secretForms) expect(text).not.toContain(form);
    }
  });

  it('never shows a token or code in a log line or a response header', () => {
    for (const b of [good, wrong, strict]) {
      const issued = [...b.fake.issued, 'AT-in-a-query'];
      for (const line of b.logs) for (const t of issued) expect(line).not.toContain(t);
      // The callback hands over the code wrapped for the installation key, never Intuit's own.
      for (const reply of b.replies) for (const t of issued) expect(headerText(reply.headers)).not.toContain(t);
    }
  });

  it("never shows Intuit's own code or refresh token in any response: they leave wrapped", () => {
    const raw = good.fake.issued.filter((t) => t.startsWith('CODE-') || t.startsWith('RT-'));
    expect(raw.length).toBeGreaterThanOrEqual(3);
    for (const reply of good.replies) {
      for (const t of raw) expect(`${headerText(reply.headers)}\n${reply.text}`).not.toContain(t);
    }
  });

  it('shows tokens only in the bodies of successful /oauth/token and /oauth/refresh answers', () => {
    const tokens = good.fake.issued.filter((t) => !t.startsWith('CODE-'));
    for (const reply of good.replies) {
      const path = new URL(reply.url).pathname;
      if (reply.status === 200 && (path === '/oauth/token' || path === '/oauth/refresh')) continue;
      for (const t of tokens) expect(reply.text, `${path} ${reply.status}`).not.toContain(t);
    }
  });

  it('logs one line per request: method, path, status, duration, nothing else', () => {
    for (const b of [good, wrong, strict]) {
      for (const line of b.logs) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        expect(Object.keys(entry)).toEqual(['method', 'path', 'status', 'ms']);
        expect(entry.path).toMatch(/^(\/oauth\/(start|callback|token|refresh|revoke)|\(other\))$/);
      }
    }
    expect(good.logs).toContain(JSON.stringify({ method: 'GET', path: '(other)', status: 404, ms: 0 }));
  });
});
