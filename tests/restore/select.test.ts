/** Which audit entries a restore starts from: deletions only, the latest per record, filtered. */
import { describe, expect, it } from 'vitest';
import { restorableOf, unconfirmedOf } from '../../lib/restore/entry';
import { filterEntries, txnDateOf } from '../../lib/restore/select';
import { bill160, bill161, entry, invoice, journalEntry, payment } from './payloads';

const keys = (entries: { entity: string; id: string; jobId: string }[]) =>
  entries.map((e) => `${e.entity}:${e.id}@${e.jobId}`);

describe('filterEntries', () => {
  const log = [
    entry('Invoice', invoice, { jobId: 'job-1', at: 10 }),
    entry('Payment', payment, { jobId: 'job-1', at: 11, outcome: 'deletedVerified' }),
    entry('Bill', bill160, { jobId: 'job-2', at: 20, outcome: 'refused' }),
    entry('Bill', bill161, { jobId: 'job-2', at: 21, outcome: 'notDeletedVerified' }),
    entry('JournalEntry', journalEntry, { jobId: 'job-3', at: 30, environment: 'production' }),
    entry('Invoice', invoice, { jobId: 'job-4', at: 40, realmId: '555' }),
  ];

  it('keeps only deletions (deleted, deletedVerified), in log order', () => {
    expect(keys(filterEntries(log))).toEqual([
      'Invoice:130@job-1',
      'Payment:140@job-1',
      'JournalEntry:180@job-3',
      'Invoice:130@job-4',
    ]);
  });

  it('one entry per record and company: the latest deletion, even when listed first', () => {
    const twice = [entry('Invoice', invoice, { jobId: 'b', at: 5 }), entry('Invoice', invoice, { jobId: 'a', at: 3 })];
    expect(keys(filterEntries(twice))).toEqual(['Invoice:130@b']);
    const tie = [entry('Invoice', invoice, { jobId: 'a', at: 5 }), entry('Invoice', invoice, { jobId: 'b', at: 5 })];
    expect(keys(filterEntries(tie))).toEqual(['Invoice:130@b']);
    // A later non-deletion never hides the deletion.
    const afterwards = [entry('Bill', bill160, { at: 1 }), entry('Bill', bill160, { at: 2, outcome: 'alreadyGone' })];
    expect(filterEntries(afterwards).map((e) => e.at)).toEqual([1]);
  });

  it("by job and entity (the company is the audit log query's: tests/audit/read-company.test.ts)", () => {
    expect(keys(filterEntries(log, { jobId: 'job-1' }))).toEqual(['Invoice:130@job-1', 'Payment:140@job-1']);
    expect(keys(filterEntries(log, { entities: ['Payment', 'Bill'] }))).toEqual(['Payment:140@job-1']);
    expect(keys(filterEntries(log, { jobId: 'job-4', entities: ['Invoice'] }))).toEqual(['Invoice:130@job-4']);
    expect(filterEntries(log, { entities: [] })).toEqual([]);
  });

  it('a record the log shows restored, or a running restore is bringing back, is not offered again', () => {
    const restored = entry('Invoice', invoice, { jobId: 'r', at: 50, outcome: 'restored' });
    expect(keys(restorableOf([...log, restored]))).toEqual(['Payment:140@job-1', 'JournalEntry:180@job-3']);
    expect(keys(restorableOf(log, ['Payment:140']))).toEqual([
      'Invoice:130@job-1',
      'JournalEntry:180@job-3',
      'Invoice:130@job-4',
    ]);
  });

  it('a record whose restore was not confirmed is never plainly restorable: it is listed apart until a restore confirms it', () => {
    const unsure = entry('Invoice', invoice, { jobId: 'r1', at: 50, outcome: 'restoreUnconfirmed' });
    expect(keys(restorableOf([...log, unsure]))).toEqual(['Payment:140@job-1', 'JournalEntry:180@job-3']);
    // Its latest deletion per company (the log is read one company at a time), what a chosen restore starts from.
    const twice = [entry('Invoice', invoice, { jobId: 'old', at: 1 }), ...log, unsure];
    expect(keys(unconfirmedOf(twice))).toEqual(['Invoice:130@job-1', 'Invoice:130@job-4']);
    // A restore that holds it now, or a later one that brought it back: offered in no way.
    expect(unconfirmedOf([...log, unsure], ['Invoice:130'])).toEqual([]);
    const later = entry('Invoice', invoice, { jobId: 'r2', at: 60, outcome: 'restored' });
    expect(unconfirmedOf([...log, unsure, later])).toEqual([]);
    expect(keys(restorableOf([...log, unsure, later]))).toEqual(['Payment:140@job-1', 'JournalEntry:180@job-3']);
    // No restore of it yet: nothing is unconfirmed.
    expect(unconfirmedOf(log)).toEqual([]);
  });

  it('from/to are TxnDates, both inclusive; the snapshot’s date wins over the entry’s; undated entries are left out of a range', () => {
    expect(keys(filterEntries(log, { from: '2024-04-02', to: '2024-04-10' }))).toEqual([
      'Invoice:130@job-1',
      'Payment:140@job-1',
      'Invoice:130@job-4',
    ]);
    expect(keys(filterEntries(log, { to: '2024-03-31' }))).toEqual(['JournalEntry:180@job-3']);
    expect(keys(filterEntries(log, { from: '2024-04-03' }))).toEqual(['Payment:140@job-1']);
    const undated = entry('Invoice', { ...invoice, TxnDate: undefined }, { txnDate: undefined });
    expect(filterEntries([undated], { from: '2000-01-01' })).toEqual([]);
    expect(filterEntries([undated])).toEqual([undated]);
    expect(txnDateOf({ txnDate: '2024-01-01', preDeleteJson: { TxnDate: '2024-02-02' } })).toBe('2024-02-02');
    expect(txnDateOf({ txnDate: '2024-01-01', preDeleteJson: null })).toBe('2024-01-01');
  });
});
