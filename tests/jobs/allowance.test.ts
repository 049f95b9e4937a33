/**
 * The app's monthly allowance of reads used up mid-job (issue 23 §4): the re-read before deleting
 * (R1) and the reconciled report (R2) cannot be made, so the job pauses — as data the popup words —
 * and deletes nothing more; it does not knock again every minute. Resumed once reads are allowed, it
 * finishes. A chunk left to verify (R5) keeps trying its read, never re-sends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { nextMonthStart } from '../../lib/jobs/allowance';
import { createHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.each(['document', 'real'] as const)('%s mode', (mode) => {
  it('pauses before the next chunk, nothing more deleted; resumes and finishes once reads are allowed', async () => {
    h = await createHarness({ count: 90, entities: { Invoice: 1 } }, { mode });
    const harness = h;
    let usedUp = false;
    const runner = harness.runner({
      hooks: {
        beforeStep: (step, at) => {
          if (step === 'between-chunks' && at.chunk === 1 && !usedUp) {
            usedUp = true;
            harness.sim.setAllowance({ usedUp: true });
          }
        },
      },
    });
    const records = await harness.review(harness.company.keys.all);
    const job = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records });
    await runner.start(job.id);
    const { job: paused } = await harness.settle(runner, job.id);
    expect(paused.status).toBe('paused');
    expect(paused.pausedFor).toEqual({ kind: 'allowanceUsedUp', resetsAt: nextMonthStart(harness.clock.now()) });
    expect(paused.counts.deleted).toBe(30);
    expect(harness.batchCalls()).toBe(1);
    expect(harness.sim.truth(harness.realmId).deletedKeys()).toHaveLength(30);
    // No alarm keeps knocking: the job waits for the person.
    const refusedReads = harness.sim.requestLog(harness.realmId).filter((e) => e.status === 429).length;
    expect(refusedReads).toBe(1);

    harness.sim.setAllowance({ usedUp: false });
    await runner.resume(job.id);
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.status).toBe('done');
    expect(end.pausedFor).toBeUndefined();
    expect(end.counts.deleted).toBe(90);
  });

  it('a batch left to verify when reads stop: paused, retried hourly, verified once reads come back', async () => {
    // A token that outlives the hour the verification waits.
    h = await createHarness({ count: 30, entities: { Invoice: 1 } }, { mode, tokenLifetimeMs: 6 * 3_600_000 });
    const harness = h;
    // The batch is applied but its answer is lost (R5); reads are used up right after.
    harness.sim.injectFault({ endpoint: 'batch', kind: 'error500-after', times: 1 });
    const runner = harness.runner({
      hooks: {
        beforeStep: (step) => {
          if (step === 'after-send-before-response') harness.sim.setAllowance({ usedUp: true });
        },
      },
    });
    const records = await harness.review(harness.company.keys.all);
    const job = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records });
    await runner.start(job.id);
    await runner.whenIdle();
    const paused = await runner.getJob(job.id);
    expect(paused?.status).toBe('paused');
    expect(paused?.pausedFor?.kind).toBe('allowanceUsedUp');
    expect(paused?.wait).toEqual({ kind: 'verifying', until: harness.clock.now() + 3_600_000 });
    expect(paused?.unverified).toBe(30);

    harness.sim.setAllowance({ usedUp: false });
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.unverified).toBe(0);
    expect(end.counts.deletedVerified).toBe(30);
    expect(harness.batchCalls()).toBe(1); // verified by reading, never re-sent
  });
});
