/** "Connect to QuickBooks": the state must round-trip, errors and closed windows are told apart. */
import { describe, expect, it } from 'vitest';
import type { Broker, BrokerResult } from '../../lib/connection/broker';
import { randomState, SIGN_IN_UNREACHABLE, signIn } from '../../lib/connection/sign-in';

const REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';
const tokens = { access: 'at', refresh: 'rt', accessExpiresAt: 10 };

function broker(exchange: BrokerResult = { kind: 'ok', tokens }) {
  const codes: string[] = [];
  const b: Broker = {
    startUrl: async (r, s) => `https://broker.test/oauth/start?redirect_uri=${encodeURIComponent(r)}&state=${s}`,
    exchange: async (code) => {
      codes.push(code);
      return exchange;
    },
    refresh: async () => ({ kind: 'failed', message: 'unused' }),
    revoke: async () => ({ kind: 'revoked' }),
  };
  return { b, codes };
}

function identity(answer: (url: string) => string | undefined | Error) {
  const opened: string[] = [];
  return {
    opened,
    api: {
      getRedirectURL: () => REDIRECT,
      async launchWebAuthFlow({ url }: { url: string; interactive: boolean }) {
        opened.push(url);
        const a = answer(url);
        if (a instanceof Error) throw a;
        return a;
      },
    },
  };
}
const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';

describe('signIn', () => {
  it('opens the broker with our redirect and a fresh state, checks it, exchanges the code', async () => {
    const { b, codes } = broker();
    const id = identity((url) => `${REDIRECT}?code=c-1&realmId=4620816365&state=${stateOf(url)}`);
    const result = await signIn({ identity: id.api, broker: b });
    expect(result).toEqual({ kind: 'ok', realmId: '4620816365', tokens });
    expect(codes).toEqual(['c-1']);
    expect(new URL(id.opened[0] ?? '').searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(stateOf(id.opened[0] ?? '')).toMatch(/^[0-9a-f]{48}$/);
  });

  it('refuses an answer whose state is not ours (forged or replayed), without exchanging the code', async () => {
    const { b, codes } = broker();
    const id = identity(() => `${REDIRECT}?code=c-1&realmId=1&state=someone-elses`);
    expect((await signIn({ identity: id.api, broker: b })).kind).toBe('failed');
    expect(codes).toEqual([]);
  });

  it('a closed window or "Cancel" is cancelled; other errors and missing parts fail', async () => {
    const { b } = broker();
    expect(
      (await signIn({ identity: identity(() => new Error('The user did not approve access.')).api, broker: b })).kind,
    ).toBe('cancelled');
    expect(
      (
        await signIn({
          identity: identity((u) => `${REDIRECT}?error=access_denied&state=${stateOf(u)}`).api,
          broker: b,
        })
      ).kind,
    ).toBe('cancelled');
    expect(
      (await signIn({ identity: identity((u) => `${REDIRECT}?error=server_error&state=${stateOf(u)}`).api, broker: b }))
        .kind,
    ).toBe('failed');
    expect(
      (await signIn({ identity: identity((u) => `${REDIRECT}?code=c&state=${stateOf(u)}`).api, broker: b })).kind,
    ).toBe('failed');
    expect(
      (
        await signIn({
          identity: identity((u) => `https://evil.example/?code=c&realmId=1&state=${stateOf(u)}`).api,
          broker: b,
        })
      ).kind,
    ).toBe('failed');
  });

  it('refuses two different companies in one answer', async () => {
    const { b } = broker({ kind: 'ok', tokens: { ...tokens, realmId: '2' } });
    const id = identity((u) => `${REDIRECT}?code=c&realmId=1&state=${stateOf(u)}`);
    expect((await signIn({ identity: id.api, broker: b })).kind).toBe('failed');
  });

  it('states are random', () => {
    expect(randomState()).not.toBe(randomState());
  });
});

describe('a sign-in page that does not open', () => {
  it('says what to try, never the browser’s own words', async () => {
    const { b } = broker();
    const id = identity(() => new Error('Authorization page could not be loaded.'));
    const result = await signIn({ identity: id.api, broker: b });
    expect(result).toEqual({ kind: 'failed', message: SIGN_IN_UNREACHABLE });
    expect(SIGN_IN_UNREACHABLE).not.toMatch(/Authorization page/);
    expect(SIGN_IN_UNREACHABLE).toMatch(/try again/);
    expect(SIGN_IN_UNREACHABLE).not.toMatch(/access token/i); // a bookkeeper's error: no developer path
  });
});
