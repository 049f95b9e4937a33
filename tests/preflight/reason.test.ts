/**
 * The log's English, made from the facts by one function (lib/audit/words.ts): every finding
 * says what the checks wrote before findings became data, word for word, so the log reads the same.
 */
import { describe, expect, it } from 'vitest';
import { findingReason, recordReason } from '../../lib/audit/words';
import type { Finding } from '../../lib/domain/findings';

const invoice = { entity: 'Invoice', id: '33' };

describe('findingReason: each status in the words the log has always had', () => {
  it.each<[Finding, string]>([
    [{ status: 'duplicate' }, 'Invoice:33 is already in the selection'],
    [{ status: 'unsupported', field: 'entity', value: 'Widget' }, 'Widget is not a supported type'],
    [{ status: 'unsupported', field: 'id', value: '1a' }, '"1a" is not a valid Id'],
    [{ status: 'notFound' }, 'Invoice 33 no longer exists (deleted already?)'],
    [
      { status: 'changed', changedAt: '2025-04-15T10:00:00-07:00' },
      'changed at 2025-04-15T10:00:00-07:00, after the page showed it',
    ],
    [
      { status: 'closedPeriod', dated: '2024-01-05', closedThrough: '2024-03-31' },
      'R3: dated 2024-01-05, in the period closed on 2024-03-31',
    ],
    [
      { status: 'deposited', depositId: '955' },
      'on Deposit 955: the service refuses it (6540) until it is removed from the deposit',
    ],
    [
      { status: 'unverifiable', missing: 'LastUpdatedTime', undecided: 'changed' },
      'the service gave no readable LastUpdatedTime: cannot prove the record unchanged',
    ],
    [
      { status: 'unverifiable', missing: 'shownAt', undecided: 'changed' },
      'the page gave no readable time it showed the record: cannot prove the record unchanged',
    ],
    [
      { status: 'unverifiable', missing: 'TxnDate', undecided: 'closedPeriod' },
      'no readable TxnDate: cannot compare with the book-closing date',
    ],
    [
      { status: 'unverifiable', missing: 'TxnDate', undecided: 'reconciled' },
      'no readable TxnDate: cannot look the record up in the reconciliation report',
    ],
    [
      { status: 'reconciled' },
      'R2: reconciled; the service would delete it without a word and unbalance the reconciliation',
    ],
    [
      { status: 'pageMismatch', differences: [{ field: 'number', shown: '1002', actual: '1001', id: '33' }] },
      'QuickBooks showed no. 1002 for this row; the record says no. 1001. Reload the page and tick it again.',
    ],
    [
      { status: 'linked', links: [{ txnId: '3051', txnType: 'Payment' }] },
      'linked to Payment 3051: deleting it changes that record',
    ],
    [
      {
        status: 'linked',
        links: [
          { txnId: '3051', txnType: 'Payment' },
          { txnId: '576', txnType: 'Estimate' },
        ],
        use: { kind: 'billed' },
      },
      'linked to Payment 3051, Estimate 576: deleting it changes those records; Billed on an invoice: deleting it changes that invoice',
    ],
    [
      { status: 'linked', links: [], use: { kind: 'creditApplied', applied: 1200, total: 1500, currency: 'USD' } },
      "A credit of $1,200.00 of it was applied to another transaction: deleting it changes that transaction's balance",
    ],
  ])('%o', (finding, words) => {
    expect(findingReason(finding, invoice)).toBe(words);
  });
});

describe('recordReason', () => {
  it('the first blocker speaks for the record; a ready one is "Ready to delete" with each warning', () => {
    const linked: Finding = { status: 'linked', links: [{ txnId: '1', txnType: 'Payment' }] };
    expect(recordReason(invoice, [{ status: 'notFound' }, { status: 'reconciled' }], [linked])).toBe(
      'Invoice 33 no longer exists (deleted already?)',
    );
    expect(recordReason(invoice, [], [linked])).toBe(
      'Ready to delete; warning: linked to Payment 1: deleting it changes that record',
    );
    expect(recordReason(invoice, [], [])).toBe('Ready to delete');
  });
});

describe('findingReason: a status the switch does not word yet', () => {
  // A new status is declared in lib/domain/statuses.ts and found by its check; the log words it from
  // the declaration until someone writes it a sentence here (issue 19: a new status touches ≤ 4 files).
  it('speaks the declaration: plain words when it has them, else its label', () => {
    expect(findingReason({ status: 'ready' } as unknown as Finding, invoice)).toBe('Ready');
  });
  it('never throws on a status nobody declared: it names it', () => {
    expect(findingReason({ status: 'fromTheFuture' } as unknown as Finding, invoice)).toBe('status fromTheFuture');
  });
});
