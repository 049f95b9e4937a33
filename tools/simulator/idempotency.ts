/**
 * `requestid` (service-facts "Idempotent writes"): every write (create, void, delete, batch) accepts
 * `?requestid=`, unique per company. The first call's answer (status and body, faults included) is
 * kept under it; a repeat with the same requestid gets that answer again and applies nothing, even
 * when its body or path differ. The answer is kept as the handler made it, BEFORE an injected
 * `*-after` fault (R5) replaces it with a 500 or a dropped connection: the client that retries after
 * the ambiguous failure gets the original success. A `*-before` fault, a 401/403 or a 429 never
 * reaches the handler, so nothing is kept and a retry applies the call.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv, SimState } from './state';

export function idempotent(state: SimState): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const requestId = c.req.query('requestid');
    const company = state.store.findCompany(c.req.param('realmId') ?? '');
    if (!requestId || !company) return next();
    const kept = company.requests.get(requestId);
    if (kept) {
      c.set('replayed', true);
      return c.body(kept.body, kept.status as 200, { 'Content-Type': kept.contentType });
    }
    await next();
    const res = c.res;
    company.requests.set(requestId, {
      status: res.status,
      body: await res.clone().text(),
      contentType: res.headers.get('Content-Type') ?? 'application/json',
    });
  };
}
