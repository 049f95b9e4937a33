import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('runner smoke', () => {
  it('deletes 100 invoices in 4 batches', async () => {
    h = await createHarness({ count: 100, entities: { Invoice: 1 } });
    const runner = h.runner();
    const reviewed = await h.review(h.company.keys.all);
    const job = await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records: reviewed });
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.status).toBe('done');
    expect(end.counts.deleted).toBe(100);
    expect(h.batchCalls()).toBe(4);
    for (const key of h.company.keys.all) expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBe(1);
  });
});
