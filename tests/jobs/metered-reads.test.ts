/**
 * Reads cost money (issue 23 §4): every query and report call is metered against the app's monthly
 * allowance. A chunk pays one re-read query per entity it holds (select first: count(*) only when a
 * record did not come back) and one report call, and R1 (re-read just before deleting) and R2
 * (reconciled check just before deleting) still hold. The simulator's metering is the judge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../lib/jobs/types';
import { createHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Runs a job over every seeded record; `between` runs after the review, before the job starts. */
async function runCounted(harness: Harness, between: () => void = () => {}) {
  const runner: JobRunner = harness.runner();
  const records = await harness.review(harness.company.keys.all);
  const job = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records });
  between();
  const logFrom = harness.sim.requestLog(harness.realmId).length;
  const readsFrom = harness.sim.meteredReads(harness.realmId);
  await runner.start(job.id);
  const { job: end } = await harness.settle(runner, job.id);
  const log = harness.sim.requestLog(harness.realmId).slice(logFrom);
  const outcomes = new Map(
    (await runner.getRecords(job.id)).map((r) => [r.key, r.state.kind === 'final' ? r.state.outcome.kind : '']),
  );
  return {
    end,
    outcomes,
    queries: log.filter((e) => e.endpoint === 'query'),
    reports: log.filter((e) => e.endpoint === 'report'),
    metered: harness.sim.meteredReads(harness.realmId) - readsFrom,
  };
}

describe.each(['document', 'real'] as const)('%s mode', (mode) => {
  it('a chunk of one entity costs one select and one report call; R1 and R2 still skip', async () => {
    h = await createHarness({ count: 90, entities: { Invoice: 1 } }, { mode });
    const harness = h;
    const [edited, , , reconciled] = harness.company.keys.all;
    if (!edited || !reconciled) throw new Error('too few records');
    const run = await runCounted(harness, () => {
      harness.sim.editRecord(harness.realmId, edited);
      harness.sim.setReconciled(harness.realmId, reconciled, true);
    });
    expect(run.end.status).toBe('done');
    expect(run.end.counts.deleted).toBe(88);
    expect(run.outcomes.get(edited)).toBe('skippedChanged'); // R1
    expect(run.outcomes.get(reconciled)).toBe('skippedReconciled'); // R2
    for (const key of [edited, reconciled]) expect(harness.sim.truth(harness.realmId).appliedDeletes(key)).toBe(0);
    // 3 chunks: 3 queries (no count(*): every record came back) + 3 reports = 6 metered reads.
    expect(run.queries).toHaveLength(3);
    expect(run.queries.every((q) => !decodeURIComponent(q.path + (q.body ?? '')).includes('count(*)'))).toBe(true);
    expect(run.reports).toHaveLength(3);
    expect(run.metered).toBe(6);
  });

  it('a record gone since the review costs its chunk a count(*), which proves it gone (R4)', async () => {
    // One year of dates: the chunk's report is one window.
    h = await createHarness(
      { count: 30, entities: { Invoice: 1 }, startDate: '2025-01-01', endDate: '2025-12-31' },
      { mode },
    );
    const harness = h;
    const gone = harness.company.keys.all[5];
    if (!gone) throw new Error('too few records');
    const run = await runCounted(harness, () => harness.sim.removeRecord(harness.realmId, gone));
    expect(run.outcomes.get(gone)).toBe('alreadyGone');
    expect(run.end.counts.deleted).toBe(29);
    expect(run.queries).toHaveLength(2);
    expect(run.reports).toHaveLength(1);
    expect(run.metered).toBe(3);
  });

  it('a chunk that straddles two entities holds the earliest of both: one query each, one report window', async () => {
    // 2 years of dates, about 90 records of each: a chunk of one entity spans about 8 months (one
    // report window); ordered Bill by date then Invoice by date, the straddling chunk would span the
    // latest Bill to the earliest Invoice (two windows).
    h = await createHarness({ count: 180, seed: 3, entities: { Bill: 1, Invoice: 1 } }, { mode });
    const run = await runCounted(h);
    expect(run.end.counts.deleted).toBe(180);
    expect(run.queries).toHaveLength(7);
    expect(run.reports).toHaveLength(6);
    expect(run.metered).toBe(13);
  });
});
