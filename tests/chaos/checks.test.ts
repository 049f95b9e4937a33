/**
 * The judge itself, on a hand-made ledger: a check that never fires proves nothing. A change before
 * the runner's last re-read of a deleted record is a wrong delete; one inside the re-read→delete gap
 * is a race, counted apart; an applied delete without its audit line or its JSON is caught.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/audit/entry';
import type { GroundTruth } from '../../tools/simulator/api';
import { fakeClient } from '../../tools/support/fake-client';
import { judge } from './checks';
import { createLedger } from './ledger';

const meta = { status: 200 };
const stub = fakeClient({
  readByIds: async () => ({ kind: 'ok', meta, records: [], calls: 1 }),
  batchDelete: async () => ({ kind: 'ok', meta, results: new Map() }),
});

const json = (id: string) => ({ Id: id, SyncToken: '0' });
const entry = (id: string): AuditEntry => ({
  at: 0,
  jobId: 'j',
  realmId: '1',
  environment: 'sandbox',
  entity: 'Invoice',
  id,
  syncToken: '0',
  outcome: 'deleted',
  outcomeLabel: 'Deleted',
  preDeleteJson: json(id),
});

describe('judge', () => {
  it('tells a wrong delete from a race, and finds a missing audit line', async () => {
    const ledger = createLedger();
    const client = ledger.observe(stub);
    const send = (id: string) => client.batchDelete([{ bId: '1', entity: 'Invoice', id, syncToken: '0' }]);
    ledger.change('Invoice:1', 'edit', 'duringJob'); // before its re-read: must have been skipped
    ledger.change('Invoice:4', 'reconcile', 'beforePreflight');
    await client.readByIds('Invoice', ['1', '2', '3', '4']);
    ledger.change('Invoice:2', 'edit', 'duringJob'); // inside the gap: a race R1 allows
    for (const id of ['1', '2', '3', '4']) await send(id);
    const deleted = ['Invoice:1', 'Invoice:2', 'Invoice:3', 'Invoice:4'];
    const truth: GroundTruth = {
      exists: () => false,
      appliedDeletes: (k) => (deleted.includes(k) ? 1 : 0),
      deletedKeys: () => deleted,
      syncToken: () => undefined,
      appliedCreates: () => 0,
      createdKeys: () => [],
      appliedVoids: () => 0,
      voidedKeys: () => [],
      liveKeys: () => [],
    };
    const jsons = new Map(deleted.map((k) => [k, json(k.slice(8))]));
    const verdict = judge({
      truth,
      ledger,
      job: undefined,
      stuck: 'not run',
      rows: [],
      audit: [entry('1'), entry('2'), entry('4')],
      reviewedJson: jsons,
      lastJson: jsons,
      closedKeys: [],
      runnerErrors: 0,
    });
    const figure = (label: string) => verdict.mustBeZero.find((j) => j.label.startsWith(label))?.examples;
    expect(figure('changed records deleted')).toEqual(['Invoice:1']);
    expect(figure('reconciled records deleted')).toEqual(['Invoice:4']);
    expect(verdict.racedEdits).toEqual(['Invoice:2']);
    expect(figure('applied deletes missing from the audit log')).toEqual(['Invoice:3']);
    expect(verdict.ok).toBe(false);
  });
});
