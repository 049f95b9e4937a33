/**
 * `requestid` (service-facts "Idempotent writes"): every write (create, void, delete, batch) accepts
 * `?requestid=`, unique per company. How a repeat is answered is `SimulatorOptions.requestid`:
 *
 * - 'honoured' (default): the first call's answer (status and body, faults included) is kept under
 *   it; a repeat with the same requestid gets that answer again and applies nothing, even when its
 *   body or path differ. The answer is kept as the handler made it, BEFORE an injected `*-after`
 *   fault (R5) replaces it with a 500 or a dropped connection: the client that retries after the
 *   ambiguous failure gets the original success. A `*-before` fault, a 401/403 or a 429 never
 *   reaches the handler, so nothing is kept and a retry applies the call.
 * - 'ignored': a repeat is applied again like a new call (a create makes a second record), as public
 *   reports of duplicates created despite a repeated requestid describe.
 * - 'fault6000': a repeat of a requestid the company has seen answers HTTP 400 ValidationFault 6000
 *   and applies nothing (the fault public reports show on a re-sent batch), never the original answer.
 *
 * In every mode the id is remembered only once a call reached the handler.
 */
import type { MiddlewareHandler } from 'hono';
import { validationFault } from './faults';
import { sendFault } from './pipeline';
import type { ApiEnv, SimState } from './state';

/** The 6000 a repeat gets in 'fault6000' mode; the Detail's words are this simulator's own. */
export function requestAlreadyProcessed(requestId: string) {
  return validationFault({
    Message: 'A business validation error has occurred while processing your request',
    Detail: `Business Validation Error: A request with requestid ${requestId} was already processed.`,
    code: '6000',
  });
}

export function idempotent(state: SimState): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const requestId = c.req.query('requestid');
    const company = state.store.findCompany(c.req.param('realmId') ?? '');
    if (!requestId || !company) return next();
    const kept = company.requests.get(requestId);
    const mode = state.config.requestid;
    if (kept && mode === 'fault6000') return sendFault(c, state, requestAlreadyProcessed(requestId));
    if (kept && mode === 'honoured') {
      c.set('replayed', true);
      return c.body(kept.body, kept.status as 200, { 'Content-Type': kept.contentType });
    }
    await next(); // the first call, or a repeat in 'ignored' mode: applied
    if (kept) return; // the first answer stays the one kept
    const res = c.res;
    company.requests.set(requestId, {
      status: res.status,
      body: await res.clone().text(),
      contentType: res.headers.get('Content-Type') ?? 'application/json',
    });
  };
}
