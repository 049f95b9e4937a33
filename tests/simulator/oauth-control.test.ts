import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { connect, REDIRECT, refresh, runFlow, SCOPE, type Tokens, tokenRequest } from './oauth-test-helpers';

describe('OAuth over the /__sim control surface, and userinfo', () => {
  let sim: Simulator;
  const post = (path: string, body: unknown) =>
    fetch(`${sim.url}/__sim/${path}`, { method: 'POST', body: JSON.stringify(body) });
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it('POST /__sim/oauth-client registers an app; GET /__sim/oauth-stats and POST /__sim/revoke-grants', async () => {
    const bad = await post('oauth-client', { clientId: 'c', clientSecret: 's', redirectUris: ['http://x.example/cb'] });
    expect(bad.status).toBe(400);
    const app = { clientId: 'ABtestclient', clientSecret: 'test-secret', redirectUris: [REDIRECT] };
    expect((await post('oauth-client', app)).status).toBe(200);
    const co = sim.seedCompany({ count: 1 });
    const tokens = await connect(sim, co.realmId);
    expect((await refresh(sim, tokens.refresh_token)).status).toBe(200);
    const stats = await (await fetch(`${sim.url}/__sim/oauth-stats?realmId=${co.realmId}`)).json();
    expect(stats).toEqual({ codeExchanges: 1, refreshes: 1, revocations: 0, invalidGrants: 0 });
    const revoked = await (await post('revoke-grants', { realmId: co.realmId })).json();
    expect(revoked).toEqual({ revoked: 1 });
    expect((await refresh(sim, tokens.refresh_token)).status).toBe(400);
    const totals = await (await fetch(`${sim.url}/__sim/oauth-stats`)).json();
    expect(totals).toMatchObject({ codeExchanges: 1, refreshes: 1, invalidGrants: 1 });
  });

  it('userinfo: the signed-in email for an openid grant; 403 without openid; 401 for a dead token', async () => {
    const co = sim.seedCompany({ count: 1 });
    const userinfo = (token: string) =>
      fetch(`${sim.url}/v1/openid_connect/userinfo`, { headers: { Authorization: `Bearer ${token}` } });
    const back = await runFlow(sim, {
      realmId: co.realmId,
      email: 'lee@x.test',
      params: { scope: `${SCOPE} openid email` },
    });
    const res = await tokenRequest(sim, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT,
    });
    const tokens = (await res.json()) as Tokens;
    const info = await userinfo(tokens.access_token);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ email: 'lee@x.test', emailVerified: true, sub: expect.any(String) });
    const plain = await connect(sim, co.realmId);
    expect((await userinfo(plain.access_token)).status).toBe(403);
    sim.expireToken(tokens.access_token);
    expect((await userinfo(tokens.access_token)).status).toBe(401);
    expect((await userinfo(co.token)).status).toBe(401);
  });
});
