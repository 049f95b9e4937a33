/**
 * A restore whose create answer was lost does not rest on `requestid` (issue 23 §1): before re-sending
 * it looks for its own record (TxnDate, DocNumber, amount, party, and "Restored by Safe Delete from
 * #<old Id>" in the note, created since the job started). Run on the real client and the simulator in
 * each `requestid` mode: honoured (Intuit's word), ignored (a repeat creates again) and fault6000 (a
 * repeat answers 6000). Judge: the simulator's ground truth, one record per deleted one, and the job's
 * own words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../lib/jobs/types';
import { restoreChunks } from '../../lib/restore/chunks';
import { isDeletedOutcome } from '../../lib/restore/entry';
import { planRestore } from '../../lib/restore/plan';
import type { FaultKind, RequestIdMode } from '../../tools/simulator/api';
import { createHarness, type Harness, killAt } from '../jobs/harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const SEED = { count: 9, seed: 5, entities: { Invoice: 4, JournalEntry: 2, Purchase: 3 } };

async function deletedThenRestoreJob(harness: Harness, runner: JobRunner) {
  const records = await harness.review(harness.company.keys.all);
  const del = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records });
  await runner.start(del.id);
  await harness.settle(runner, del.id);
  const deleted = (await harness.audit.read()).entries.filter((e) => isDeletedOutcome(e.outcome));
  const plan = planRestore(deleted);
  const job = await runner.createJob({
    realmId: harness.realmId,
    environment: 'sandbox',
    operation: 'restore',
    records: [],
    chunks: restoreChunks(plan),
  });
  return { job, count: deleted.length };
}

/** The restore's create batches, by requestid: how many times each was sent. */
function sendsPerRequestId(harness: Harness): number[] {
  const counts = new Map<string, number>();
  for (const e of harness.sim.requestLog(harness.realmId)) {
    const id = e.endpoint === 'batch' && e.body?.includes('"create"') ? /requestid=([^&]+)/.exec(e.path)?.[1] : null;
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts.values()];
}

function outcomesOf(rows: Awaited<ReturnType<JobRunner['getRecords']>>) {
  return rows.map((r) => (r.state.kind === 'final' ? r.state.outcome.kind : r.state.kind));
}

const MODES: RequestIdMode[] = ['honoured', 'ignored', 'fault6000'];
const LOST: FaultKind[] = ['error500-after', 'drop-after'];

describe.each(MODES)('a restore whose create answer is lost (requestid %s)', (requestid) => {
  it.each(LOST)('%s on the batch of creates: each record exists once and the job says restored', async (kind) => {
    h = await createHarness(SEED, { requestid });
    const runner = h.runner();
    const { job, count } = await deletedThenRestoreJob(h, runner);
    h.sim.injectFault({ endpoint: 'batch', kind, times: 1 });
    await runner.start(job.id);
    await h.settle(runner, job.id);

    const truth = h.sim.truth(h.realmId);
    expect(truth.createdKeys()).toHaveLength(count);
    for (const key of truth.createdKeys()) expect(truth.appliedCreates(key)).toBe(1);
    const rows = await runner.getRecords(job.id);
    expect(outcomesOf(rows)).toEqual(rows.map(() => 'restored'));
    const newKeys = rows.map((r) =>
      r.state.kind === 'final' && r.state.outcome.kind === 'restored' ? `${r.entity}:${r.state.outcome.newId}` : '',
    );
    expect(newKeys.sort()).toEqual([...truth.createdKeys()].sort());
    expect((await runner.getJob(job.id))?.status).toBe('done');
    // Found before any re-send: no batch of creates went twice.
    expect(sendsPerRequestId(h).every((n) => n === 1)).toBe(true);
  });

  it('a batch lost before it was applied: looked for, not found, re-sent with the same requestid, created once', async () => {
    h = await createHarness(SEED, { requestid });
    const runner = h.runner();
    const { job, count } = await deletedThenRestoreJob(h, runner);
    h.sim.injectFault({ endpoint: 'batch', kind: 'error500-before', times: 1 });
    await runner.start(job.id);
    await h.settle(runner, job.id);
    expect(h.sim.truth(h.realmId).createdKeys()).toHaveLength(count);
    expect(outcomesOf(await runner.getRecords(job.id)).every((k) => k === 'restored')).toBe(true);
    expect(sendsPerRequestId(h).some((n) => n === 2)).toBe(true);
  });

  it('several look-alikes of a lost create: needs attention, nothing re-sent, the others adopted', async () => {
    h = await createHarness(SEED, { requestid });
    const { job, count } = await deletedThenRestoreJob(h, h.runner());
    const first = h.runner({ hooks: killAt('after-outcomes-written', 0) });
    h.sim.injectFault({ endpoint: 'batch', kind: 'error500-after', times: 1 });
    await first.start(job.id);
    await first.whenIdle();
    expect(first.isKilled()).toBe(true);

    // Someone copies one restored invoice (its note, the mark included) before the restore looks.
    const truth = h.sim.truth(h.realmId);
    const copied = truth.createdKeys().find((k) => k.startsWith('Invoice:'))!;
    const { Id, SyncToken, MetaData, ...rest } = h.sim.record(h.realmId, copied)!;
    const res = await fetch(`${h.sim.url}/v3/company/${h.realmId}/invoice?include=allowduplicatedocnum`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.company.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(rest),
    });
    const copyId = ((await res.json()) as { Invoice: { Id: string } }).Invoice.Id;

    const second = h.runner();
    await second.wake();
    await h.settle(second, job.id);
    const rows = await second.getRecords(job.id);
    const unsure = rows.filter((r) => r.state.kind === 'final' && r.state.outcome.kind === 'restoreUnconfirmed');
    expect(unsure).toHaveLength(1);
    expect(unsure[0]?.group).toBe('needsAttention');
    const outcome = unsure[0]?.state.kind === 'final' ? unsure[0].state.outcome : undefined;
    expect(outcome).toEqual({ kind: 'restoreUnconfirmed', candidateIds: [copied.split(':')[1], copyId].sort() });
    expect(rows.filter((r) => r.group === 'restored')).toHaveLength(count - 1);
    expect(sendsPerRequestId(h).every((n) => n === 1)).toBe(true);
    expect(h.sim.truth(h.realmId).createdKeys()).toHaveLength(count + 1); // theirs, not ours
    expect((await second.getJob(job.id))?.status).toBe('done');
  });

  it('a record refused inside a lost answer: not found, re-sent once; a 6000 then is looked for again, never sent a third time', async () => {
    h = await createHarness(SEED, { requestid });
    const runner = h.runner();
    const { job, count } = await deletedThenRestoreJob(h, runner);
    // Someone takes one deleted invoice's number: its re-create is refused (6140) in the lost answer.
    const taken = (await h.audit.read()).entries.find((e) => e.entity === 'Invoice' && e.docNumber)!;
    const res = await fetch(`${h.sim.url}/v3/company/${h.realmId}/invoice`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.company.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ TxnDate: '2025-01-02', CustomerRef: { value: '1' }, DocNumber: taken.docNumber }),
    });
    expect(res.status).toBe(200);
    h.sim.injectFault({ endpoint: 'batch', kind: 'error500-after', times: 1 });
    await runner.start(job.id);
    await h.settle(runner, job.id);

    const rows = await runner.getRecords(job.id);
    const refusedRow = rows.find((r) => r.key === `Invoice:${taken.id}`)!;
    const outcome = refusedRow.state.kind === 'final' ? refusedRow.state.outcome : undefined;
    if (requestid === 'fault6000') expect(outcome).toEqual({ kind: 'restoreUnconfirmed', candidateIds: [] });
    else expect(outcome).toMatchObject({ kind: 'refused', fault: { code: '6140' } });
    expect(rows.filter((r) => r.group === 'restored')).toHaveLength(count - 1);
    expect(h.sim.truth(h.realmId).createdKeys()).toHaveLength(count); // theirs + ours, one each
    expect(sendsPerRequestId(h).some((n) => n === 2)).toBe(true);
    expect(sendsPerRequestId(h).every((n) => n <= 2)).toBe(true);
    expect((await runner.getJob(job.id))?.status).toBe('done');
  });
});
