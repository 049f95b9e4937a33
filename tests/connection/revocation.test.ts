/**
 * Ending sign-ins at Intuit (issue 18 §7), through the whole background as the popup drives it: the
 * real broker client in front of a broker double backed by the simulator's OAuth server. A revoke
 * that fails keeps the company, shown with "Try again"; a replaced sign-in is revoked; one the broker
 * will never revoke (broker-revoke.test.ts) leaves the queue and says to end it in QuickBooks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { RevokeResult } from '../../lib/connection/broker';
import { revokeQueued } from '../../lib/connection/revocation';
import { createTokenStore } from '../../lib/connection/token-store';
import type { Simulator } from '../../tools/simulator/api';
import { signedInBackground } from './signed-in-background';

const setup = () => signedInBackground();

let sim: Simulator | undefined;
afterEach(async () => sim?.close());

describe('Disconnect when the revoke does not reach Intuit', () => {
  it.each([
    ['the network is down', { down: true }],
    ['the broker answers 502', { revokeFails: true }],
  ])(
    '%s: the company stops at once, stays listed with the error and "Try again"; a retry revokes and forgets it',
    async (_, fault) => {
      const h = await setup();
      sim = h.sim;
      await h.connectNow();
      const refresh = (await h.tokens.getRefreshToken(h.scope)) ?? '';
      expect(refresh).not.toBe('');
      Object.assign(h.broker.faults, fault);

      const after = await h.send({ type: 'connection/disconnect', ...h.scope });
      expect(after.connections).toEqual([
        expect.objectContaining({ realmId: h.company.realmId, disconnecting: true, revokePending: true }),
      ]);
      expect(after.connection.hasToken).toBe(false);
      expect(await h.background.core.provider.getToken(h.scope)).toBeUndefined(); // nothing calls the company
      expect(await h.background.core.hasToken(h.scope)).toBe(false);
      expect(h.sim.oauthStats(h.company.realmId).revocations).toBe(0);
      expect(await h.tokens.pendingRevokes(h.scope)).toEqual([refresh]); // kept only to end it

      Object.assign(h.broker.faults, { down: false, revokeFails: false });
      const retried = await h.send({ type: 'connection/revokeRetry', ...h.scope });
      expect(retried.connections).toEqual([]);
      expect(h.sim.oauthStats(h.company.realmId).revocations).toBe(1);
      expect(await h.alive(refresh)).toBe(false);
      expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(refresh);
    },
  );

  it('a revoke that reaches Intuit forgets the company at once, as before', async () => {
    const h = await setup();
    sim = h.sim;
    await h.connectNow();
    const after = await h.send({ type: 'connection/disconnect', ...h.scope });
    expect(after.connections).toEqual([]);
    expect(h.sim.oauthStats(h.company.realmId).revocations).toBe(1);
  });
});

describe('a sign-in replaced by another is revoked', () => {
  it('a new sign-in for a company with a live grant revokes the old grant; the new one works', async () => {
    const h = await setup();
    sim = h.sim;
    await h.connectNow();
    const first = (await h.tokens.getRefreshToken(h.scope)) ?? '';
    const state = await h.connectNow();
    const second = (await h.tokens.getRefreshToken(h.scope)) ?? '';
    expect(second).not.toBe(first);
    expect(h.sim.oauthStats(h.company.realmId).revocations).toBe(1);
    expect(await h.alive(first)).toBe(false);
    expect(state.connections).toEqual([expect.objectContaining({ revokePending: false, hasToken: true })]);
    expect(await h.tokens.pendingRevokes(h.scope)).toEqual([]);
  });

  it('a pasted token replacing a sign-in: the failed revoke is kept and shown, and "Try again" ends it', async () => {
    const h = await setup();
    sim = h.sim;
    await h.connectNow();
    const signIn = (await h.tokens.getRefreshToken(h.scope)) ?? '';
    h.broker.faults.down = true;
    const pasted = await h.send({
      type: 'connection/save',
      ...h.scope,
      token: h.company.token,
      remember: false,
    });
    expect(pasted.connection).toMatchObject({ realmId: h.company.realmId, hasToken: true, method: 'pasted' });
    expect(pasted.connections).toEqual([
      expect.objectContaining({ method: 'pasted', disconnecting: false, revokePending: true }),
    ]);
    expect(await h.tokens.getRefreshToken(h.scope)).toBeUndefined(); // never refreshed again

    h.broker.faults.down = false;
    const retried = await h.send({ type: 'connection/revokeRetry', ...h.scope });
    expect(retried.connections).toEqual([expect.objectContaining({ method: 'pasted', revokePending: false })]);
    expect(await h.alive(signIn)).toBe(false);
    expect(await h.background.core.provider.getToken(h.scope)).toBe(h.company.token); // still connected
  });
});

describe('a sign-in the broker will never revoke for this installation', () => {
  it('Disconnect: leaves the queue at once (no "Try again" for ever), says to end it in QuickBooks; "Dismiss" forgets the company', async () => {
    const h = await setup();
    sim = h.sim;
    await h.connectNow();
    const refresh = (await h.tokens.getRefreshToken(h.scope)) ?? '';
    h.broker.faults.revokeUnwrappable = true; // 400 invalid_grant, as the real broker answers a raw token

    const after = await h.send({ type: 'connection/disconnect', ...h.scope });
    expect(after.connections).toEqual([
      expect.objectContaining({ disconnecting: true, revokePending: false, endInQuickBooks: true, hasToken: false }),
    ]);
    expect(await h.tokens.pendingRevokes(h.scope)).toEqual([]);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(refresh);
    const calls = h.broker.calls.length;
    await h.send({ type: 'connection/revokeRetry', ...h.scope }); // nothing left to send
    expect(h.broker.calls.length).toBe(calls);

    const dismissed = await h.send({ type: 'connection/revokeDismiss', ...h.scope });
    expect(dismissed.connections).toEqual([]);
    expect(await h.alive(refresh)).toBe(true); // only QuickBooks can end it now: what the notice says
  });

  it('a replaced sign-in: the company stays connected with the new one, the notice shows until dismissed', async () => {
    const h = await setup();
    sim = h.sim;
    await h.connectNow();
    h.broker.faults.revokeUnwrappable = true;
    const state = await h.connectNow();
    expect(state.connections).toEqual([
      expect.objectContaining({ hasToken: true, revokePending: false, endInQuickBooks: true }),
    ]);
    h.broker.faults.revokeUnwrappable = false;
    const newer = await h.connectNow(); // another sign-in: the older one is still alive at Intuit
    expect(newer.connections).toEqual([expect.objectContaining({ endInQuickBooks: true })]);

    const dismissed = await h.send({ type: 'connection/revokeDismiss', ...h.scope });
    expect(dismissed.connections).toEqual([
      expect.objectContaining({ hasToken: true, disconnecting: false, endInQuickBooks: false }),
    ]);
    expect(await h.background.core.provider.getToken(h.scope)).toBeDefined();
  });
});

describe('revokeQueued, for each kind of answer', () => {
  it('revoked leaves the queue; unrevocable leaves it and marks the company; failed stays for "Try again"', async () => {
    fakeBrowser.reset();
    const store = createTokenStore({ local: fakeBrowser.storage.local, session: fakeBrowser.storage.session });
    const scope = { realmId: '4620816365', environment: 'production' as const };
    await store.save({
      ...scope,
      token: 'a'.repeat(24),
      refreshToken: 'r-unrevocable',
      method: 'oauth',
      remember: true,
    });
    await store.save({ ...scope, token: 'b'.repeat(24), refreshToken: 'r-revoked', method: 'oauth', remember: true });
    await store.save({ ...scope, token: 'c'.repeat(24), refreshToken: 'r-failed', method: 'oauth', remember: true });
    await store.beginDisconnect(scope);
    expect(await store.pendingRevokes(scope)).toEqual(['r-unrevocable', 'r-revoked', 'r-failed']);
    const answers: Record<string, RevokeResult> = {
      'r-unrevocable': { kind: 'unrevocable' },
      'r-revoked': { kind: 'revoked' },
      'r-failed': { kind: 'failed', message: 'The sign-in service answered 503.' },
    };
    const broker = { revoke: async (t: string) => answers[t] ?? { kind: 'revoked' as const } };

    expect(await revokeQueued({ store, broker }, scope)).toBe(false);
    expect(await store.pendingRevokes(scope)).toEqual(['r-failed']);
    expect(await store.getConnection(scope)).toMatchObject({ disconnecting: true, endInQuickBooks: true });

    answers['r-failed'] = { kind: 'revoked' };
    expect(await revokeQueued({ store, broker }, scope)).toBe(true);
    expect(await store.getConnection(scope)).toMatchObject({ endInQuickBooks: true }); // kept until dismissed
    await store.dismissEndInQuickBooks(scope);
    expect(await store.getConnection(scope)).toBeUndefined();
  });
});
