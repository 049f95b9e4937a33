/**
 * Issue 23 §3: the product stays under the service's published limits per company (10 requests a
 * second, 10 at once, 500 a minute) when a 50,000-Id preflight and a multi-chunk job run at the same
 * time on one company, against the simulator in real mode (limits enforced) with every client sharing
 * the app's one request pacer, as lib/background/app.ts wires it. Counted from the simulator's log:
 * no 429 of any kind, and the limits never reached by arrival time and calls in flight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRunnerOptions } from '../../lib/jobs/types';
import { runPreflight } from '../../lib/preflight/run-preflight';
import { createQboClient } from '../../lib/qbo/client';
import { createRequestPacer } from '../../lib/qbo/request-pacer';
import type { RequestLogEntry } from '../../tools/simulator/api';
import { createHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The most calls arrived in any window of `windowMs` ending at an arrival. */
function mostArrived(entries: readonly RequestLogEntry[], windowMs: number): number {
  const times = entries.map((e) => e.arrivedAt ?? e.at).sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[from]! <= times[to]! - windowMs) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

describe('the published request limits, real mode', () => {
  it('a 50,000-Id preflight beside a 4-chunk job: 0 × 429, never 10 a second, 10 at once or 500 a minute', async () => {
    h = await createHarness(
      { count: 50_000, seed: 5, reconciledShare: 0, closedShare: 0, depositedShare: 0 },
      {
        mode: 'real',
      },
    );
    const { sim, realmId, clock } = h;
    const jobKeys = h.company.keys.all.filter((k) => k.startsWith('Invoice:')).slice(0, 120);
    const reviewed = await h.review(jobKeys); // set-up reads, before the limits are on
    clock.advance(61_000);
    sim.setRequestLimits(true);
    const setUpCalls = sim.requestLog(realmId).length;

    const pacer = createRequestPacer({ clock });
    const clientFor: JobRunnerOptions['clientFor'] = (realm, environment) =>
      createQboClient({ realmId: realm, environment, baseUrl: sim.url, getToken: () => h?.company.token, pacer });
    const runner = h.runner({ clientFor });
    const job = await runner.createJob({ realmId, environment: 'sandbox', records: reviewed });

    const items = h.company.keys.all.map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt: clock.now() };
    });
    const [preflight] = await Promise.all([
      runPreflight({ client: clientFor(realmId, 'sandbox'), items, now: clock.now, realmId }),
      runner.start(job.id),
    ]);
    const { job: end } = await h.settle(runner, job.id);

    expect(preflight.kind).toBe('ok');
    expect(end.status).toBe('done');
    expect(end.counts.deleted).toBe(120);
    const calls = sim.requestLog(realmId).slice(setUpCalls);
    expect(calls.filter((e) => e.endpoint === 'batch')).toHaveLength(4);
    expect(calls.length).toBeGreaterThan(60); // the preflight's pages and reports, the job's reads
    expect(calls.filter((e) => e.status === 429 || e.limit !== undefined)).toEqual([]);
    expect(mostArrived(calls, 1_000)).toBeLessThanOrEqual(10);
    expect(
      mostArrived(
        calls.filter((e) => e.endpoint !== 'batch'),
        60_000,
      ),
    ).toBeLessThanOrEqual(500);
    expect(Math.max(...calls.map((e) => e.inFlight ?? 0))).toBeLessThanOrEqual(10);
  }, 120_000);
});
