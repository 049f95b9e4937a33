/**
 * The service's published per-company limits on every call (service-facts "Limits published by the
 * service owner"): 10 requests per second per company and app, 10 concurrent, 500 per minute for
 * calls other than batch (batch has its own 40 a minute: ./throttle.ts), and requests over 120 s
 * time out. Enforced in real mode by default and selectable in either (SimulatorOptions.requestLimits);
 * the in-flight count is kept whatever the setting, so the request log shows every run's peak.
 *
 * Decisions where the sources are silent:
 * - Every window is `ms / timeScale` of the injected clock, like ./throttle.ts; a call counts at its
 *   arrival. A refused call applies nothing and takes no place in any window nor in flight (as
 *   ./throttle.ts): the real 429 (XML ThrottleExceeded 3001) with no Retry-After in real mode.
 * - The order of the checks: concurrent, then per second, then per minute; the first one reached names
 *   the refusal (RequestLogEntry.limit).
 * - A cut (over 120 s): the handler's work stays done (nothing says it is rolled back) and the client
 *   gets the gateway's 504 (./pipeline.ts): an ambiguous answer, as a 5xx is (R5).
 */
import type { FidelityMode } from './api';
import { type RawResponse, throttleFault } from './faults';
import { retryAfterSeconds } from './throttle';

export type RequestLimit = 'concurrent' | 'perSecond' | 'perMinute';

export interface RequestLimitValues {
  /** Calls at once per company (arrived, not yet answered). Default 10. */
  concurrent: number;
  /** Calls arrived in any second per company. Default 10. */
  perSecond: number;
  /** Non-batch calls arrived in any minute per company. Default 500. */
  perMinute: number;
  /** A call answered later than this after its arrival is cut. Default 120_000 (before timeScale). */
  cutAfterMs: number;
}

export const PUBLISHED_LIMITS: RequestLimitValues = {
  concurrent: 10,
  perSecond: 10,
  perMinute: 500,
  cutAfterMs: 120_000,
};

export interface RequestLimitsConfig {
  now: () => number;
  timeScale: () => number;
  /** Refuse over-limit calls (true) or only count them (false). */
  enforced: () => boolean;
  limits?: Partial<RequestLimitValues>;
}

/** An admitted call: hand it back to `finish` once its answer is ready. */
export interface Ticket {
  realmId: string;
  arrivedAt: number;
  /** The company's calls in flight at its arrival, itself included. */
  inFlight: number;
}

export type Admission = { kind: 'admitted'; ticket: Ticket } | { kind: 'refused'; limit: RequestLimit };

interface Company {
  inFlight: number;
  arrivals: number[];
  /** Arrivals of non-batch calls (the 500 a minute). */
  minuteArrivals: number[];
}

export function createRequestLimits(config: RequestLimitsConfig) {
  const values = { ...PUBLISHED_LIMITS, ...config.limits };
  const companies = new Map<string, Company>();
  const companyOf = (realmId: string): Company => {
    let company = companies.get(realmId);
    if (!company) {
      company = { inFlight: 0, arrivals: [], minuteArrivals: [] };
      companies.set(realmId, company);
    }
    return company;
  };
  const scaled = (ms: number) => ms / config.timeScale();

  return {
    /** Admits a call arriving now (counting it), or refuses it when enforced and a limit is reached. */
    admit(realmId: string, options: { batch: boolean }): Admission {
      const now = config.now();
      const company = companyOf(realmId);
      company.arrivals = company.arrivals.filter((t) => t > now - scaled(1_000));
      company.minuteArrivals = company.minuteArrivals.filter((t) => t > now - scaled(60_000));
      if (config.enforced()) {
        if (company.inFlight >= values.concurrent) return { kind: 'refused', limit: 'concurrent' };
        if (company.arrivals.length >= values.perSecond) return { kind: 'refused', limit: 'perSecond' };
        if (!options.batch && company.minuteArrivals.length >= values.perMinute) {
          return { kind: 'refused', limit: 'perMinute' };
        }
      }
      company.arrivals.push(now);
      if (!options.batch) company.minuteArrivals.push(now);
      company.inFlight += 1;
      return { kind: 'admitted', ticket: { realmId, arrivedAt: now, inFlight: company.inFlight } };
    },
    /** The call's answer is ready: it leaves the in-flight count; 'cut' when it came too late. */
    finish(ticket: Ticket): 'answered' | 'cut' {
      const company = companyOf(ticket.realmId);
      company.inFlight = Math.max(0, company.inFlight - 1);
      const late = config.now() - ticket.arrivedAt > scaled(values.cutAfterMs);
      return late && config.enforced() ? 'cut' : 'answered';
    },
    /** Empties the windows (of one company, or all); calls in flight stay counted until they finish. */
    reset(realmId?: string): void {
      for (const [id, company] of companies) {
        if (realmId !== undefined && id !== realmId) continue;
        company.arrivals = [];
        company.minuteArrivals = [];
      }
    },
  };
}

export type RequestLimits = ReturnType<typeof createRequestLimits>;

/**
 * The 429 of a published limit: the mode's ThrottleExceeded 3001 body. Real mode sends no Retry-After
 * (no public source shows one: service-facts); document mode, whose throttle always names one, sends
 * the limit's scaled window in whole seconds, at least 1 (./throttle.ts retryAfterSeconds).
 */
export function limitRefusal(mode: FidelityMode, limit: RequestLimit, now: number, timeScale: number): RawResponse {
  const raw = throttleFault(mode, now);
  if (mode === 'real') return raw;
  const windowMs = (limit === 'perMinute' ? 60_000 : 1_000) / timeScale;
  return { ...raw, headers: { 'Retry-After': String(retryAfterSeconds(windowMs)) } };
}

/**
 * A call answered after 120 s: the gateway's 504, an HTML page and no Intuit fault. A guess:
 * service-facts says only "Requests over 120 s time out"; a timed-out gateway answers 504 Gateway
 * Timeout, which a client must read as "maybe applied" like any 5xx (R5).
 */
export function cutAnswer(): RawResponse {
  return {
    status: 504,
    body: '<html><head><title>504 Gateway Time-out</title></head><body><h1>504 Gateway Time-out</h1></body></html>',
    contentType: 'text/html',
  };
}
