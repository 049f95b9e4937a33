/**
 * The audit lines a delete, a void and a restore job write, field by field, on the real client and
 * the simulator. Pins what a bookkeeper's export holds whoever builds the lines (the runner, or a
 * subscriber to its outcomes): the reviewed version's fields and JSON, the outcome and its words, the
 * service's intuit_tid, and for a restore the new Id, the planned body as the JSON and an empty
 * SyncToken (the record had none before it existed: the '0' of earlier builds was made up). Read
 * straight from the log's database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../lib/audit/log';
import type { JobRecordRow, JobRunner, ReviewedRecord } from '../../lib/jobs/types';
import { restoreChunks } from '../../lib/restore/chunks';
import { isDeletedOutcome } from '../../lib/restore/entry';
import { planRestore } from '../../lib/restore/plan';
import { createHarness, type Harness } from '../jobs/harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const LABEL: Record<string, string> = {
  deleted: 'Deleted',
  voided: 'Voided',
  restored: 'Restored',
  closedPeriod: 'Refused: closed period',
  skippedReconciled: 'Skipped: reconciled',
  skippedChanged: 'Skipped: changed since review',
};

const readLog = async (harness: Harness, jobId: string) =>
  (await createAuditLog({ indexedDB, clock: harness.clock }).read({ jobId })).entries;

async function run(harness: Harness, runner: JobRunner, input: Parameters<JobRunner['createJob']>[0]) {
  const job = await runner.createJob(input);
  await runner.start(job.id);
  const { job: end } = await harness.settle(runner, job.id);
  expect(end.status).toBe('done');
  return { jobId: job.id, rows: await runner.getRecords(job.id) };
}

/** The line a record's final outcome must have written, built from what the job was given. */
function expectedLine(jobId: string, realmId: string, reviewed: ReviewedRecord, row: JobRecordRow) {
  if (row.state.kind !== 'final') throw new Error(`${row.key} has no final outcome`);
  const { outcome, at, intuitTid } = row.state;
  const r = reviewed.record;
  const fault = 'fault' in outcome ? outcome.fault : undefined;
  return {
    at,
    jobId,
    realmId,
    environment: 'sandbox',
    entity: r.entity,
    id: r.id,
    docNumber: r.docNumber,
    txnDate: r.txnDate,
    amount: r.totalAmt,
    currency: r.currency,
    party: r.party,
    syncToken: r.syncToken,
    outcome: outcome.kind,
    outcomeLabel: LABEL[outcome.kind],
    faultCode: fault?.code,
    faultMessage: fault?.message,
    intuitTid,
    ...(outcome.kind === 'restored' ? { newId: outcome.newId } : {}),
    preDeleteJson: r.raw,
  };
}

function expectLines(
  lines: Awaited<ReturnType<typeof readLog>>,
  jobId: string,
  realmId: string,
  reviewed: readonly ReviewedRecord[],
  rows: readonly JobRecordRow[],
) {
  const byKey = new Map(reviewed.map((r) => [`${r.record.entity}:${r.record.id}`, r]));
  const expected = rows.map((row) => expectedLine(jobId, realmId, byKey.get(row.key)!, row));
  const key = (e: { entity: string; id: string }) => `${e.entity}:${e.id}`;
  const sorted = <T extends { entity: string; id: string }>(list: T[]) =>
    [...list].sort((a, b) => key(a).localeCompare(key(b)));
  expect(sorted(lines)).toEqual(sorted(expected));
}

describe('the audit lines of each kind of job', () => {
  it('a delete job: one line per record with its reviewed fields, JSON, outcome, words and intuit_tid', async () => {
    h = await createHarness({
      count: 12,
      seed: 4,
      entities: { Invoice: 1, Bill: 1 },
      closedShare: 0.2,
      reconciledShare: 0.2,
    });
    const runner = h.runner();
    const records = await h.review(h.company.keys.all);
    const { jobId, rows } = await run(h, runner, { realmId: h.realmId, environment: 'sandbox', records });
    const lines = await readLog(h, jobId);
    expect(lines).toHaveLength(12);
    expect(new Set(lines.map((l) => l.outcome))).toEqual(new Set(['deleted', 'closedPeriod', 'skippedReconciled']));
    expect(lines.filter((l) => l.outcome === 'deleted').every((l) => (l.intuitTid ?? '').length > 0)).toBe(true);
    expectLines(lines, jobId, h.realmId, records, rows);
  });

  it('a void job: "Voided" lines with the snapshot taken before the void', async () => {
    h = await createHarness({ count: 6, seed: 5, entities: { Invoice: 1, Payment: 1 } });
    const runner = h.runner();
    const records = await h.review(h.company.keys.all);
    const input = { realmId: h.realmId, environment: 'sandbox', records, operation: 'void' } as const;
    const { jobId, rows } = await run(h, runner, input);
    const lines = await readLog(h, jobId);
    expect(lines.map((l) => l.outcome)).toEqual(Array(6).fill('voided'));
    expectLines(lines, jobId, h.realmId, records, rows);
  });

  it('a restore job: each line has the new Id, the planned body as its JSON and an empty SyncToken', async () => {
    h = await createHarness({ count: 8, seed: 11, entities: { Invoice: 1, Payment: 1 }, linkedShare: 0.6 });
    const runner = h.runner();
    const records = await h.review(h.company.keys.all);
    const deletion = await run(h, runner, { realmId: h.realmId, environment: 'sandbox', records });
    const deleted = (await readLog(h, deletion.jobId)).filter((e) => isDeletedOutcome(e.outcome));
    expect(deleted).toHaveLength(8);
    const plan = planRestore(deleted);
    const chunks = restoreChunks(plan);
    const input = { realmId: h.realmId, environment: 'sandbox', operation: 'restore', records: [], chunks } as const;
    const { jobId, rows } = await run(h, runner, input);
    const lines = await readLog(h, jobId);
    expect(lines).toHaveLength(8);
    const planned = new Map(plan.records.map((p) => [p.oldKey, p]));
    const expected = rows.map((row) => {
      const p = planned.get(row.key)!;
      const final = row.state.kind === 'final' ? row.state : undefined;
      const newId = final?.outcome.kind === 'restored' ? final.outcome.newId : undefined;
      expect(newId).toBeDefined();
      return {
        at: final?.at,
        jobId,
        realmId: h!.realmId,
        environment: 'sandbox',
        entity: p.entity,
        id: p.oldId,
        docNumber: p.docNumber,
        txnDate: p.txnDate,
        amount: p.amount,
        syncToken: '',
        outcome: 'restored',
        outcomeLabel: 'Restored',
        intuitTid: final?.intuitTid,
        newId,
        preDeleteJson: p.body,
      };
    });
    const key = (e: { entity: string; id: string }) => `${e.entity}:${e.id}`;
    expect([...lines].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
    // The body is the one planned, its links still naming the old Ids (the rewritten one is sent).
    expect(lines.some((l) => JSON.stringify(l.preDeleteJson).includes('LinkedTxn'))).toBe(true);
  });
});
