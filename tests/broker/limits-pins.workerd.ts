// The broker in workerd (see workerd-harness.ts): Cloudflare's rate-limiting binding (miniflare's own)
// answers 429 with Retry-After over its limit, and with Intuit's default discovery URL a document
// naming a foreign token host is refused.
import { Response as MfResponse } from 'miniflare';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeIntuit } from './fake-intuit';
import { CHROME_REDIRECT, CLIENT_ID, CLIENT_SECRET } from './harness';
import { createTestKey } from './proofs';
import { BROKER, bundle, INTUIT, startWorker } from './workerd-harness';

let script = '';
beforeAll(async () => {
  script = await bundle();
});

describe('broker in workerd', () => {
  it("answers 429 with Retry-After over the rate-limiting binding's limit", async () => {
    const limited = startWorker({
      script,
      bindings: {
        INTUIT_CLIENT_ID: CLIENT_ID,
        INTUIT_CLIENT_SECRET: CLIENT_SECRET,
        INTUIT_DISCOVERY_URL: `${INTUIT}/.well-known/openid_configuration`,
        BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT,
      },
      intuit: createFakeIntuit({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
      ratelimits: { BROKER_ADDRESS_LIMITER: { simple: { limit: 2, period: 60 } } },
    });
    try {
      const statuses: { status: number; retryAfter: string | null }[] = [];
      // The binding counts in fixed minutes of the wall clock: 5 calls meet its limit of 2 in any minute.
      for (let i = 0; i < 5; i++) {
        const res = await limited.dispatchFetch(`${BROKER}/oauth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"refresh_token":"x"}',
        });
        statuses.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
        await res.text();
      }
      expect(statuses).toContainEqual({ status: 429, retryAfter: '60' });
      expect(statuses.filter((s) => s.status === 401).length).toBeGreaterThanOrEqual(2);
    } finally {
      await limited.dispose();
    }
  });

  it("refuses Intuit's discovery document when it names another token host (502)", async () => {
    const document = {
      issuer: 'https://oauth.platform.intuit.com/op/v1',
      authorization_endpoint: 'https://appcenter.intuit.com/connect/oauth2',
      token_endpoint: 'https://evil.example/oauth2/v1/tokens/bearer',
      revocation_endpoint: 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
    };
    const contacted: string[] = [];
    const pinned = startWorker({
      script,
      bindings: {
        INTUIT_CLIENT_ID: CLIENT_ID,
        INTUIT_CLIENT_SECRET: CLIENT_SECRET,
        BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT,
      },
      intuit: async (request) => {
        const host = new URL(request.url).host;
        contacted.push(host);
        return host === 'developer.api.intuit.com'
          ? new MfResponse(JSON.stringify(document), { headers: { 'content-type': 'application/json' } })
          : new MfResponse('not here', { status: 404 });
      },
    });
    try {
      const key = await createTestKey(() => Date.now());
      const q = new URLSearchParams({ redirect_uri: CHROME_REDIRECT, state: 's', jkt: key.jkt });
      const res = await pinned.dispatchFetch(`${BROKER}/oauth/start?${q}`, { redirect: 'manual' });
      expect(res.status).toBe(502);
      expect(await res.text()).toBe('{"error":"upstream_unavailable"}');
      expect(contacted).toEqual(['developer.api.intuit.com']);
    } finally {
      await pinned.dispose();
    }
  });
});
