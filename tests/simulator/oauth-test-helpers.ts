/**
 * Helpers for the OAuth tests: the authorize page driven with plain form posts, and token requests.
 */
import type { Simulator } from '../../tools/simulator/api';

export const SCOPE = 'com.intuit.quickbooks.accounting';
export const CLIENT = {
  clientId: 'ABtestclient',
  clientSecret: 'test-secret',
  redirectUris: ['https://broker.example.test/oauth/callback', 'http://127.0.0.1:8787/oauth/callback'],
};
export const REDIRECT = CLIENT.redirectUris[0] ?? '';

export const basic = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export function authorizeUrl(sim: Simulator, params: Record<string, string | undefined> = {}): string {
  const defaults: Record<string, string> = {
    client_id: CLIENT.clientId,
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: REDIRECT,
    state: 'st-123',
  };
  const url = new URL('/connect/oauth2', sim.url);
  for (const [k, v] of Object.entries({ ...defaults, ...params })) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** The hidden session id of an authorize page. */
export function sessionOf(html: string): string {
  const match = /name="session" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no session field in: ${html.slice(0, 400)}`);
  return match[1];
}

export function postStep(sim: Simulator, fields: Record<string, string>): Promise<Response> {
  return fetch(`${sim.url}/connect/oauth2`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface FlowOptions {
  realmId: string;
  params?: Record<string, string | undefined>;
  action?: 'connect' | 'cancel';
  email?: string;
  password?: string;
}

/** Sign-in → company → consent with form posts; the 302's Location as a URL. */
export async function runFlow(sim: Simulator, options: FlowOptions): Promise<URL> {
  const start = await fetch(authorizeUrl(sim, options.params), { redirect: 'manual' });
  if (start.status !== 200) throw new Error(`authorize answered ${start.status}`);
  const session = sessionOf(await start.text());
  const signIn = await postStep(sim, {
    session,
    step: 'signin',
    email: options.email ?? 'pat@example.com',
    password: options.password ?? 'pw',
  });
  if (!(await signIn.text()).includes('name="realmId"')) throw new Error('no company picker after sign-in');
  const picked = await postStep(sim, { session, step: 'company', realmId: options.realmId });
  if (!(await picked.text()).includes('value="connect"')) throw new Error('no consent step after the picker');
  const done = await postStep(sim, { session, step: 'consent', action: options.action ?? 'connect' });
  const location = done.headers.get('Location');
  if (done.status !== 302 || !location) throw new Error(`consent answered ${done.status}`);
  return new URL(location);
}

export function tokenRequest(
  sim: Simulator,
  params: Record<string, string>,
  auth: string | null = basic(CLIENT.clientId, CLIENT.clientSecret),
  contentType = 'application/x-www-form-urlencoded',
): Promise<Response> {
  return fetch(`${sim.url}/oauth2/v1/tokens/bearer`, {
    method: 'POST',
    headers: { ...(auth ? { Authorization: auth } : {}), 'Content-Type': contentType, Accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  x_refresh_token_expires_in: number;
}

/** A full connection: flow + code exchange. */
export async function connect(sim: Simulator, realmId: string): Promise<Tokens> {
  const back = await runFlow(sim, { realmId });
  const res = await tokenRequest(sim, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT,
  });
  if (res.status !== 200) throw new Error(`code exchange answered ${res.status}`);
  return (await res.json()) as Tokens;
}

export const refresh = (sim: Simulator, token: string, auth?: string | null): Promise<Response> =>
  tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: token }, auth);

export function revoke(sim: Simulator, token: string, auth = basic(CLIENT.clientId, CLIENT.clientSecret)) {
  return fetch(`${sim.url}/v2/oauth2/tokens/revoke`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ token }),
  });
}

/** GET companyinfo of `realmId` with `token`: the API's answer status. */
export async function apiStatus(sim: Simulator, realmId: string, token: string): Promise<number> {
  const res = await fetch(`${sim.url}/v3/company/${realmId}/companyinfo/${realmId}?minorversion=75`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  await res.arrayBuffer();
  return res.status;
}
