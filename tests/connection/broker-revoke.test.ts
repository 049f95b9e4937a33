/**
 * What a revoke comes to, from the extension's broker client against the real broker (issue 18
 * follow-up): `revoked`; `unrevocable` for a token this installation can never present (raw from
 * before wrapping, wrapped for another installation's key, wrapped under another BROKER_WRAP_KEY);
 * `failed` for what a later try may mend (no answer, a 5xx, a rate limit, a proof refused for the
 * time). Only `failed` keeps a token on "Try again".
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrokerUnderTest, startBroker } from '../broker/harness';
import { clientOf, signedInRefresh } from './real-broker';

const brokers: BrokerUnderTest[] = [];
async function broker(options: Parameters<typeof startBroker>[0] = {}) {
  const b = await startBroker(options);
  brokers.push(b);
  return b;
}
afterEach(async () => {
  for (const b of brokers.splice(0)) await b.close();
});
const revokesAtIntuit = (b: BrokerUnderTest) => b.fake.requests.filter((r) => r.path.endsWith('/revoke')).length;

describe('revoke against the real broker', () => {
  it('revoked: its own wrapped token is revoked at Intuit and refreshes no more', async () => {
    const b = await broker();
    const mine = clientOf(b, new IDBFactory());
    const token = await signedInRefresh(b, mine);
    expect(await mine.revoke(token)).toEqual({ kind: 'revoked' });
    expect(revokesAtIntuit(b)).toBe(1);
    expect(await mine.refresh(token)).toEqual({ kind: 'invalidGrant' });
  });

  it('unrevocable: a raw refresh token stored before wrapping (the broker answers 400 invalid_grant)', async () => {
    const b = await broker();
    const mine = clientOf(b, new IDBFactory());
    await signedInRefresh(b, mine);
    const raw = b.fake.issued.filter((t) => t.startsWith('RT-')).at(-1) ?? '';
    expect((await b.postJson('/oauth/revoke', { token: raw })).status).toBe(400);
    expect(await mine.revoke(raw)).toEqual({ kind: 'unrevocable' });
    expect(revokesAtIntuit(b)).toBe(0);
  });

  it('unrevocable: a token wrapped for another installation key (401 invalid_proof), the key lost or the token copied', async () => {
    const b = await broker();
    const idb = new IDBFactory();
    const token = await signedInRefresh(b, clientOf(b, idb));
    const afterKeyLoss = clientOf(b, new IDBFactory());
    expect(await afterKeyLoss.revoke(token)).toEqual({ kind: 'unrevocable' });
    expect(revokesAtIntuit(b)).toBe(0);
    expect(await clientOf(b, idb).revoke(token)).toEqual({ kind: 'revoked' }); // the key that holds it can
  });

  it('unrevocable: a token wrapped under another BROKER_WRAP_KEY (the firm changed it)', async () => {
    const before = await broker();
    const idb = new IDBFactory();
    const token = await signedInRefresh(before, clientOf(before, idb));
    const after = await broker({ env: { BROKER_WRAP_KEY: 'another-wrap-key-0123456789abcdefghijklmn' } });
    expect(await clientOf(after, idb).revoke(token)).toEqual({ kind: 'unrevocable' });
    expect(revokesAtIntuit(after)).toBe(0);
  });

  it("failed: its own token with a proof refused for the time (the computer's clock 5 minutes off)", async () => {
    const b = await broker();
    const idb = new IDBFactory();
    const token = await signedInRefresh(b, clientOf(b, idb));
    expect(await clientOf(b, idb, 5 * 60_000).revoke(token)).toEqual({
      kind: 'failed',
      message: expect.stringMatching(/date and time/),
    });
    expect(await clientOf(b, idb).revoke(token)).toEqual({ kind: 'revoked' }); // the clock put right
  });

  it('failed: Intuit unreachable from the broker (502)', async () => {
    const b = await broker();
    const mine = clientOf(b, new IDBFactory());
    const token = await signedInRefresh(b, mine);
    await b.fake.close();
    expect(await mine.revoke(token)).toEqual({ kind: 'failed', message: 'The sign-in service answered 502.' });
  });

  it('failed: over the rate limit (429)', async () => {
    let open = true;
    const family = {
      limit: async () => (open ? { success: true, retryAfterS: 0 } : { success: false, retryAfterS: 60 }),
    };
    const b = await broker({ limiters: { family } });
    const mine = clientOf(b, new IDBFactory());
    const token = await signedInRefresh(b, mine);
    open = false;
    expect(await mine.revoke(token)).toEqual({ kind: 'failed', message: expect.stringMatching(/busy/) });
  });

  it('failed: the broker cannot be reached', async () => {
    const b = await broker();
    const idb = new IDBFactory();
    const token = await signedInRefresh(b, clientOf(b, idb));
    const gone = clientOf(b, idb);
    brokers.splice(brokers.indexOf(b), 1);
    await b.close();
    expect(await gone.revoke(token)).toEqual({
      kind: 'failed',
      message: 'The sign-in service could not be reached.',
    });
  });
});
