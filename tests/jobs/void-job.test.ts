/**
 * Issue 11 §2 "Void instead of delete", end to end: a job with operation 'void' run by the REAL runner
 * with the REAL client against the REAL simulator (both fidelity modes). The simulator's applied-void
 * and applied-delete counters are the judge: a void job voids what it may, exactly once, deletes
 * nothing, and counts a void as done only when a re-read shows it voided (service-facts "Void").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { canVoid, type Entity, VOIDABLE_ENTITIES } from '../../lib/domain/entities';
import type { JobRunner, JobRunnerOptions, ReviewedRecord } from '../../lib/jobs/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { SeedOptions } from '../../tools/simulator/api';
import { createHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const VOIDABLE_MIX: SeedOptions['entities'] = { Invoice: 1, Payment: 1, SalesReceipt: 1, BillPayment: 1 };
const entityOf = (key: string) => key.split(':')[0] as Entity;
const voidableKeys = (harness: Harness) => harness.company.keys.all.filter((k) => canVoid(entityOf(k)));

async function voidJob(
  harness: Harness,
  keys: readonly string[],
  options: { includeReconciled?: boolean; runner?: Partial<JobRunnerOptions>; records?: ReviewedRecord[] } = {},
) {
  const runner = harness.runner(options.runner);
  const records = options.records ?? (await harness.review(keys));
  const job = await runner.createJob({
    realmId: harness.realmId,
    environment: 'sandbox',
    records,
    includeReconciled: options.includeReconciled ?? false,
    operation: 'void',
  });
  return { runner, job, records };
}

async function outcomes(runner: JobRunner, jobId: string) {
  return new Map(
    (await runner.getRecords(jobId)).map((r) => [r.key, r.state.kind === 'final' ? r.state.outcome : r.state]),
  );
}

/** What a voided record looks like in the simulator: present, amount 0, noted "Voided", voided once. */
function expectVoidedOnce(harness: Harness, key: string) {
  const truth = harness.sim.truth(harness.realmId);
  expect(truth.exists(key)).toBe(true);
  expect(truth.appliedVoids(key)).toBe(1);
  expect(truth.appliedDeletes(key)).toBe(0);
  const record = harness.sim.record(harness.realmId, key);
  expect(record?.TotalAmt).toBe(0);
  expect(String(record?.PrivateNote)).toMatch(/^Voided\b/);
}

function expectUntouched(harness: Harness, key: string) {
  const truth = harness.sim.truth(harness.realmId);
  expect(truth.exists(key)).toBe(true);
  expect(truth.appliedVoids(key)).toBe(0);
  expect(truth.appliedDeletes(key)).toBe(0);
}

/** The client the runner gets, with some methods replaced (the rest reach the simulator). */
function wrapClient(harness: Harness, over: (real: QboClient) => Partial<QboClient>): JobRunnerOptions['clientFor'] {
  return (realm, environment) => {
    const real = harness.clientFor(realm, environment);
    return { ...real, ...over(real) };
  };
}

const batchBodies = (harness: Harness) =>
  harness.sim
    .requestLog(harness.realmId)
    .filter((e) => e.endpoint === 'batch')
    .map((e) => JSON.parse(e.body ?? '{}') as { BatchItemRequest?: Record<string, unknown>[] });

describe.each(['document', 'real'] as const)('a void job (%s mode)', (mode) => {
  it('voids every voidable record once, in batches, counts them voided, and deletes nothing', async () => {
    h = await createHarness({ count: 44, entities: VOIDABLE_MIX, seed: 7 }, { mode });
    const keys = voidableKeys(h);
    expect(keys).toHaveLength(44);
    expect(new Set(keys.map(entityOf))).toEqual(new Set(VOIDABLE_ENTITIES));
    const { runner, job } = await voidJob(h, keys);
    expect(job.operation).toBe('void');
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.status).toBe('done');
    expect(end.counts.voided).toBe(44);
    expect(end.counts.deleted).toBe(0);
    expect(end.counts.deletedVerified).toBe(0);
    expect(end.counts.notVoidedVerified).toBe(0);
    expect(end.unverified).toBe(0);
    for (const key of keys) expectVoidedOnce(h, key);
    expect(h.sim.truth(h.realmId).deletedKeys()).toEqual([]);
    expect(h.sim.truth(h.realmId).voidedKeys().sort()).toEqual([...keys].sort());
    // Two batch calls (30 + 14), every item a void, none a delete; no single-record call.
    const bodies = batchBodies(h);
    expect(bodies).toHaveLength(2);
    const items = bodies.flatMap((b) => b.BatchItemRequest ?? []);
    expect(items).toHaveLength(44);
    for (const item of items) {
      expect(item.operation).not.toBe('delete');
      if (item.Invoice) expect(item.operation).toBe('void');
      else expect(item).toMatchObject({ operation: 'update', optionsData: 'void' });
    }
    expect(h.sim.requestLog(h.realmId).filter((e) => e.endpoint === 'delete' || e.endpoint === 'void')).toEqual([]);
    const rows = await runner.getRecords(job.id);
    expect(
      rows.every((r) => r.group === 'voided' && r.state.kind === 'final' && r.state.outcome.kind === 'voided'),
    ).toBe(true);
    const audit = (await h.audit.read()).entries;
    expect(audit.filter((e) => e.outcome === 'voided')).toHaveLength(44);
    expect(audit.some((e) => e.outcome === 'deleted' || e.outcome === 'deletedVerified')).toBe(false);
  });

  it('R1: a record changed after review is skipped as changed and not voided', async () => {
    h = await harnessWith(mode, { count: 24, entities: VOIDABLE_MIX, seed: 8 });
    const keys = voidableKeys(h);
    const { runner, job } = await voidJob(h, keys);
    const edited = keys.filter((_, i) => i % 5 === 2);
    for (const key of edited) h.sim.editRecord(h.realmId, key);
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    const out = await outcomes(runner, job.id);
    for (const key of edited) {
      expect(out.get(key)).toMatchObject({ kind: 'skippedChanged' });
      expectUntouched(h, key);
    }
    expect(end.counts.skippedChanged).toBe(edited.length);
    expect(end.counts.voided).toBe(keys.length - edited.length);
    for (const key of keys.filter((k) => !edited.includes(k))) expectVoidedOnce(h, key);
  });

  it('R2: reconciled records are skipped by default and voided with the opt-in', async () => {
    h = await harnessWith(mode, { count: 24, entities: VOIDABLE_MIX, seed: 9, reconciledShare: 0.25 });
    const keys = voidableKeys(h);
    const reconciled = h.company.keys.reconciled.filter((k) => keys.includes(k));
    expect(reconciled.length).toBeGreaterThan(0);
    const first = await voidJob(h, keys);
    await first.runner.start(first.job.id);
    const { job: end } = await h.settle(first.runner, first.job.id);
    const out = await outcomes(first.runner, first.job.id);
    for (const key of reconciled) {
      expect(out.get(key)).toMatchObject({ kind: 'skippedReconciled' });
      expectUntouched(h, key);
    }
    expect(end.counts.skippedReconciled).toBe(reconciled.length);
    expect(end.counts.voided).toBe(keys.length - reconciled.length);

    const second = await voidJob(h, reconciled, { includeReconciled: true });
    await second.runner.start(second.job.id);
    const { job: end2 } = await h.settle(second.runner, second.job.id);
    expect(end2.counts.voided).toBe(reconciled.length);
    for (const key of reconciled) expectVoidedOnce(h, key);
    expect(h.sim.truth(h.realmId).deletedKeys()).toEqual([]);
  });

  it('R3: a record in a closed period is refused as closedPeriod, the rest voided', async () => {
    h = await harnessWith(mode, { count: 24, entities: VOIDABLE_MIX, seed: 10, closedShare: 0.25 });
    const keys = voidableKeys(h);
    const closed = h.company.keys.closed.filter((k) => keys.includes(k));
    expect(closed.length).toBeGreaterThan(0);
    const { runner, job } = await voidJob(h, keys);
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    const out = await outcomes(runner, job.id);
    const code = mode === 'document' ? '6200' : '6210';
    for (const key of closed) {
      expect(out.get(key)).toMatchObject({ kind: 'closedPeriod', fault: { code } });
      expectUntouched(h, key);
    }
    expect(end.counts.closedPeriod).toBe(closed.length);
    expect(end.counts.voided).toBe(keys.length - closed.length);
    const rows = await runner.getRecords(job.id);
    for (const row of rows.filter((r) => closed.includes(r.key))) expect(row.group).toBe('refused');
  });

  it('a deposited payment is refused (6540) and stays as it was; the others are voided', async () => {
    h = await harnessWith(mode, { count: 24, entities: VOIDABLE_MIX, seed: 11, depositedShare: 0.2 });
    const keys = voidableKeys(h); // the Deposits that hold the deposited records cannot be voided
    const deposited = h.company.keys.deposited;
    expect(deposited.length).toBeGreaterThan(0);
    expect(keys.length).toBeLessThan(h.company.keys.all.length);
    const amounts = new Map(deposited.map((k) => [k, h?.sim.record(h.realmId, k)?.TotalAmt]));
    const { runner, job } = await voidJob(h, keys);
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    const out = await outcomes(runner, job.id);
    for (const key of deposited) {
      expect(out.get(key)).toMatchObject({ kind: 'refused', fault: { code: '6540' } });
      expectUntouched(h, key);
      expect(h.sim.record(h.realmId, key)?.TotalAmt).toBe(amounts.get(key));
    }
    expect(end.counts.refused).toBe(deposited.length);
    expect(end.counts.voided).toBe(keys.length - deposited.length);
    const audit = (await h.audit.read()).entries.filter((e) => e.outcome === 'refused');
    expect(audit.map((e) => e.faultCode)).toEqual(deposited.map(() => '6540'));
  });

  for (const kind of ['error500-after', 'drop-after'] as const) {
    it(`R5: a batch ${kind} is verified by re-reading: voided, sent once, voided once`, async () => {
      h = await harnessWith(mode, { count: 20, entities: VOIDABLE_MIX, seed: 12 });
      const keys = voidableKeys(h);
      const { runner, job } = await voidJob(h, keys);
      h.sim.injectFault({ endpoint: 'batch', kind, times: 1, realmId: h.realmId });
      await runner.start(job.id);
      const { job: end } = await h.settle(runner, job.id);
      expect(end.unverified).toBe(0);
      expect(end.counts.voided).toBe(20);
      expect(end.counts.notVoidedVerified).toBe(0);
      expect(h.batchCalls()).toBe(1); // never re-sent
      for (const key of keys) expectVoidedOnce(h, key);
      const log = h.sim.requestLog(h.realmId);
      expect(log.find((e) => e.endpoint === 'batch')?.fault).toBe(kind);
      expect(log.filter((e) => e.endpoint === 'query').length).toBeGreaterThanOrEqual(2); // re-read + verify
    });
  }

  it('R5: a batch error500-before (nothing applied) is verified as not voided: needs attention, not re-sent', async () => {
    h = await harnessWith(mode, { count: 12, entities: VOIDABLE_MIX, seed: 13 });
    const keys = voidableKeys(h);
    const { runner, job } = await voidJob(h, keys);
    h.sim.injectFault({ endpoint: 'batch', kind: 'error500-before', times: 1, realmId: h.realmId });
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.counts.notVoidedVerified).toBe(12);
    expect(end.counts.voided).toBe(0);
    expect(h.batchCalls()).toBe(1);
    for (const key of keys) expectUntouched(h, key);
    const rows = await runner.getRecords(job.id);
    expect(
      rows.every(
        (r) => r.group === 'needsAttention' && r.state.kind === 'final' && r.state.outcome.kind === 'notVoidedVerified',
      ),
    ).toBe(true);
  });

  it('R5 one at a time (after a whole-call refusal): a void error500-after is verified voided, voided once', async () => {
    h = await harnessWith(mode, { count: 4, entities: VOIDABLE_MIX, seed: 14 });
    const keys = voidableKeys(h);
    let batchCalls = 0;
    const clientFor = wrapClient(h, () => ({
      // 1040: nothing applied; the runner then voids each record alone through its own endpoint.
      batchVoid: async () => {
        batchCalls += 1;
        return {
          kind: 'refusedWhole',
          fault: { code: '1040', message: 'Batch size exceeds allowed limit' },
          meta: { status: 400 },
        };
      },
    }));
    const { runner, job } = await voidJob(h, keys, { runner: { clientFor, singleDeleteGapMs: 0 } });
    h.sim.injectFault({ endpoint: 'void', kind: 'error500-after', times: 1, realmId: h.realmId });
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(batchCalls).toBe(1);
    expect(end.unverified).toBe(0);
    expect(end.counts.voided).toBe(keys.length);
    const voidCalls = h.sim.requestLog(h.realmId).filter((e) => e.endpoint === 'void');
    expect(voidCalls).toHaveLength(keys.length); // one each: the faulted one not re-sent
    expect(voidCalls[0]?.fault).toBe('error500-after');
    for (const key of keys) expectVoidedOnce(h, key);
  });

  it('a void answered 200 without voiding (as the real service does for some types) is notVoidedVerified', async () => {
    h = await harnessWith(mode, { count: 8, entities: VOIDABLE_MIX, seed: 15 });
    const keys = voidableKeys(h);
    const clientFor = wrapClient(h, () => ({
      // The answer names each record with no fault, and nothing is sent: the service's silent no-op.
      batchVoid: async (items) => ({
        kind: 'ok',
        meta: { status: 200 },
        results: new Map(items.map((i) => [i.bId, { kind: 'answered' as const }])),
      }),
    }));
    const { runner, job } = await voidJob(h, keys, { runner: { clientFor } });
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.status).toBe('done');
    expect(end.unverified).toBe(0);
    expect(end.counts.voided).toBe(0);
    expect(end.counts.notVoidedVerified).toBe(keys.length);
    const out = await outcomes(runner, job.id);
    for (const key of keys) {
      expect(out.get(key)).toEqual({
        kind: 'notVoidedVerified',
        currentSyncToken: h.sim.truth(h.realmId).syncToken(key),
      });
      expectUntouched(h, key);
    }
    const rows = await runner.getRecords(job.id);
    expect(rows.every((r) => r.group === 'needsAttention')).toBe(true);
  });

  it('a 200 that says a record is at amount 0 and "Voided" is still not trusted when its SyncToken did not move', async () => {
    // A record already at 0 and noted "Voided" before the job: the answer proves nothing new.
    h = await harnessWith(mode, { count: 4, entities: { Invoice: 1 }, seed: 16 });
    const keys = voidableKeys(h);
    const [key] = keys;
    // Void it outside the job (another user), then review it: it is at 0 and noted, SyncToken 1.
    const client = h.clientFor(h.realmId, 'sandbox');
    const token = h.sim.truth(h.realmId).syncToken(key!) ?? '0';
    await client.voidOne({ bId: 'x', entity: 'Invoice', id: key!.split(':')[1]!, syncToken: token });
    const clientFor = wrapClient(h, () => ({
      batchVoid: async (items) => ({
        kind: 'ok',
        meta: { status: 200 },
        results: new Map(items.map((i) => [i.bId, { kind: 'answered' as const }])),
      }),
    }));
    const { runner, job } = await voidJob(h, [key!], { runner: { clientFor } });
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.counts.notVoidedVerified).toBe(1);
    expect(end.counts.voided).toBe(0);
  });

  it('a record the service cannot void, forced into the job, is refused "cannotVoid" without a call', async () => {
    h = await harnessWith(mode, {
      count: 8,
      entities: { Invoice: 1, Bill: 1, JournalEntry: 1, Purchase: 1 },
      seed: 17,
    });
    const all = h.company.keys.all;
    const others = all.filter((k) => !canVoid(entityOf(k)));
    const invoices = all.filter((k) => canVoid(entityOf(k)));
    expect(others.length).toBeGreaterThan(0);
    expect(invoices.length).toBeGreaterThan(0);
    const { runner, job } = await voidJob(h, all);
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    const out = await outcomes(runner, job.id);
    for (const key of others) {
      expect(out.get(key)).toEqual({ kind: 'declined', refusal: { code: 'cannotVoid' } });
      expectUntouched(h, key);
    }
    for (const key of invoices) expectVoidedOnce(h, key);
    expect(end.counts.declined).toBe(others.length);
    expect(end.counts.voided).toBe(invoices.length);
    // Not one request named a record that cannot be voided.
    const items = batchBodies(h).flatMap((b) => b.BatchItemRequest ?? []);
    expect(items).toHaveLength(invoices.length);
    expect(items.every((i) => 'Invoice' in i)).toBe(true);
    expect(h.sim.requestLog(h.realmId).filter((e) => e.endpoint === 'void' || e.endpoint === 'delete')).toEqual([]);
  });

  it('a job of only records that cannot be voided sends nothing at all', async () => {
    h = await harnessWith(mode, { count: 4, entities: { Bill: 1, Deposit: 1 }, seed: 18 });
    const all = h.company.keys.all;
    const { runner, job } = await voidJob(h, all);
    await runner.start(job.id);
    const { job: end } = await h.settle(runner, job.id);
    expect(end.status).toBe('done');
    expect(end.counts.declined).toBe(all.length);
    const writes = h.sim.requestLog(h.realmId).filter((e) => ['batch', 'void', 'delete'].includes(e.endpoint));
    expect(writes).toEqual([]);
    for (const key of all) expectUntouched(h, key);
  });
});

function harnessWith(mode: 'document' | 'real', seed: Omit<SeedOptions, 'realmId'>) {
  return createHarness(seed, { mode });
}
