/** The audit log of a real run: every record touched, with its pre-delete JSON; never the token. */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHarness, type Harness } from '../jobs/harness';
import { exportAll } from './export-all';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('audit of a job', () => {
  it('has one line per record touched with time, company, entity, Id, outcome, fault, intuit_tid and full JSON', async () => {
    h = await createHarness({ count: 45, entities: { Invoice: 1 }, closedShare: 0.2, reconciledShare: 0.1 });
    const runner = h.runner();
    const records = await h.review(h.company.keys.all);
    h.sim.editRecord(h.realmId, h.company.keys.all[0] ?? '');
    const job = await runner.createJob({ realmId: h.realmId, environment: 'sandbox', records });
    await runner.start(job.id);
    await h.settle(runner, job.id);
    const { entries } = await h.audit.read();
    expect(entries).toHaveLength(45);
    const byKey = new Map(records.map((r) => [`${r.record.entity}:${r.record.id}`, r.record]));
    for (const e of entries) {
      const reviewed = byKey.get(`${e.entity}:${e.id}`);
      expect(e.realmId).toBe(h.realmId);
      expect(e.environment).toBe('sandbox');
      expect(e.jobId).toBe(job.id);
      expect(e.preDeleteJson).toEqual(reviewed?.raw);
      expect(e.syncToken).toBe(reviewed?.syncToken);
      expect(e.txnDate).toBe(reviewed?.txnDate);
      expect(e.amount).toBe(reviewed?.totalAmt);
      expect(e.at).toBeGreaterThan(0);
    }
    const deleted = entries.filter((e) => e.outcome === 'deleted');
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.every((e) => typeof e.intuitTid === 'string' && e.intuitTid.length > 0)).toBe(true);
    const closed = entries.filter((e) => e.outcome === 'closedPeriod');
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((e) => e.faultCode && e.faultMessage)).toBe(true);
    expect(entries.some((e) => e.outcome === 'skippedChanged')).toBe(true);
    expect(entries.some((e) => e.outcome === 'skippedReconciled')).toBe(true);

    const csv = await exportAll(h.audit, 'csv');
    const json = await exportAll(h.audit, 'json');
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    for (const text of [csv, json, everything]) expect(text).not.toContain(h.company.token);
  });
});
