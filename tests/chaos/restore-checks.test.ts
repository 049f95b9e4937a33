/**
 * The restore judge itself, on a hand-made world (a check that never fires proves nothing): a clean
 * restore (an invoice and the payment that paid it, a closed-period bill refused) is all 0; each
 * fault the chaos run must catch is then planted once and caught: a create applied twice, a stray
 * second copy of a restored record, a payment still naming the OLD invoice, a line amount changed,
 * an outcome naming a record that does not exist, a record created inside the closed period, an
 * audit line with another new Id.
 */

import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/audit/entry';
import type { JobRecordRow, JobSnapshot } from '../../lib/jobs/types';
import { markedNote } from '../../lib/restore/marker';
import { planRestore } from '../../lib/restore/plan';
import type { GroundTruth } from '../../tools/simulator/api';
import { judgeRestore, type RestoreCheckInput } from './restore-checks';

type Json = Record<string, unknown>;

const snapshots: Record<string, Json> = {
  'Invoice:10': {
    Id: '10',
    SyncToken: '2',
    DocNumber: '1001',
    TxnDate: '2025-03-01',
    TotalAmt: 100,
    Balance: 0,
    CustomerRef: { value: '1' },
    PrivateNote: 'March',
    LinkedTxn: [{ TxnId: '20', TxnType: 'Payment' }],
    Line: [{ Id: '1', Amount: 100, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: {} }],
  },
  'Payment:20': {
    Id: '20',
    SyncToken: '0',
    TxnDate: '2025-03-05',
    TotalAmt: 100,
    CustomerRef: { value: '1' },
    Line: [{ Id: '1', Amount: 100, LinkedTxn: [{ TxnId: '10', TxnType: 'Invoice' }] }],
  },
  'Bill:30': { Id: '30', SyncToken: '0', TxnDate: '2024-01-10', TotalAmt: 5, VendorRef: { value: '7' } },
};

const entry = (key: string, extra: Partial<AuditEntry> = {}): AuditEntry => {
  const [entity, id] = key.split(':') as [AuditEntry['entity'], string];
  return {
    at: 1,
    jobId: 'delete-job',
    realmId: 'r',
    environment: 'sandbox',
    entity,
    id,
    syncToken: '0',
    outcome: 'deleted',
    outcomeLabel: 'Deleted',
    preDeleteJson: snapshots[key] as Json,
    ...extra,
  };
};

/** The service's records after a clean restore: Invoice 50 and Payment 51 (paying 50). */
function cleanRecords(): Map<string, Json> {
  const { Id: _i, SyncToken: _s, Balance: _b, LinkedTxn: _l, ...invoice } = snapshots['Invoice:10'] as Json;
  return new Map<string, Json>([
    // The restore writes its mark of the old Id in the note (lib/restore/marker.ts).
    [
      'Invoice:50',
      {
        ...invoice,
        Id: '50',
        PrivateNote: markedNote(invoice.PrivateNote, '10'),
        LinkedTxn: [{ TxnId: '51', TxnType: 'Payment' }],
      },
    ],
    [
      'Payment:51',
      {
        Id: '51',
        TxnDate: '2025-03-05',
        TotalAmt: 100,
        CustomerRef: { value: '1' },
        PrivateNote: markedNote(undefined, '20'),
        Line: [{ Id: '1', Amount: 100, LinkedTxn: [{ TxnId: '50', TxnType: 'Invoice' }] }],
      },
    ],
  ]);
}

const restored = (key: string, newId: string): JobRecordRow => ({
  key,
  entity: key.split(':')[0] as JobRecordRow['entity'],
  id: key.split(':')[1] as string,
  state: { kind: 'final', outcome: { kind: 'restored', newId }, at: 2 },
  group: 'done' as JobRecordRow['group'],
});

function world(
  plant: (w: { records: Map<string, Json>; input: RestoreCheckInput; applied: Map<string, number> }) => void,
) {
  const deleted = Object.keys(snapshots).map((k) => entry(k));
  const plan = planRestore(deleted, { bookCloseDate: '2024-06-30' });
  const records = cleanRecords();
  const applied = new Map<string, number>();
  const created = ['Invoice:50', 'Payment:51'];
  const truth: GroundTruth = {
    exists: (k) => records.has(k),
    appliedDeletes: () => 1,
    deletedKeys: () => Object.keys(snapshots),
    syncToken: () => '0',
    appliedCreates: (k) => applied.get(k) ?? (created.includes(k) ? 1 : 0),
    createdKeys: () => created,
    appliedVoids: () => 0,
    voidedKeys: () => [],
    liveKeys: () => [...records.keys()],
  };
  const input: RestoreCheckInput = {
    truth,
    record: (k) => records.get(k),
    createdBefore: 0,
    plan,
    snapshots: new Map(deleted.map((e) => [`${e.entity}:${e.id}`, e])),
    planCloseDate: '2024-06-30',
    closedThrough: '2024-06-30',
    job: { id: 'restore-job', status: 'done', unverified: 0 } as JobSnapshot,
    rows: [restored('Invoice:10', '50'), restored('Payment:20', '51')],
    audit: [
      entry('Invoice:10', { jobId: 'restore-job', outcome: 'restored', newId: '50' }),
      entry('Payment:20', { jobId: 'restore-job', outcome: 'restored', newId: '51' }),
    ],
    runnerErrors: 0,
  };
  plant({ records, input, applied });
  if (records.has('Invoice:52')) created.push('Invoice:52');
  const verdict = judgeRestore(input);
  const figures = Object.fromEntries(
    verdict.mustBeZero.filter((j) => j.value > 0).map((j) => [j.label.replace('restore: ', ''), j.examples]),
  );
  return { verdict, figures, plan };
}

describe('judgeRestore', () => {
  it('a clean restore is all 0, the closed-period bill refused, the payment linked to the NEW invoice', () => {
    const { verdict, figures, plan } = world(() => undefined);
    expect(plan.refused.map((r) => r.oldKey)).toEqual(['Bill:30']);
    expect(figures).toEqual({});
    expect(verdict.linksToRestored).toBe(1);
  });

  it('a create applied twice, and a stray second copy of a restored invoice', () => {
    const { figures } = world(({ records, applied }) => {
      applied.set('Payment:51', 2);
      records.set('Invoice:52', { ...records.get('Invoice:50'), Id: '52' });
    });
    expect(figures['duplicates created (applied twice, or created > restored)']).toEqual([
      'Payment:51 applied 2×',
      'Invoice:52 (no outcome)',
    ]);
    expect(figures['records restored twice (an old record with two new ones)']).toEqual([
      'Invoice:10 → Invoice:50 + Invoice:52',
    ]);
  });

  it('a payment still naming the OLD invoice, a line amount changed, a note lost', () => {
    const { figures } = world(({ records }) => {
      const payment = records.get('Payment:51') as Json;
      payment.Line = [{ Id: '1', Amount: 90, LinkedTxn: [{ TxnId: '10', TxnType: 'Invoice' }] }];
      (records.get('Invoice:50') as Json).PrivateNote = undefined;
    });
    expect(figures['restored records not matching their snapshot']).toEqual([
      'Invoice:10 → 50: PrivateNote',
      'Payment:20 → 51: Line 1 Amount, Line 1 LinkedTxn',
    ]);
  });

  it('an outcome naming a record that does not exist; a record created in the closed period; an audit line astray', () => {
    const { figures } = world(({ input }) => {
      input.rows = [restored('Invoice:10', '50'), restored('Payment:20', '99')];
      input.closedThrough = '2025-03-01';
    });
    expect(figures['restored outcomes whose new record does not exist']).toEqual(['Payment:20 → Payment:99']);
    expect(figures['closed-period records created']).toEqual(['Invoice:50']);
    expect(figures['restores missing from the audit log (or logged twice)']).toEqual(['Payment:20 → 99: audit ["51"]']);
    expect(figures['duplicates created (applied twice, or created > restored)']).toEqual(['Payment:51 (no outcome)']);
  });
});
