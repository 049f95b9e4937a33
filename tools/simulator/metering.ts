/**
 * Metered reads (service-facts "Limits published by the service owner"): since Intuit's 2025 App
 * Partner Program, read, query, report and CDC calls ("CorePlus") count against the app's monthly
 * allowance, 500,000 a month on the free tier, shared by every user of the app; writes ("Core":
 * create, update, delete, void, batch writes) do not, and only successful calls count. A batch call
 * counts each Query it carries. This fake has no CDC endpoint; its reads are query, report, the single
 * reads, preferences and companyinfo.
 *
 * Counted per company and calendar month (UTC, from the simulator's clock). The allowance is the
 * app's, so "used up" is decided on the month's sum over every company. What the service answers
 * then is not published ("429 or blocked until the next cycle"): the answer below is a GUESS, said so
 * in the README: HTTP 429 with a fault whose message names the monthly limit.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Endpoint, FidelityMode } from './api';
import { intuitTime } from './clock';
import type { RawResponse } from './faults';

export const FREE_MONTHLY_READS = 500_000;

const METERED: ReadonlySet<string> = new Set<Endpoint>(['query', 'report', 'read', 'preferences', 'companyinfo']);

/** The answered call as the request log has it. */
export interface MeteredCall {
  realmId: string;
  endpoint: Endpoint | 'other';
  status: number;
  body?: string;
  at: number;
}

/** `YYYY-MM` (UTC) of an epoch ms: the allowance's cycle. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** Query items of a batch body (a body that is not a batch carries none). */
export function batchQueries(body: string | undefined): number {
  if (!body) return 0;
  try {
    const parsed = z
      .object({ BatchItemRequest: z.array(z.looseObject({ Query: z.unknown().optional() })) })
      .safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.BatchItemRequest.filter((i) => typeof i.Query === 'string').length : 0;
  } catch {
    return 0;
  }
}

/** The metered reads one call counts: 1 for a successful read, a batch's queries, 0 for the rest. */
export function meteredReads(call: Pick<MeteredCall, 'endpoint' | 'status' | 'body'>): number {
  if (call.status !== 200) return 0;
  if (call.endpoint === 'batch') return batchQueries(call.body);
  return METERED.has(call.endpoint) ? 1 : 0;
}

/** Whether a call would be metered if it succeeded (so it is refused once the allowance is used up). */
export function wouldBeMetered(endpoint: Endpoint, body: string | undefined): boolean {
  return endpoint === 'batch' ? batchQueries(body) > 0 : METERED.has(endpoint);
}

export interface AllowanceSetting {
  /** Reads a month for the whole app; null: no limit. Default FREE_MONTHLY_READS. */
  limit?: number | null;
  /** Force the used-up state whatever the count (false: back to counting). */
  usedUp?: boolean;
}

export interface Metering {
  /** Counts one answered call; returns the reads it counted. */
  count(call: MeteredCall): number;
  /** The app's allowance of the month of `at` is used up: reads are refused. */
  usedUp(at: number): boolean;
  setAllowance(setting: AllowanceSetting): void;
  /** Reads counted for one company (or every company) in `month` (`YYYY-MM`). */
  reads(month: string, realmId?: string): number;
  /** Every company's count per month. */
  usage(): { realmId: string; month: string; reads: number }[];
}

export function createMetering(): Metering {
  const counts = new Map<string, Map<string, number>>(); // month → realmId → reads
  let limit: number | null = FREE_MONTHLY_READS;
  let forced = false;
  const reads = (month: string, realmId?: string) => {
    const byRealm = counts.get(month);
    if (!byRealm) return 0;
    if (realmId !== undefined) return byRealm.get(realmId) ?? 0;
    return [...byRealm.values()].reduce((a, b) => a + b, 0);
  };
  return {
    count(call) {
      const n = meteredReads(call);
      if (n === 0) return 0;
      const month = monthOf(call.at);
      const byRealm = counts.get(month) ?? new Map<string, number>();
      byRealm.set(call.realmId, (byRealm.get(call.realmId) ?? 0) + n);
      counts.set(month, byRealm);
      return n;
    },
    usedUp: (at) => forced || (limit !== null && reads(monthOf(at)) >= limit),
    setAllowance(setting) {
      if (setting.limit !== undefined) limit = setting.limit;
      if (setting.usedUp !== undefined) forced = setting.usedUp;
    },
    reads,
    usage: () =>
      [...counts].flatMap(([month, byRealm]) => [...byRealm].map(([realmId, n]) => ({ realmId, month, reads: n }))),
  };
}

const MESSAGE = 'message=MonthlyLimitExceeded; errorCode=003010; statusCode=429';
const DETAIL =
  "The app's monthly limit of CorePlus (read) API calls has been reached. Reads resume at the start of the next monthly cycle.";

/** The used-up answer (a guess, see the header): the throttle's envelope, a fault naming the monthly limit. */
export function allowanceFault(mode: FidelityMode, now: number): RawResponse {
  if (mode === 'document') {
    const body = { Fault: { Error: [{ Message: MESSAGE, Detail: DETAIL, code: '3010' }], type: 'SERVICE' } };
    return { status: 429, body: JSON.stringify({ ...body, time: intuitTime(now) }), contentType: 'application/json' };
  }
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<IntuitResponse xmlns="http://schema.intuit.com/finance/v3" time="${intuitTime(now)}">` +
    `<Fault type="SERVICE"><Error code="3010"><Message>${MESSAGE}</Message><Detail>${DETAIL}</Detail></Error></Fault></IntuitResponse>`;
  return { status: 429, body: xml, contentType: 'application/xml' };
}

/**
 * The control routes: POST /allowance {limit?: number|null, usedUp?: boolean} and
 * GET /metering?month=YYYY-MM (default: the current one) → {month, usedUp, total, companies: {realmId: reads}}.
 */
export function mountMeteringRoutes(app: Hono, metering: Metering, now: () => number): void {
  const Setting = z.object({
    limit: z.number().int().nonnegative().nullable().optional(),
    usedUp: z.boolean().optional(),
  });
  app.post('/allowance', async (c) => {
    const text = await c.req.text();
    const parsed = Setting.safeParse(text ? JSON.parse(text) : {});
    if (!parsed.success) return c.json({ error: parsed.error.message }, 400);
    metering.setAllowance(parsed.data);
    return c.json({ ok: true, usedUp: metering.usedUp(now()) });
  });
  app.get('/metering', (c) => {
    const month = c.req.query('month') ?? monthOf(now());
    const companies = Object.fromEntries(
      metering
        .usage()
        .filter((u) => u.month === month)
        .map((u) => [u.realmId, u.reads]),
    );
    return c.json({ month, usedUp: metering.usedUp(now()), total: metering.reads(month), companies });
  });
}
