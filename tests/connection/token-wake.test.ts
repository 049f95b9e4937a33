/**
 * A job left waiting for a token while the sign-in service could not be reached (issue 18
 * follow-up): the whole background, signed in, the broker unreachable when the access token runs
 * out mid-way. Both refresh tries get no answer, so the job waits in tokenNeeded; the background
 * wakes itself at the end of the provider's backoff (its own one-shot alarm) and the job finishes
 * with the popup closed. Any other refresh that works resumes the job too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { REFRESH_RETRY_MS } from '../../lib/connection/token-provider';
import { tokenWakeAlarm } from '../../lib/connection/token-wake';
import { DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import type { Simulator } from '../../tools/simulator/api';
import { type SignedInBackground, signedInBackground } from './signed-in-background';

const MINUTE = 60_000;
let sim: Simulator | undefined;
afterEach(async () => sim?.close());

/** Lets pending work (storage, loopback HTTP) run until `done` holds: event-loop turns, no clock. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 20_000; i++) {
    if (await done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('never happened');
}

/**
 * Signed in at t0 (the access token lives to t0 + 60 min), the records checked at t0 + 50 min, then
 * the broker unreachable and the job started at t0 + 61 min: its token is dead and cannot be renewed.
 */
async function jobWaitingForToken() {
  const h = await signedInBackground({ count: 3, entities: { Invoice: 1 } });
  sim = h.sim;
  await h.connectNow();
  h.clock.advance(50 * MINUTE);
  await h.selectAllAndCheck();
  h.clock.advance(11 * MINUTE);
  h.broker.faults.down = true;
  const view = await h.background.core.state();
  const started = await h.send({
    type: 'job/start',
    includeReconciled: false,
    includeLinked: false,
    operation: 'delete',
    scope: view.scope,
  });
  const jobId = started.job?.id ?? '';
  const runner = h.background.core.runner;
  const wake = tokenWakeAlarm(h.scope);
  await until(async () => (await fakeBrowser.alarms.get(wake)) !== undefined);
  expect((await runner.getJob(jobId))?.status).toBe('tokenNeeded');
  return { h, jobId, runner, wake };
}

/** Refresh calls the background tried (the double counts those that never got through too). */
const refreshes = (h: SignedInBackground) => h.broker.calls.filter((p) => p === '/oauth/refresh').length;

/** Fires the alarm `name` at its time, as the browser would, and lets the background finish. */
async function fire(h: SignedInBackground, name: string) {
  const alarm = await fakeBrowser.alarms.get(name);
  if (!alarm) throw new Error(`no alarm ${name}`);
  h.clock.set(Math.max(h.clock.now(), alarm.scheduledTime));
  await fakeBrowser.alarms.onAlarm.trigger(alarm);
  await h.background.core.runner.whenIdle();
}

describe('a job waiting for a token after the sign-in service was unreachable', () => {
  it('wakes at the end of each backoff with no message from the popup: unreachable twice, then the job finishes', async () => {
    const { h, jobId, runner, wake } = await jobWaitingForToken();
    const t1 = h.clock.now();
    expect((await fakeBrowser.alarms.get(wake))?.scheduledTime).toBe(t1 + REFRESH_RETRY_MS);
    expect(refreshes(h)).toBe(2); // both tries of one episode, no answer

    await fire(h, wake); // still unreachable: two tries, then the next wake at twice the wait
    expect(refreshes(h)).toBe(4);
    expect((await runner.getJob(jobId))?.status).toBe('tokenNeeded');
    const t2 = h.clock.now();
    expect((await fakeBrowser.alarms.get(wake))?.scheduledTime).toBe(t2 + 2 * REFRESH_RETRY_MS);

    h.broker.faults.down = false;
    await fire(h, wake);
    for (let i = 0; i < 10 && (await runner.getJob(jobId))?.status !== 'done'; i++) await fire(h, DEFAULT_ALARM_NAME);
    const job = await runner.getJob(jobId);
    expect(job).toMatchObject({ status: 'done', counts: expect.objectContaining({ deleted: 3 }) });
    expect(refreshes(h)).toBe(5); // one refresh once it could be reached, never a loop
  });

  it('resumes as soon as any other refresh works (here "Check again" after the backoff), before the wake fires', async () => {
    const { h, jobId, runner, wake } = await jobWaitingForToken();
    h.broker.faults.down = false;
    h.clock.advance(REFRESH_RETRY_MS);
    await h.send({ type: 'preflight/run', scope: h.scope }); // its reads ask for a token: the refresh works
    await until(async () => (await runner.getJob(jobId))?.status !== 'tokenNeeded');
    await runner.whenIdle();
    for (let i = 0; i < 10 && (await runner.getJob(jobId))?.status !== 'done'; i++) await fire(h, DEFAULT_ALARM_NAME);
    expect((await runner.getJob(jobId))?.status).toBe('done');
    const calls = refreshes(h);

    await fire(h, wake); // the wake finds no job waiting: it asks nothing
    expect(refreshes(h)).toBe(calls);
  });

  it('an alarm that only looks like a wake (a malformed company) asks nothing', async () => {
    const { h } = await jobWaitingForToken();
    h.broker.faults.down = false;
    h.clock.advance(REFRESH_RETRY_MS);
    const calls = refreshes(h);
    await h.background.onAlarm({ name: 'safe-delete:token-wake:production.not-a-realm' });
    await h.background.onAlarm({ name: `safe-delete:token-wake:staging.${h.scope.realmId}` });
    expect(refreshes(h)).toBe(calls);
  });
});
