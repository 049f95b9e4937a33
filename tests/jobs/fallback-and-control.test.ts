/**
 * 1040 (a whole-call refusal): the chunk goes one record at a time through the entity endpoint.
 * Our chunks never exceed 30 (and the client refuses more), so the test's transport doubles the
 * first batch's items on the wire (60): the REAL simulator refuses it whole with 1040, applies nothing.
 * Then pause / resume / cancel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRunnerOptions } from '../../lib/jobs/types';
import { createQboClient } from '../../lib/qbo/client';
import { createHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The real client, with a transport that doubles the first batch's items on the wire (60 > 30). */
function oversizedOnce(harness: Harness): JobRunnerOptions['clientFor'] {
  let first = true;
  const transport: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!first || !new URL(request.url).pathname.endsWith('/batch')) return fetch(request);
    first = false;
    const body = JSON.parse(await request.text()) as { BatchItemRequest: { bId: string }[] };
    const list = body.BatchItemRequest;
    body.BatchItemRequest = [...list, ...list.map((item) => ({ ...item, bId: `dup${item.bId}` }))];
    return fetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) });
  };
  return (realmId, environment) =>
    createQboClient({
      realmId,
      environment,
      baseUrl: harness.sim.url,
      getToken: () => harness.company.token,
      now: harness.clock.now,
      fetch: transport,
    });
}

describe('1040: whole batch refused', () => {
  it('retries the chunk one record at a time and finds the offender', async () => {
    h = await createHarness({ count: 30, entities: { Invoice: 1 }, closedShare: 0.1 });
    const runner = h.runner({ clientFor: oversizedOnce(h) });
    const records = await h.review(h.company.keys.all);
    const job = await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records });
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    const log = h.sim.requestLog(h.realmId);
    const batch = log.filter((e) => e.endpoint === 'batch');
    expect(batch).toHaveLength(1);
    expect(batch[0]?.status).toBe(400);
    expect(log.filter((e) => e.endpoint === 'delete')).toHaveLength(30);
    const closed = h.company.keys.closed;
    expect(closed.length).toBeGreaterThan(0);
    expect(end.counts.closedPeriod).toBe(closed.length);
    expect(end.counts.deleted).toBe(30 - closed.length);
    for (const key of h.company.keys.all) {
      expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBe(closed.includes(key) ? 0 : 1);
    }
  });
});

describe('pause, resume, cancel', () => {
  it('pause stops before the next chunk; resume finishes', async () => {
    h = await createHarness({ count: 90, entities: { Invoice: 1 } });
    let jobId = '';
    const runner = h.runner({
      hooks: {
        beforeStep: async (step, at) => {
          if (step === 'after-attempt-journaled' && at.chunk === 0) await runner.pause(jobId);
        },
      },
    });
    const records = await h.review(h.company.keys.all);
    jobId = (await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records })).id;
    await runner.start(jobId);
    await runner.whenIdle();
    const paused = await runner.getJob(jobId);
    expect(paused?.status).toBe('paused');
    expect(paused?.done).toBe(30); // the in-flight chunk still got its outcomes
    expect(h.batchCalls()).toBe(1);
    await runner.resume(jobId);
    const { job: end } = await h.settle(runner, jobId);
    expect(end.status).toBe('done');
    expect(end.counts.deleted).toBe(90);
  });

  it('cancel records the in-flight chunk, sends nothing more, and leaves the rest untouched', async () => {
    h = await createHarness({ count: 90, entities: { Invoice: 1 } });
    let jobId = '';
    const runner = h.runner({
      hooks: {
        beforeStep: async (step, at) => {
          if (step === 'after-send-before-response' && at.chunk === 1) await runner.cancel(jobId);
        },
      },
    });
    const records = await h.review(h.company.keys.all);
    jobId = (await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records })).id;
    await runner.start(jobId);
    const { job: end } = await h.settle(runner, jobId);
    expect(end.status).toBe('cancelled');
    expect(end.counts.deleted).toBe(60);
    expect(end.finishedAt).toBeDefined();
    expect(h.batchCalls()).toBe(2);
    const rows = await runner.getRecords(jobId);
    expect(rows.filter((r) => r.state.kind === 'pending')).toHaveLength(30);
    expect(await runner.removeJob(jobId)).toBe(true);
    expect(await runner.getJob(jobId)).toBeUndefined();
    expect((await h.audit.read()).entries).toHaveLength(60); // the audit outlives the job
  });
});
