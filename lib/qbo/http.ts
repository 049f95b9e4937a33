/**
 * The HTTP edge: one ky instance per company + environment. Bearer token from the injected
 * provider, `minorversion=75` on every call, an explicit timeout, NO retries (the runner owns every
 * retry and journals it), no thrown HTTP errors (the caller reads the status itself) and no
 * redirects followed (`redirect: 'error'`: the bearer token goes to the API host and nowhere else).
 */
import ky, { type KyInstance } from 'ky';
import type { QboClientOptions } from './client-api';
import { API_BASE } from './entities';

/** Since 2025-08-01 anything below 75 is answered as 75 (service-facts). */
export const MINOR_VERSION = '75';
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Relative to /v3/company/{realmId}/, e.g. `query`, `invoice`, `reports/TransactionList`. */
  path: string;
  /** Extra query parameters besides minorversion, in order. */
  params?: readonly (readonly [string, string])[];
  json?: unknown;
  /** A raw statement (query by POST, `Content-Type: application/text`). */
  text?: string;
}

export type HttpAnswer =
  | { kind: 'answer'; status: number; headers: Headers; body: string }
  | { kind: 'noAnswer'; reason: string }
  | { kind: 'noToken' };

export type HttpSend = (request: HttpRequest) => Promise<HttpAnswer>;

function queryString(params: readonly (readonly [string, string])[]): string {
  // encodeURIComponent (spaces as %20), as Intuit's SDKs send the query statement.
  return [['minorversion', MINOR_VERSION] as const, ...params]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

export function createHttp(options: QboClientOptions): HttpSend {
  const base = (options.baseUrl ?? API_BASE[options.environment]).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const api: KyInstance = ky.create({
    prefixUrl: `${base}/v3/company/${options.realmId}`,
    timeout: timeoutMs,
    retry: 0,
    throwHttpErrors: false,
    // A redirect is never followed: it could carry the Authorization header to another host. The
    // service does not redirect API calls, so one is a network error (no answer), not a new request.
    redirect: 'error',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return async (request) => {
    let token: string | undefined;
    try {
      token = await options.getToken();
    } catch {
      token = undefined; // a failing token store is "no token", not a crash
    }
    if (!token) return { kind: 'noToken' };
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.text !== undefined) {
      headers['Content-Type'] = 'application/text';
      body = request.text;
    }
    // ky's timeout covers the wait for headers; this signal also bounds reading the body.
    const signal = AbortSignal.timeout(timeoutMs + 1_000);
    let response: Response;
    try {
      response = await api(request.path, {
        method: request.method,
        searchParams: queryString(request.params ?? []),
        headers,
        body,
        signal,
      });
    } catch (error) {
      return { kind: 'noAnswer', reason: describeError(error) };
    }
    let text = '';
    try {
      text = await response.text();
    } catch {
      text = ''; // the status arrived; the body is only evidence
    }
    return { kind: 'answer', status: response.status, headers: response.headers, body: text };
  };
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `no answer: ${error.name}: ${error.message}`.slice(0, 200);
  return 'no answer';
}
