/** A real-shaped audit line for the audit tests. */
import type { AuditEntry } from '../../lib/audit/entry';

export function entry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    at: Date.UTC(2026, 0, 15, 9, 0, 0),
    jobId: 'job1',
    realmId: '9130350000000001',
    environment: 'sandbox',
    entity: 'Invoice',
    id: '129',
    docNumber: '1032',
    txnDate: '2025-03-01',
    amount: 300,
    party: 'Acme, "The" Company',
    syncToken: '2',
    outcome: 'deleted',
    outcomeLabel: 'Deleted',
    intuitTid: 'tid-1',
    preDeleteJson: { Id: '129', SyncToken: '2', PrivateNote: 'line1\nline2' },
    ...over,
  };
}
