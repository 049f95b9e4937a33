/**
 * The token broker's part, played against the simulator's OAuth server (which rotates without grace,
 * as Intuit does now), with the failures the extension must survive: the broker unreachable, a 5xx
 * on revoke, and a refresh Intuit applied whose answer never came back. Two shapes: a `Broker` for
 * the token provider alone, and a `fetch` that answers the broker's HTTP paths for the whole
 * background (the real broker client in front of it).
 */
import type { Broker, BrokerResult, RevokeResult } from '../../lib/connection/broker';
import type { Simulator } from '../../tools/simulator/api';
import { REDIRECT, refresh, revoke, type Tokens, tokenRequest } from '../simulator/oauth-test-helpers';

export const BROKER_URL = 'https://broker.test';
const UNREACHABLE = { kind: 'failed', message: 'The sign-in service could not be reached.' } as const;

export interface BrokerFaults {
  /** Nothing reaches the broker (a network error before sending). */
  down: boolean;
  /** The next N refreshes reach Intuit (and rotate) but their answers are lost. */
  loseAnswers: number;
  /** Revokes answer 502 (Intuit unreachable from the broker). */
  revokeFails: boolean;
  /** Refreshes wait for this before reaching Intuit (a slow round trip). */
  gate?: Promise<void>;
  /** Revokes are refused as the real broker refuses a token it cannot unwrap (400 invalid_grant). */
  revokeUnwrappable?: boolean;
}

export function simBroker(sim: Simulator, now: () => number) {
  const faults: BrokerFaults = { down: false, loseAnswers: 0, revokeFails: false };
  /** Every refresh token presented to the broker, in order. */
  const refreshed: string[] = [];
  const revoked: string[] = [];
  const broker: Broker = {
    startUrl: async () => undefined,
    exchange: async () => ({ kind: 'failed', message: 'not used here' }),
    async refresh(token): Promise<BrokerResult> {
      refreshed.push(token);
      await faults.gate;
      if (faults.down) return UNREACHABLE;
      const res = await refresh(sim, token);
      const body = (await res.json()) as Tokens & { error?: string };
      if (faults.loseAnswers > 0) {
        faults.loseAnswers -= 1;
        return UNREACHABLE;
      }
      if (res.status === 400 && body.error === 'invalid_grant') return { kind: 'invalidGrant' };
      if (!res.ok) return { kind: 'failed', message: `answered ${res.status}` };
      return {
        kind: 'ok',
        tokens: {
          access: body.access_token,
          refresh: body.refresh_token,
          accessExpiresAt: now() + body.expires_in * 1000,
        },
      };
    },
    async revoke(token): Promise<RevokeResult> {
      revoked.push(token);
      if (faults.down || faults.revokeFails) return UNREACHABLE;
      return (await revoke(sim, token)).ok ? { kind: 'revoked' } : { kind: 'failed', message: 'answered 502' };
    },
  };
  return { broker, faults, refreshed, revoked };
}

/** `fetch` for the whole background: the broker's paths answered from the simulator, the rest passed on. */
export function brokerFetch(sim: Simulator) {
  const faults: BrokerFaults = { down: false, loseAnswers: 0, revokeFails: false };
  const calls: string[] = [];
  const pass = async (res: Response) =>
    new Response(await res.text(), { status: res.status, headers: { 'content-type': 'application/json' } });
  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== BROKER_URL) return fetch(input, init);
    calls.push(url.pathname);
    if (faults.down) throw new TypeError('fetch failed');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, string>;
    switch (url.pathname) {
      case '/oauth/token':
        return pass(
          await tokenRequest(sim, { grant_type: 'authorization_code', code: body.code ?? '', redirect_uri: REDIRECT }),
        );
      case '/oauth/refresh': {
        const res = await pass(await refresh(sim, body.refresh_token ?? ''));
        if (faults.loseAnswers > 0) {
          faults.loseAnswers -= 1;
          throw new TypeError('network error after sending');
        }
        return res;
      }
      case '/oauth/revoke':
        if (faults.revokeUnwrappable) return new Response('{"error":"invalid_grant"}', { status: 400 });
        if (faults.revokeFails) return new Response('{"error":"upstream"}', { status: 502 });
        return (await revoke(sim, body.token ?? '')).ok
          ? Response.json({ revoked: true })
          : new Response('{"error":"upstream"}', { status: 502 });
      default:
        return new Response('{}', { status: 404 });
    }
  };
  return { fetch: handler as typeof fetch, faults, calls };
}
