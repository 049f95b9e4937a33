/**
 * Worker death at every named step boundary: a hook throws WorkerKilled, the runner stops, a new
 * runner on the same storage wakes and finishes. Judge: the simulator's applied-delete counter
 * (no record deleted twice), every record with a final outcome (none unverified), and every
 * "deleted" outcome matching a record that is really gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STEP_NAMES, WorkerKilled } from '../../lib/jobs/hooks';
import type { JobRunner } from '../../lib/jobs/types';
import { createHarness, type Harness, killAt } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function assertSound(harness: Harness, runner: JobRunner, jobId: string) {
  const truth = harness.sim.truth(harness.realmId);
  const job = await runner.getJob(jobId);
  expect(job?.status).toBe('done');
  expect(job?.unverified).toBe(0);
  expect(job?.done).toBe(job?.total);
  for (const row of await runner.getRecords(jobId)) {
    expect(truth.appliedDeletes(row.key)).toBeLessThanOrEqual(1);
    expect(row.state.kind).toBe('final');
    if (row.state.kind !== 'final') continue;
    const gone = ['deleted', 'deletedVerified'].includes(row.state.outcome.kind);
    expect(truth.exists(row.key)).toBe(!gone);
  }
  // One audit line per record, never two.
  const audit = (await harness.audit.read()).entries;
  expect(new Set(audit.map((e) => `${e.entity}:${e.id}`)).size).toBe(audit.length);
  expect(audit.length).toBe(job?.total);
}

describe('restart from the journal', () => {
  for (const step of STEP_NAMES) {
    it(`killed at ${step} (chunk 1): resumes, nothing deleted twice, nothing unverified`, async () => {
      h = await createHarness({ count: 75, entities: { Invoice: 1 } });
      const records = await h.review(h.company.keys.all);
      const first = h.runner({ hooks: killAt(step, 1) });
      const job = await first.createJob({ realmId: h.realmId, environment: 'sandbox', records });
      // during-verification only happens when a chunk is ambiguous: make chunk 1's batch a 500-after.
      let injected = false;
      if (step === 'during-verification') {
        first.subscribe((e) => {
          if (e.job.cursor === 1 && !injected) {
            injected = true;
            h?.sim.injectFault({ endpoint: 'batch', kind: 'error500-after', times: 1 });
          }
        });
      }
      await first.start(job.id);
      await first.whenIdle();
      expect(first.isKilled()).toBe(true);
      const second = h.runner();
      await second.wake();
      await h.settle(second, job.id);
      await assertSound(h, second, job.id);
      expect(h.batchCalls()).toBeLessThanOrEqual(3);
    });
  }

  it('killed again and again (every 2nd checkpoint of each new worker), with an edit, a closed period and a 500-after', async () => {
    h = await createHarness({ count: 95, entities: { Invoice: 1 }, closedShare: 0.1 });
    const records = await h.review(h.company.keys.all);
    h.sim.editRecord(h.realmId, h.company.keys.all[40] ?? '');
    h.sim.injectFault({ endpoint: 'batch', kind: 'error500-after', times: 1 });
    let runner = h.runner({ hooks: killAt('after-attempt-journaled', 0) });
    const job = await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records });
    await runner.start(job.id);
    await runner.whenIdle();
    let lives = 1;
    for (let life = 0; life < 60; life++) {
      lives++;
      let seen = 0;
      runner = h.runner({
        hooks: {
          beforeStep: (name) => {
            if (++seen === 2) throw new WorkerKilled(name);
          },
        },
      });
      await runner.wake();
      await h.settle(runner, job.id, 3);
      if ((await runner.getJob(job.id))?.status === 'done') break;
    }
    const last = h.runner();
    await last.wake();
    await h.settle(last, job.id);
    await assertSound(h, last, job.id);
    expect(lives).toBeGreaterThan(5);
  });
});

describe('an unreadable journal', () => {
  it('pauses the job with an error and sends nothing (never guesses that nothing was in flight)', async () => {
    h = await createHarness({ count: 60, entities: { Invoice: 1 } });
    const records = await h.review(h.company.keys.all);
    const first = h.runner({ hooks: killAt('after-attempt-journaled', 1) });
    const job = await first.createJob({ realmId: h.realmId, environment: 'sandbox', records });
    await first.start(job.id);
    await first.whenIdle();
    await fakeBrowser.storage.local.set({ [`sd:job:${job.id}:chunk:1`]: { index: 1, inFlight: 'damaged' } });
    const second = h.runner();
    await second.wake();
    await second.whenIdle();
    const paused = await second.getJob(job.id);
    expect(paused?.status).toBe('paused');
    expect(paused?.stop).toEqual({ code: 'chunkUnreadable', chunk: 1, part: 'journal' });
    expect(h.batchCalls()).toBe(1);
  });
});
