/**
 * The one place where HTTP statuses and fault bodies become outcomes (./outcomes.ts).
 * The status is read FIRST; the body is optional evidence and never makes a conversion throw:
 * a 429 with a garbage body is still rateLimited.
 */
import {
  faultsFromBody,
  isAllowanceFault,
  isPeriodClosedMessage,
  isSystemFault,
  isThrottleFault,
  primaryFault,
} from './fault';
import type { CallFailure, CallMeta, DeleteItemResult, FaultInfo } from './outcomes';
import { parseRetryAfter } from './retry-after';

export function callMeta(status: number, headers?: Headers): CallMeta {
  const tid = headers?.get('intuit_tid') ?? undefined;
  return tid ? { status, intuitTid: tid } : { status };
}

/**
 * Every answer other than a readable 200:
 * a 429 or 403 whose fault names the app's monthly allowance of reads → allowanceUsedUp (no retry
 * helps until the next cycle: ./fault.ts isAllowanceFault); 429, or a ThrottleExceeded 3001 body with any status below 500 (older captures send it with 403)
 * → rateLimited (Retry-After, 60 s without one); 401 → unauthorized; 403 → forbidden; 4xx with a
 * fault → refusedWhole (1040, 2170, 4000 …); 5xx, or a status/body we cannot explain → ambiguous
 * (R5). A 5xx stays ambiguous whatever its body says: only a re-read proves what it did.
 */
export function toCallFailure(status: number, headers: Headers, body: string, now: number = Date.now()): CallFailure {
  const meta = callMeta(status, headers);
  const faults = faultsFromBody(body);
  const fault = primaryFault(faults);
  const allowance = status === 429 || status === 403 ? faults.find(isAllowanceFault) : undefined;
  if (allowance) return { kind: 'allowanceUsedUp', fault: allowance, meta };
  if (status === 429 || (status < 500 && faults.some(isThrottleFault)))
    return { kind: 'rateLimited', retryAfterMs: parseRetryAfter(headers, now), meta };
  if (status === 401) return fault ? { kind: 'unauthorized', fault, meta } : { kind: 'unauthorized', meta };
  if (status === 403) return fault ? { kind: 'forbidden', fault, meta } : { kind: 'forbidden', meta };
  // A server error with a 4xx is still a server error: nothing proves the call was not applied.
  if (fault && isSystemFault(fault))
    return { kind: 'ambiguous', reason: `HTTP ${status} system fault ${fault.code}`, meta };
  if (status >= 400 && status < 500 && fault) return { kind: 'refusedWhole', fault, meta };
  if (status >= 500) return { kind: 'ambiguous', reason: `HTTP ${status}${fault ? ` fault ${fault.code}` : ''}`, meta };
  // A 4xx without a readable fault, a 3xx, a 2xx other than 200: nothing proves the call was not
  // applied, so a delete must be verified by reading, never retried blindly.
  return { kind: 'ambiguous', reason: `HTTP ${status} without a readable fault`, meta };
}

/** No HTTP answer at all: dropped connection, DNS, timeout (R5: a delete may have been applied). */
export function noAnswerFailure(reason: string): CallFailure {
  return { kind: 'ambiguous', reason, meta: { status: 0 } };
}

/**
 * How one record's delete ended, from its fault:
 * 610 → alreadyGone (also its batch wording "Something you're trying to use has been made
 * inactive"); R3: 6200 / 6210 / 5010 "Account Period Closed" → closedPeriod; any other 5010 "Stale
 * Object Error" → stale (Intuit's reference: an older SyncToken is refused; the record changed since
 * it was read); 6540 → deposited; a SystemFault (10000) → ambiguous, verified by re-reading (R5);
 * anything else → refused.
 */
export function toDeleteItemResult(fault: FaultInfo): DeleteItemResult {
  if (fault.code === '610') return { kind: 'alreadyGone', fault };
  if (fault.code === '6200' || fault.code === '6210') return { kind: 'closedPeriod', fault };
  if (fault.code === '5010')
    return isPeriodClosedMessage(fault) ? { kind: 'closedPeriod', fault } : { kind: 'stale', fault };
  if (fault.code === '6540') return { kind: 'deposited', fault };
  if (isSystemFault(fault)) return { kind: 'ambiguous', fault };
  return { kind: 'refused', fault };
}

/** A short, single-line excerpt of a body for failure reasons (never the whole body). */
export function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat || '(empty body)';
}
