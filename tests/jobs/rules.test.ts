/**
 * R1, R2, R3 and R5 end to end: the real client against the real simulator; the simulator's
 * applied-delete counter is the judge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function runAll(harness: Harness, includeReconciled = false) {
  const runner = harness.runner();
  const records = await harness.review(harness.company.keys.all);
  const job = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records, includeReconciled });
  return { runner, job, records };
}

/** Both fidelity modes: the document's payloads, and the real service's (6210, XML 429, {} …). */
const harnessIn = (mode: 'document' | 'real', seed: Parameters<typeof createHarness>[0]) =>
  createHarness(seed, { mode });

const outcomeOf = async (runner: Awaited<ReturnType<typeof runAll>>['runner'], jobId: string) =>
  new Map(
    (await runner.getRecords(jobId)).map((r) => [
      r.key,
      r.state.kind === 'final' ? r.state.outcome.kind : r.state.kind,
    ]),
  );

describe.each(['document', 'real'] as const)('%s mode', (mode) => {
  describe('R1: a record edited after review', () => {
    it('is skipped as changed and never deleted; the rest are deleted', async () => {
      h = await harnessIn(mode, { count: 60, entities: { Invoice: 1 } });
      const { runner, job } = await runAll(h);
      const edited = h.company.keys.all.filter((_, i) => i % 7 === 3);
      for (const key of edited) h.sim.editRecord(h.realmId, key);
      await runner.start(job.id);
      const { job: end } = await h.settle(runner, job.id);
      const outcomes = await outcomeOf(runner, job.id);
      expect(end.counts.skippedChanged).toBe(edited.length);
      for (const key of edited) {
        expect(outcomes.get(key)).toBe('skippedChanged');
        expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBe(0);
        expect(h.sim.truth(h.realmId).exists(key)).toBe(true);
      }
      expect(end.counts.deleted).toBe(60 - edited.length);
    });
  });

  describe('R2: reconciled records', () => {
    it('are excluded by default, including one reconciled after the review (report check per chunk)', async () => {
      h = await harnessIn(mode, { count: 60, entities: { Invoice: 1 }, reconciledShare: 0.2 });
      const { runner, job } = await runAll(h);
      const late = h.company.keys.all.find((k) => !h?.company.keys.reconciled.includes(k));
      if (!late) throw new Error('no unreconciled record');
      h.sim.setReconciled(h.realmId, late, true);
      await runner.start(job.id);
      const { job: end } = await h.settle(runner, job.id);
      const outcomes = await outcomeOf(runner, job.id);
      for (const key of [...h.company.keys.reconciled, late]) {
        expect(outcomes.get(key)).toBe('skippedReconciled');
        expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBe(0);
      }
      expect(end.counts.skippedReconciled).toBe(h.company.keys.reconciled.length + 1);
      expect(end.counts.deleted).toBe(60 - h.company.keys.reconciled.length - 1);
    });

    it('are deleted with the opt-in', async () => {
      h = await harnessIn(mode, { count: 60, entities: { Invoice: 1 }, reconciledShare: 0.2 });
      const { runner, job } = await runAll(h, true);
      await runner.start(job.id);
      const { job: end } = await h.settle(runner, job.id);
      expect(end.counts.deleted).toBe(60);
      for (const key of h.company.keys.reconciled) expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBe(1);
      expect(h.sim.requestLog(h.realmId).some((e) => e.endpoint === 'report')).toBe(false);
    });
  });

  describe('R3: closed period', () => {
    it('is refused per record while the rest of the batch is deleted', async () => {
      h = await harnessIn(mode, { count: 60, entities: { Invoice: 1 }, closedShare: 0.2 });
      const { runner, job } = await runAll(h);
      await runner.start(job.id);
      const { job: end } = await h.settle(runner, job.id);
      const outcomes = await outcomeOf(runner, job.id);
      expect(h.company.keys.closed.length).toBeGreaterThan(0);
      for (const key of h.company.keys.closed) {
        expect(outcomes.get(key)).toBe('closedPeriod');
        expect(h.sim.truth(h.realmId).exists(key)).toBe(true);
      }
      expect(end.counts.closedPeriod).toBe(h.company.keys.closed.length);
      expect(end.counts.deleted).toBe(60 - h.company.keys.closed.length);
      const audit = (await h.audit.read()).entries.filter((e) => e.outcome === 'closedPeriod');
      expect(audit.every((e) => /^62[01]0$/.test(e.faultCode ?? ''))).toBe(true);
    });
  });

  describe('R5: a 5xx on a batch is ambiguous', () => {
    for (const kind of ['error500-after', 'drop-after', 'error500-before', 'drop-before'] as const) {
      it(`${kind}: verified by re-reading, never re-sent`, async () => {
        h = await harnessIn(mode, { count: 60, entities: { Invoice: 1 } });
        const { runner, job } = await runAll(h);
        h.sim.injectFault({ endpoint: 'batch', kind, times: 1 });
        await runner.start(job.id);
        const { job: end } = await h.settle(runner, job.id);
        const applied = kind.endsWith('after');
        expect(h.batchCalls()).toBe(2); // two chunks of 30, the faulted one not re-sent
        expect(end.unverified).toBe(0);
        expect(end.counts[applied ? 'deletedVerified' : 'notDeletedVerified']).toBe(30);
        expect(end.counts.deleted).toBe(30);
        const sent = h.sim.requestLog(h.realmId).flatMap((e) => (e.endpoint === 'batch' ? (e.deleteKeys ?? []) : []));
        for (const key of h.company.keys.all) {
          expect(h.sim.truth(h.realmId).appliedDeletes(key)).toBeLessThanOrEqual(1);
          expect(sent.filter((k) => k === key).length).toBeLessThanOrEqual(1);
        }
        const rows = await runner.getRecords(job.id);
        const notDeleted = rows.filter(
          (r) => r.state.kind === 'final' && r.state.outcome.kind === 'notDeletedVerified',
        );
        for (const row of notDeleted) expect(h.sim.truth(h.realmId).exists(row.key)).toBe(true);
      });
    }

    it('a failing verification read stays unverified and retries the READ later, not the delete', async () => {
      h = await harnessIn(mode, { count: 30, entities: { Invoice: 1 } });
      const { runner, job } = await runAll(h);
      h.sim.injectFault({ endpoint: 'batch', kind: 'error500-after', times: 1 });
      // Let the pre-delete re-read through; fail the first verification read.
      let failed = false;
      const unsubscribe = runner.subscribe((e) => {
        if (e.job.unverified > 0 && !failed) {
          failed = true;
          h?.sim.injectFault({ endpoint: 'query', kind: 'error500-before', times: 1 });
        }
      });
      await runner.start(job.id);
      await runner.whenIdle();
      const waiting = await runner.getJob(job.id);
      expect(waiting?.wait?.kind).toBe('verifying');
      expect(waiting?.unverified).toBe(30);
      const rows = await runner.getRecords(job.id);
      expect(rows.every((r) => r.state.kind === 'unverified')).toBe(true);
      const { job: end } = await h.settle(runner, job.id);
      unsubscribe();
      expect(end.counts.deletedVerified).toBe(30);
      expect(h.batchCalls()).toBe(1);
    });
  });
});
