/**
 * Issue 11 §3: a job the device cannot hold the snapshots of is refused before it starts (running
 * out of room halfway would leave deleted records without their audit entries).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startRefusalText } from '../../lib/background/words/start';
import { bytesNeeded, COPIES, startRoom } from '../../lib/jobs/start-policy-room';
import type { ReviewedRecord } from '../../lib/jobs/types';
import { connectedWithSelection, createSecurityHarness, SENDERS, type SecurityHarness } from '../security/harness';

const rec = (id: string, note: string): ReviewedRecord => ({
  record: { entity: 'Invoice', id, syncToken: '0', linkedTxn: [], raw: { Id: id, PrivateNote: note } },
  reconciled: false,
});

describe('room for a job’s snapshots (pure)', () => {
  const records = [rec('1', 'x'.repeat(1_000)), rec('2', 'y'.repeat(2_000))];
  const need = bytesNeeded(records);

  it('counts each record’s JSON COPIES times', () => {
    const json = records.reduce((n, r) => n + JSON.stringify(r.record).length, 0);
    expect(need).toBe(json * COPIES);
  });

  it('refuses exactly when the need is more than what is free, in words with both sizes', async () => {
    expect(startRoom(records, { usage: 1_000, quota: 1_000 + need })).toBeUndefined();
    const refusal = startRoom(records, { usage: 1_001, quota: 1_000 + need });
    expect(refusal).toEqual({ code: 'noRoom', records: 2, need, free: need - 1 });
    const text = refusal && (await startRefusalText(refusal, async () => undefined));
    expect(text).toMatch(
      /^Not enough room on this device to keep the snapshots of 2 deleted records: they need about 0\.0 MB and 0\.0 MB is free\./,
    );
    expect(text).toContain('Export the audit log');
  });

  it('a browser that cannot estimate does not block (the estimate is missing, not zero)', () => {
    expect(startRoom(records, undefined)).toBeUndefined();
    expect(startRoom(records, { usage: 5 })).toBeUndefined();
  });
});

describe('job/start with too little room', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => h?.close());

  it('is refused before anything is sent, and starts once there is room', async () => {
    let quota = 10_000; // bytes: far less than 40 invoices' JSON three times over
    h = await createSecurityHarness({ estimateStorage: async () => ({ usage: 0, quota }) });
    const company = await connectedWithSelection(h);
    const refused = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.error).toMatch(
      /^Not enough room on this device to keep the snapshots of 40 deleted records/,
    );
    expect(h.callsTo(company.realmId, 'batch')).toBe(0);
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    quota = 1_000_000_000;
    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(started.ok).toBe(true);
  });
});
