import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import {
  apiStatus,
  basic,
  CLIENT,
  connect,
  REDIRECT,
  refresh,
  revoke,
  runFlow,
  type Tokens,
  tokenRequest,
} from './oauth-test-helpers';
import { manualClock } from './test-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('OAuth token endpoint', () => {
  let sim: Simulator;
  let a: SeededCompany;
  let b: SeededCompany;
  const clock = manualClock();
  beforeAll(async () => {
    sim = await startSimulator({ now: clock.now, oauthClients: [CLIENT], accessTokenLifetimeMs: 600_000 });
    a = sim.seedCompany({ count: 2 });
    b = sim.seedCompany({ count: 2 });
    sim.registerOAuthClient({ clientId: 'other-app', clientSecret: 'other-secret', redirectUris: [REDIRECT] });
  });
  afterAll(() => sim.close());
  beforeEach(() => clock.advance(DAY * 365));

  const exchange = (code: string, redirectUri = REDIRECT, auth?: string | null) =>
    tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, auth);
  const codeFor = async (realmId: string) => (await runFlow(sim, { realmId })).searchParams.get('code') ?? '';

  it('code exchange: bearer tokens, expires_in from the lifetime, x_refresh_token_expires_in 8726400', async () => {
    const res = await exchange(await codeFor(a.realmId));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const body = (await res.json()) as Tokens;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^eyJ[\w-]*\.\.[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^AB11\w{40,}$/),
      token_type: 'bearer',
      expires_in: 600,
      x_refresh_token_expires_in: 8_726_400,
    });
    expect(body.access_token).not.toContain(a.realmId);
    expect(body.access_token.length).toBeGreaterThan(800);
  });

  it('the access token works for the picked company only, is logged with its realm, and expires', async () => {
    const tokens = await connect(sim, b.realmId);
    expect(await apiStatus(sim, b.realmId, tokens.access_token)).toBe(200);
    expect(await apiStatus(sim, a.realmId, tokens.access_token)).toBe(403);
    const onA = sim.requestLog(a.realmId).at(-1);
    expect(onA).toMatchObject({ status: 403, tokenRealmId: b.realmId });
    expect(sim.requestLog(b.realmId).at(-1)).toMatchObject({ status: 200, tokenRealmId: b.realmId });
    clock.advance(599_999);
    expect(await apiStatus(sim, b.realmId, tokens.access_token)).toBe(200);
    clock.advance(1);
    expect(await apiStatus(sim, b.realmId, tokens.access_token)).toBe(401);
    expect(sim.requestLog(b.realmId).at(-1)).toMatchObject({ status: 401, tokenRealmId: b.realmId });
  });

  it('a code is single-use; reusing it also revokes the tokens it produced', async () => {
    const code = await codeFor(a.realmId);
    const first = (await (await exchange(code)).json()) as Tokens;
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant' });
    expect(await apiStatus(sim, a.realmId, first.access_token)).toBe(401);
    expect((await refresh(sim, first.refresh_token)).status).toBe(400);
  });

  it('a code expires after 10 minutes of the simulator clock', async () => {
    const fresh = await codeFor(a.realmId);
    clock.advance(599_999);
    expect((await exchange(fresh)).status).toBe(200);
    const stale = await codeFor(a.realmId);
    clock.advance(600_000);
    const res = await exchange(stale);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant' });
  });

  it('a code with another redirect_uri, or presented by another app, → invalid_grant', async () => {
    const res = await exchange(await codeFor(a.realmId), CLIENT.redirectUris[1]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant' });
    const stolen = await exchange(await codeFor(a.realmId), REDIRECT, basic('other-app', 'other-secret'));
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toEqual({ error: 'invalid_grant' });
  });

  it.each([
    ['no Authorization', null],
    ['a wrong secret', basic(CLIENT.clientId, 'nope')],
    ['an unknown client', basic('nobody', CLIENT.clientSecret)],
    ['a Bearer header', 'Bearer abc'],
  ])('invalid_client (401) with %s', async (_name, auth) => {
    const res = await exchange(await codeFor(a.realmId), REDIRECT, auth);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'invalid_client' });
  });

  it('invalid_client for client_secret_post; invalid_request for JSON bodies; unsupported grant types', async () => {
    const post = await tokenRequest(
      sim,
      {
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
      },
      null,
    );
    expect(post.status).toBe(401);
    const both = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: 'x', client_secret: 'x' });
    expect(both.status).toBe(401);
    expect(await both.json()).toEqual({ error: 'invalid_client' });
    const json = await tokenRequest(sim, { grant_type: 'refresh_token' }, null, 'application/json');
    expect(json.status).toBe(401);
    const notForm = await tokenRequest(
      sim,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      basic(CLIENT.clientId, CLIENT.clientSecret),
      'application/json',
    );
    expect(await notForm.json()).toEqual({ error: 'invalid_request' });
    const creds = await tokenRequest(sim, { grant_type: 'client_credentials' });
    expect(await creds.json()).toEqual({ error: 'unsupported_grant_type' });
    const missing = await tokenRequest(sim, { grant_type: 'authorization_code', redirect_uri: REDIRECT });
    expect(await missing.json()).toEqual({ error: 'invalid_request' });
  });
});

describe('OAuth refresh rotation by default: the previous refresh token stops at once', () => {
  let sim: Simulator;
  let a: SeededCompany;
  const clock = manualClock();
  beforeAll(async () => {
    sim = await startSimulator({ now: clock.now, oauthClients: [CLIENT] }); // no refreshGraceMs: the default
    a = sim.seedCompany({ count: 2 });
  });
  afterAll(() => sim.close());

  it('a second use of a refresh token already rotated → invalid_grant, and the grant lives on with the new one', async () => {
    const t0 = await connect(sim, a.realmId);
    const first = await refresh(sim, t0.refresh_token);
    expect(first.status).toBe(200);
    const t1 = (await first.json()) as Tokens;
    const again = await refresh(sim, t0.refresh_token); // the same instant: no grace at all
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant' });
    expect(sim.oauthStats(a.realmId).invalidGrants).toBe(1);
    // Reusing the old token does not end the grant: the newest refresh token still works.
    const next = await refresh(sim, t1.refresh_token);
    expect(next.status).toBe(200);
    expect(await apiStatus(sim, a.realmId, t1.access_token)).toBe(200);
  });
});

describe('OAuth refresh rotation, grace (when configured) and revocation', () => {
  let sim: Simulator;
  let a: SeededCompany;
  let b: SeededCompany;
  const clock = manualClock();
  beforeAll(async () => {
    sim = await startSimulator({ now: clock.now, oauthClients: [CLIENT], refreshGraceMs: 2 * HOUR });
    a = sim.seedCompany({ count: 2 });
    b = sim.seedCompany({ count: 2 });
  });
  afterAll(() => sim.close());

  const refreshOk = async (token: string): Promise<Tokens> => {
    const res = await refresh(sim, token);
    expect(res.status).toBe(200);
    return (await res.json()) as Tokens;
  };
  const expectInvalidGrant = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant' });
  };

  it('every refresh rotates the refresh token and gives a working access token; counts per company', async () => {
    const before = sim.oauthStats(a.realmId);
    const t0 = await connect(sim, a.realmId);
    const t1 = await refreshOk(t0.refresh_token);
    const t2 = await refreshOk(t1.refresh_token);
    expect(new Set([t0.refresh_token, t1.refresh_token, t2.refresh_token]).size).toBe(3);
    expect(t2.access_token).not.toBe(t1.access_token);
    expect(await apiStatus(sim, a.realmId, t2.access_token)).toBe(200);
    expect(await apiStatus(sim, a.realmId, t1.access_token)).toBe(200);
    expect(sim.oauthStats(a.realmId)).toEqual({
      ...before,
      codeExchanges: before.codeExchanges + 1,
      refreshes: before.refreshes + 2,
    });
    expect(sim.oauthStats(b.realmId).refreshes).toBe(0);
  });

  it('the previous refresh token works for refreshGraceMs after a newer one, then → invalid_grant', async () => {
    const t0 = await connect(sim, a.realmId);
    const t1 = await refreshOk(t0.refresh_token);
    clock.advance(2 * HOUR - 1);
    const t1b = await refreshOk(t0.refresh_token); // still in its grace
    clock.advance(1);
    await expectInvalidGrant(await refresh(sim, t0.refresh_token));
    // t1 was superseded by t1b one millisecond ago: still usable; the newest one too.
    await refreshOk(t1.refresh_token);
    await refreshOk(t1b.refresh_token);
  });

  it('unknown, expired (101 days unused) and revoked refresh tokens → invalid_grant', async () => {
    await expectInvalidGrant(await refresh(sim, 'AB11nonsense'));
    const idle = await connect(sim, b.realmId);
    clock.advance(8_726_400_000);
    await expectInvalidGrant(await refresh(sim, idle.refresh_token));
    const live = (await connect(sim, b.realmId)).refresh_token;
    expect((await refresh(sim, live, basic('x', 'y'))).status).toBe(401);
    sim.registerOAuthClient({ clientId: 'app3', clientSecret: 's3', redirectUris: [REDIRECT] });
    await expectInvalidGrant(await refresh(sim, live, basic('app3', 's3')));
    await refreshOk(live);
  });

  it('revoking a refresh token kills its whole family, access tokens included; other grants live on', async () => {
    const keep = await connect(sim, a.realmId);
    const t0 = await connect(sim, a.realmId);
    const t1 = await refreshOk(t0.refresh_token);
    const before = sim.oauthStats(a.realmId).revocations;
    const res = await revoke(sim, t0.refresh_token);
    expect(res.status).toBe(200);
    expect(sim.oauthStats(a.realmId).revocations).toBe(before + 1);
    await expectInvalidGrant(await refresh(sim, t1.refresh_token));
    expect(await apiStatus(sim, a.realmId, t0.access_token)).toBe(401);
    expect(await apiStatus(sim, a.realmId, t1.access_token)).toBe(401);
    expect(await apiStatus(sim, a.realmId, keep.access_token)).toBe(200);
    expect((await revoke(sim, t1.refresh_token)).status).toBe(200);
    expect(sim.oauthStats(a.realmId).revocations).toBe(before + 1);
  });

  it('revoking an access token kills the grant too; bad client → 401; another app’s token → 400', async () => {
    const t = await connect(sim, b.realmId);
    expect((await revoke(sim, t.access_token, basic(CLIENT.clientId, 'wrong'))).status).toBe(401);
    sim.registerOAuthClient({ clientId: 'app2', clientSecret: 's2', redirectUris: [REDIRECT] });
    expect((await revoke(sim, t.access_token, basic('app2', 's2'))).status).toBe(400);
    expect(await apiStatus(sim, b.realmId, t.access_token)).toBe(200);
    expect((await revoke(sim, t.access_token)).status).toBe(200);
    await expectInvalidGrant(await refresh(sim, t.refresh_token));
    const form = await fetch(`${sim.url}/v2/oauth2/tokens/revoke`, {
      method: 'POST',
      headers: { Authorization: basic(CLIENT.clientId, CLIENT.clientSecret), 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await form.json()).toEqual({ error: 'invalid_request' });
  });

  it('revokeGrants(realmId): the person disconnects the app; the next refresh → invalid_grant', async () => {
    const onA = await connect(sim, a.realmId);
    const onB = await connect(sim, b.realmId);
    expect(sim.revokeGrants(a.realmId)).toBeGreaterThanOrEqual(1);
    await expectInvalidGrant(await refresh(sim, onA.refresh_token));
    expect(await apiStatus(sim, a.realmId, onA.access_token)).toBe(401);
    await refreshOk(onB.refresh_token);
    const invalid = sim.oauthStats(a.realmId).invalidGrants;
    expect(invalid).toBeGreaterThanOrEqual(1);
    expect(sim.oauthStats().invalidGrants).toBeGreaterThanOrEqual(invalid);
  });
});
