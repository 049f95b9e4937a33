/**
 * What every /v3 call goes through, in the service's order: request log, bearer auth (401/403),
 * the published request limits (3001/429; a late answer cut: 504), the per-company throttle
 * (3001/429), then injected faults (R5) around the handler.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Endpoint } from './api';
import { intuitTime } from './clock';
import { authFault, type FaultObject, faultBody, type RawResponse, systemFaultBody, throttleFault } from './faults';
import { allowanceFault, wouldBeMetered } from './metering';
import { cutAnswer, limitRefusal } from './request-limits';
import type { ApiEnv, SimState } from './state';
import type { ThrottleKind } from './throttle';

export type ApiContext = Context<ApiEnv>;

export function sendRaw(c: ApiContext, raw: RawResponse): Response {
  return c.body(raw.body, raw.status as 200, { ...raw.headers, 'Content-Type': raw.contentType });
}

/** A JSON answer with the envelope's `time`. */
export function sendJson(c: ApiContext, state: SimState, status: number, body: Record<string, unknown>): Response {
  const raw = {
    status,
    body: JSON.stringify({ ...body, time: intuitTime(state.now()) }),
    contentType: 'application/json',
  };
  return sendRaw(c, raw);
}

export function sendFault(c: ApiContext, state: SimState, fault: FaultObject, status = 400): Response {
  return sendRaw(c, { status, body: JSON.stringify(faultBody(fault, state.now())), contentType: 'application/json' });
}

/** Destroys the client's connection: it sees a reset with no HTTP answer. */
function dropConnection(c: ApiContext): Response {
  c.set('dropped', true);
  c.env.incoming.socket.destroy();
  return c.body(null, 500);
}

/** Logs every /v3 call: endpoint, method, path, body, status, delete keys, injected fault, token's company. */
export function logCalls(state: SimState): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' ? undefined : await c.req.text();
    c.set('endpoint', 'other');
    await next();
    const tokenRealmId = state.store.tokenRealm(c.req.header('Authorization'));
    const entry = {
      at: state.now(),
      realmId: c.req.param('realmId') ?? '',
      endpoint: c.get('endpoint'),
      method: c.req.method,
      path: url.pathname + url.search,
      ...(body !== undefined && body !== '' ? { body } : {}),
      status: c.get('dropped') ? 0 : c.res.status,
      ...(c.get('deleteKeys') ? { deleteKeys: c.get('deleteKeys') } : {}),
      ...(c.get('fault') ? { fault: c.get('fault') } : {}),
      ...(tokenRealmId !== undefined ? { tokenRealmId } : {}),
      ...(c.get('replayed') ? { replayed: true } : {}),
      ...(c.get('arrivedAt') !== undefined ? { arrivedAt: c.get('arrivedAt'), inFlight: c.get('inFlight') } : {}),
      ...(c.get('limit') ? { limit: c.get('limit') } : {}),
    };
    state.log.push(entry);
    state.metering.count(entry);
  };
}

function authenticate(c: ApiContext, state: SimState, realmId: string): RawResponse | undefined {
  const { mode, tokenLifetimeMs } = state.config;
  const now = state.now();
  const header = c.req.header('Authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return authFault(mode, 401, 'Malformed bearer token: too short or too long', now);
  const status = state.store.tokenStatus(match[1], tokenLifetimeMs);
  if (status === 'unknown' || status === 'revoked') return authFault(mode, 401, 'Token invalid or revoked', now);
  if (status === 'expired') return authFault(mode, 401, 'Token expired', now);
  if (state.store.tokens.get(match[1])?.realmId !== realmId) {
    return authFault(mode, 403, `Application is not authorized to access company ${realmId}`, now);
  }
  return undefined;
}

/**
 * Which ceiling a call counts against: batch calls their own; queries and the company-info read the
 * other (the service's 500 a minute for non-batch calls). Preferences, reports and single reads are
 * not throttled here.
 */
function throttleKind(endpoint: Endpoint): ThrottleKind | undefined {
  if (endpoint === 'batch') return 'batch';
  if (endpoint === 'query' || endpoint === 'companyinfo') return 'query';
  return undefined;
}

/** Auth, throttle and fault injection for one endpoint; the handler runs inside. */
export function guard(state: SimState, endpoint: Endpoint): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('endpoint', endpoint);
    const realmId = c.req.param('realmId') ?? '';
    const refused = authenticate(c, state, realmId);
    if (refused) return sendRaw(c, refused);
    // The app's monthly allowance of reads is used up: reads are refused, writes still go (./metering.ts).
    if (state.metering.usedUp(state.now()) && wouldBeMetered(endpoint, await c.req.text()))
      return sendRaw(c, allowanceFault(state.config.mode, state.now()));
    // 10 at once, 10 a second, 500 a minute per company (./request-limits.ts); counted in every mode.
    const admission = state.requestLimits.admit(realmId, { batch: endpoint === 'batch' });
    if (admission.kind === 'refused') {
      c.set('limit', admission.limit);
      return sendRaw(c, limitRefusal(state.config.mode, admission.limit, state.now(), state.config.timeScale));
    }
    c.set('arrivedAt', admission.ticket.arrivedAt);
    c.set('inFlight', admission.ticket.inFlight);
    let answer: Response | undefined;
    try {
      answer = await throttledAndFaulted(c, state, endpoint, realmId, next);
    } finally {
      // An answer later than 120 s: the handler's work stays done, the client gets the gateway's 504.
      if (state.requestLimits.finish(admission.ticket) === 'cut' && !c.get('dropped')) {
        c.set('limit', 'cut');
        answer = sendRaw(c, cutAnswer());
        c.res = answer;
      }
    }
    return answer;
  };
}

/** The throttle's ceilings, then injected faults (R5) around the handler; a Response when answered early. */
async function throttledAndFaulted(
  c: ApiContext,
  state: SimState,
  endpoint: Endpoint,
  realmId: string,
  next: () => Promise<void>,
): Promise<Response | undefined> {
  const ceiling = throttleKind(endpoint);
  if (ceiling && !state.throttle.tryAcquire(ceiling, realmId)) {
    // 3001: a refused call applies nothing and does not take a place in the window.
    const raw = throttleFault(state.config.mode, state.now());
    return sendRaw(c, { ...raw, headers: state.throttle.retryAfterHeaders() });
  }
  const rule = state.faults.take(endpoint, realmId);
  const fault = rule?.kind;
  if (fault) c.set('fault', fault);
  // A held call waits for the test's releaseHeld() (or clearFaults()), then goes on like any other.
  if (fault === 'hold-before') await state.faults.hold();
  // A slow call is applied when its time is up, even when nobody waits for its answer any more.
  if (fault === 'slow-before') await new Promise((resolve) => setTimeout(resolve, rule?.delayMs ?? 400));
  // R5: "before" faults answer without applying anything.
  if (fault === 'drop-before') return dropConnection(c);
  if (fault === 'error500-before' || fault === 'error503-before') {
    const status = fault === 'error503-before' ? 503 : 500;
    return sendJson(c, state, status, systemFaultBody(status, state.now()));
  }
  await next();
  // R5: "after" faults: the call has been applied; the client sees a 500 or a dropped connection.
  if (fault === 'drop-after') c.res = dropConnection(c);
  if (fault === 'error500-after') c.res = sendJson(c, state, 500, systemFaultBody(500, state.now()));
  return undefined;
}
