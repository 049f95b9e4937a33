/**
 * Issue 11 §3: the audit log is the only way back, so a big job loses no snapshot. The old log
 * pruned every append to 20,000 entries, and "Done" then deleted the job's records — a 25,000-record
 * job lost its first 5,000 snapshots. Here: a 25,000-record job, run to the end by the real runner
 * against an in-memory service, then "Done" (removeJob), then the export: all 25,000 snapshots, each
 * equal to the record as reviewed.
 */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { AUDIT_DB_NAME, createAuditLog } from '../../lib/audit/log';
import type { Entity } from '../../lib/domain/entities';
import { createJobRunner } from '../../lib/jobs/runner';
import type { ReviewedRecord } from '../../lib/jobs/types';
import type { DeleteItemResult, TxnRecord } from '../../lib/qbo/outcomes';
import { type FakeClient, fakeClient } from '../../tools/support/fake-client';
import { createManualClock } from '../support/clock';
import { exportAll } from './export-all';

const N = 25_000;

function invoice(i: number): TxnRecord {
  const id = String(10_000 + i);
  const raw = {
    Id: id,
    SyncToken: '0',
    DocNumber: `INV-${i}`,
    TxnDate: '2025-06-01',
    TotalAmt: 100 + i,
    Line: [
      { Id: '1', Amount: 100 + i, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '1' } } },
    ],
    CustomerRef: { value: '58', name: 'Craig’s Design' },
  };
  return {
    entity: 'Invoice',
    id,
    syncToken: '0',
    txnDate: '2025-06-01',
    docNumber: raw.DocNumber,
    totalAmt: raw.TotalAmt,
    linkedTxn: [],
    raw,
  };
}

/**
 * The service, in memory: every record exists until deleted; deletes succeed. It answers only the
 * calls a delete job makes; any other fails by name (tools/support/fake-client.ts).
 */
function memoryService(records: Map<string, TxnRecord>): FakeClient {
  const meta = { status: 200, intuitTid: 'tid' };
  return fakeClient({
    async readByIds(entity: Entity, ids) {
      const found = ids.map((id) => records.get(`${entity}:${id}`)).filter((r): r is TxnRecord => r !== undefined);
      return { kind: 'ok', meta, records: found, calls: 1 };
    },
    readReconciled: async () => ({ kind: 'ok', meta, rows: [], calls: 1 }),
    async batchDelete(items) {
      const results = new Map<string, DeleteItemResult>();
      for (const item of items) {
        records.delete(`${item.entity}:${item.id}`);
        results.set(item.bId, { kind: 'deleted' });
      }
      return { kind: 'ok', meta, results };
    },
  });
}

/** The real runner over fake storage and the in-memory service, with no throttle in the way; its audit log. */
function memoryRunner(service: Map<string, TxnRecord>) {
  const clock = createManualClock();
  const audit = createAuditLog({ indexedDB, clock });
  const runner = createJobRunner({
    storage: fakeBrowser.storage.local,
    alarms: fakeBrowser.alarms,
    clock,
    clientFor: () => memoryService(service),
    outcomes: auditSubscriber(audit),
    throttle: { batchLimit: 1_000_000, windowMs: 1 },
    onError: (e) => {
      throw e;
    },
  });
  return { runner, audit };
}

describe('snapshots are never lost', () => {
  it('a 25,000-record job keeps all 25,000 snapshots, through "Done", and exports them all', async () => {
    fakeBrowser.reset();
    const all = Array.from({ length: N }, (_, i) => invoice(i));
    const service = new Map(all.map((r) => [`${r.entity}:${r.id}`, r]));
    const { runner, audit } = memoryRunner(service);
    const reviewed: ReviewedRecord[] = all.map((record) => ({ record, reconciled: false }));
    const job = await runner.createJob({ realmId: '1', environment: 'sandbox', records: reviewed });
    await runner.start(job.id);
    await runner.whenIdle();
    const done = await runner.getJob(job.id);
    expect(done?.status).toBe('done');
    expect(done?.counts.deleted).toBe(N);
    expect(service.size).toBe(0);

    expect(await runner.removeJob(job.id)).toBe(true); // "Done": the job's own copy of the records goes
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).some((k) => k.includes(job.id))).toBe(false);

    const stats = await audit.stats();
    expect(stats.entries).toBe(N);
    expect(stats.notExported).toBe(N);
    const exported = JSON.parse(await exportAll(audit, 'json')) as { id: string; preDeleteJson: unknown }[];
    expect(exported).toHaveLength(N);
    const byId = new Map(exported.map((e) => [e.id, e.preDeleteJson]));
    for (const r of all) expect(byId.get(r.id)).toEqual(r.raw);
  }, 120_000);

  it('"Done" is refused while a final outcome has no audit entry (the job keeps its copy)', async () => {
    fakeBrowser.reset();
    const all = Array.from({ length: 40 }, (_, i) => invoice(i));
    const service = new Map(all.map((r) => [`${r.entity}:${r.id}`, r]));
    const { runner, audit } = memoryRunner(service);
    const job = await runner.createJob({
      realmId: '1',
      environment: 'sandbox',
      records: all.map((record) => ({ record, reconciled: false })),
    });
    await runner.start(job.id);
    await runner.whenIdle();
    // The log loses entries behind the runner's back, never exported (a damaged database). Entries
    // exported and then cleared on purpose do not count as lost (tests/jobs/runner-job-list.test.ts).
    const { entries } = await audit.read({ jobId: job.id });
    expect(entries).toHaveLength(40);
    const db = await openDB(AUDIT_DB_NAME);
    const keys = (await db.getAllKeys('entries')).slice(0, 5);
    for (const key of keys) await db.delete('entries', key);
    db.close();
    expect(await audit.countForJob(job.id)).toBe(35);
    expect(await runner.removeJob(job.id)).toBe(false);
    expect((await runner.getRecords(job.id)).length).toBe(40); // the job's copy is still there
  });
});
