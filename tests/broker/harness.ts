/**
 * The broker under test on real loopback HTTP against the fake Intuit, with a manual clock, captured
 * log lines and a record of every response the broker gave (for the leak scan). `signIn()` plays the
 * browser: /oauth/start, Intuit's authorize page, /oauth/callback with the cookie. `b.key` is the
 * installation key the extension would hold: `postJson` signs a proof with it for every call unless
 * the headers name a `dpop` of their own ('' sends none).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createBrokerApp } from '../../broker/src/app';
import { parseBrokerConfig } from '../../broker/src/config';
import type { RateLimiter } from '../../broker/src/rate-limit';
import { createManualClock, type ManualClock } from '../support/clock';
import { type FakeIntuitOptions, type RunningFakeIntuit, startFakeIntuit } from './fake-intuit';
import { createTestKey, type TestKey } from './proofs';

export const CLIENT_ID = 'ABfakeClientId4f9c2e71d0';
export const CLIENT_SECRET = 'fakeSecret7Qz9Lm2Xc4Vb8Nr1Tw6Yh3';
export const CHROME_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const CHROME_REDIRECT = `https://${CHROME_ID}.chromiumapp.org/`;
export const CHROME_ORIGIN = `chrome-extension://${CHROME_ID}`;
export const FIREFOX_REDIRECT = 'https://2d4f6a8b0c1e3f5a7b9c0d2e4f6a8b0c1e3f5a7b.extensions.allizom.org/';
export const FIREFOX_ORIGIN = 'moz-extension://0b7f1b5e-6f53-4c1a-9d0e-3a2b8c4d5e6f';
export const REALM = '9341452000001';
export const WRAP_KEY = 'test-wrap-key-0123456789abcdefghijklmnop';

export interface Recorded {
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

export interface Reply extends Recorded {
  location: string | null;
  json: () => unknown;
}

/** The one manual clock of the tests, started at the broker suite's own moment (tokens' lifetimes). */
export type Clock = ManualClock;

export function manualClock(start = Date.UTC(2026, 10, 22, 9)): Clock {
  return createManualClock(start);
}

export interface BrokerUnderTest {
  url: string;
  fake: RunningFakeIntuit;
  clock: Clock;
  /** The installation key `postJson` and `signIn` use. */
  key: TestKey;
  logs: string[];
  /** Every response the broker gave, in order. */
  replies: Recorded[];
  request: (path: string, init?: RequestInit) => Promise<Reply>;
  postJson: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Reply>;
  close: () => Promise<void>;
}

export interface BrokerOptions {
  env?: Record<string, string>;
  allowInsecureRequests?: boolean;
  fake?: Partial<FakeIntuitOptions>;
  limiters?: { address?: RateLimiter; family?: RateLimiter };
}

export async function startBroker(options: BrokerOptions = {}): Promise<BrokerUnderTest> {
  const clock = manualClock();
  const fake = await startFakeIntuit({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    realmId: REALM,
    now: clock.now,
    ...options.fake,
  });
  const config = parseBrokerConfig({
    INTUIT_CLIENT_ID: CLIENT_ID,
    INTUIT_CLIENT_SECRET: CLIENT_SECRET,
    INTUIT_DISCOVERY_URL: fake.discoveryUrl,
    BROKER_ALLOWED_REDIRECTS: `${CHROME_REDIRECT},${FIREFOX_REDIRECT}`,
    BROKER_ALLOWED_ORIGINS: FIREFOX_ORIGIN,
    BROKER_WRAP_KEY: WRAP_KEY,
    ...options.env,
  });
  const logs: string[] = [];
  const app = createBrokerApp(config, {
    now: clock.now,
    log: (line) => logs.push(line),
    allowInsecureRequests: options.allowInsecureRequests ?? true,
    ...(options.limiters ? { limiters: options.limiters } : {}),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    s.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const replies: Recorded[] = [];
  const key = await createTestKey(clock.now);

  const request = async (path: string, init: RequestInit = {}): Promise<Reply> => {
    const target = path.startsWith('http') ? path : `${url}${path}`;
    const res = await fetch(target, { redirect: 'manual', ...init });
    const recorded = { url: target, status: res.status, headers: res.headers, text: await res.text() };
    if (target.startsWith(url)) replies.push(recorded);
    return { ...recorded, location: res.headers.get('location'), json: () => JSON.parse(recorded.text) };
  };

  return {
    url,
    fake,
    clock,
    key,
    logs,
    replies,
    request,
    postJson: async (path, body, headers = {}) => {
      const { dpop = await key.proof('POST', `${url}${path}`), ...rest } = headers;
      return request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...rest, ...(dpop === '' ? {} : { dpop }) },
        body: JSON.stringify(body),
      });
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await fake.close();
    },
  };
}

/** `name=value` of the nonce cookie /oauth/start set, and its attributes. */
export function nonceCookie(reply: Recorded): { pair: string; attributes: string } {
  const line = reply.headers.getSetCookie().find((c) => c.startsWith('broker_nonce_'));
  if (!line) throw new Error('no nonce cookie');
  const [pair = '', ...rest] = line.split(';');
  return { pair: pair.trim(), attributes: rest.join(';') };
}

export interface SignIn {
  start: Reply;
  /** The broker's state, as Intuit sees it. */
  brokerState: string;
  cookie: string;
  /** Intuit's redirect back to the broker's callback. */
  callbackUrl: URL;
}

/** /oauth/start and Intuit's authorize page, up to (not including) the broker's callback. */
export async function beginSignIn(
  b: BrokerUnderTest,
  extensionState = 'ext-state-1',
  redirect = CHROME_REDIRECT,
  jkt = b.key.jkt,
): Promise<SignIn> {
  const start = await b.request(
    `/oauth/start?${new URLSearchParams({ redirect_uri: redirect, state: extensionState, jkt })}`,
  );
  if (start.status !== 302 || !start.location) throw new Error(`start answered ${start.status}`);
  const authorize = await b.request(start.location);
  if (!authorize.location) throw new Error(`authorize answered ${authorize.status}`);
  const callbackUrl = new URL(authorize.location);
  return {
    start,
    brokerState: new URL(start.location).searchParams.get('state') ?? '',
    cookie: nonceCookie(start).pair,
    callbackUrl,
  };
}

/** The whole browser part of sign-in: returns the URL the extension receives. */
export async function signIn(b: BrokerUnderTest, extensionState = 'ext-state-1', jkt = b.key.jkt): Promise<URL> {
  const flow = await beginSignIn(b, extensionState, CHROME_REDIRECT, jkt);
  const callback = await b.request(flow.callbackUrl.href, { headers: { cookie: flow.cookie } });
  if (callback.status !== 302 || !callback.location) throw new Error(`callback answered ${callback.status}`);
  return new URL(callback.location);
}

/** Sign in and exchange the code: the token answer. */
export async function connect(b: BrokerUnderTest): Promise<{ access_token: string; refresh_token: string }> {
  const back = await signIn(b);
  const reply = await b.postJson('/oauth/token', { code: back.searchParams.get('code') });
  if (reply.status !== 200) throw new Error(`token answered ${reply.status}`);
  return reply.json() as { access_token: string; refresh_token: string };
}
