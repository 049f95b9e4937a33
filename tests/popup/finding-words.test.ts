/**
 * The popup words each finding from its facts (lib/popup/words.ts plainReason, linkedText): dates and
 * money in the browser's locale, what is missing said precisely, and the same words as before where
 * the facts are the same. No sentence is parsed: a row without facts gets the general words.
 */
import { describe, expect, it } from 'vitest';
import type { BlockingFinding, LinkedFinding } from '../../lib/domain/findings';
import type { SelectionRow } from '../../lib/messaging/views';
import { linkedText, plainReason } from '../../lib/popup/words';
import { row } from './fixtures';

const blocked = (finding: BlockingFinding): SelectionRow => ({ ...row(7, finding.status), blockers: [finding] });

describe('plainReason from the facts', () => {
  it('closed period: both dates, in the locale', () => {
    const closed = blocked({ status: 'closedPeriod', dated: '2024-01-05', closedThrough: '2024-03-31' });
    expect(plainReason(closed, 'en-US')).toBe(
      'Dated Jan 5, 2024, in books closed on Mar 31, 2024: QuickBooks refuses to delete it.',
    );
    expect(plainReason(closed, 'de-DE')).toBe(
      'Dated 05.01.2024, in books closed on 31.03.2024: QuickBooks refuses to delete it.',
    );
    expect(plainReason(row(7, 'closedPeriod'), 'en-US')).toBe(
      'Dated in a closed period: QuickBooks refuses to delete it.',
    );
  });

  it('deposited: the deposit’s Id, from the fact', () => {
    expect(plainReason(blocked({ status: 'deposited', depositId: '955' }))).toBe(
      'On a bank deposit: QuickBooks refuses to delete it until you remove it from that deposit (open it in QuickBooks to see which).',
    );
    expect(plainReason(row(7, 'deposited'))).toBe(
      'On a bank deposit: QuickBooks refuses to delete it until you remove it from that deposit (open it in QuickBooks to see which).',
    );
  });

  it('does not match the page: each field that differs, the record’s side in the locale', () => {
    const mismatch = blocked({
      status: 'pageMismatch',
      differences: [
        { field: 'amount', shown: '$1,200.00', actual: 120, currency: 'EUR' },
        { field: 'date', shown: '04/04/2025', actual: '2025-04-03' },
      ],
    });
    expect(plainReason(mismatch, 'en-US')).toBe(
      'QuickBooks showed $1,200.00 and the date 04/04/2025 for this row; the record says €120.00 and it is dated Apr 3, 2025. Reload the page and tick it again.',
    );
    const number = blocked({ status: 'pageMismatch', differences: [{ field: 'number', shown: '34', id: '33' }] });
    expect(plainReason(number, 'en-US')).toBe(
      'QuickBooks showed no. 34 for this row; the record says no number (Id 33). Reload the page and tick it again.',
    );
    expect(plainReason(row(7, 'pageMismatch'))).toBe(
      "What QuickBooks showed for this row doesn't match the record. Reload the page and tick it again.",
    );
    const kindAndName = blocked({
      status: 'pageMismatch',
      differences: [
        { field: 'type', shown: 'Bill', actual: 'Invoice' },
        { field: 'name', shown: 'Garage', actual: 'Cool Cars' },
      ],
    });
    expect(plainReason(kindAndName, 'en-US')).toBe(
      'QuickBooks showed the type “Bill” and the name “Garage” for this row; the record says it is an invoice and it names Cool Cars. Reload the page and tick it again.',
    );
  });

  it('cannot verify: says what is missing', () => {
    const missing = (m: 'TxnDate' | 'LastUpdatedTime' | 'shownAt') =>
      plainReason(blocked({ status: 'unverifiable', missing: m, undecided: 'changed' }));
    expect(missing('TxnDate')).toBe(
      'QuickBooks did not send its date, so Safe Delete cannot prove it is safe to delete.',
    );
    expect(missing('LastUpdatedTime')).toBe(
      'QuickBooks did not send when it last changed, so Safe Delete cannot prove it is safe to delete.',
    );
    expect(missing('shownAt')).toBe(
      'Safe Delete does not know when the page showed it, so it cannot prove it unchanged. Tick it again.',
    );
  });

  it('unsupported: a type it does not delete, or an Id it cannot read', () => {
    expect(plainReason(blocked({ status: 'unsupported', field: 'entity', value: 'Widget' }))).toBe(
      'Safe Delete cannot delete this kind of transaction.',
    );
    expect(plainReason(blocked({ status: 'unsupported', field: 'id', value: '1a' }))).toBe(
      "Safe Delete cannot read this transaction's Id, so it cannot check it.",
    );
  });
});

describe('linkedText without the counterparts’ details: from the linked finding', () => {
  const linked = (finding: Omit<LinkedFinding, 'status'>) => ({
    warnings: [{ status: 'linked' as const, ...finding }],
  });

  it('names each link; a use without a link is said in the locale’s money', () => {
    expect(linkedText(linked({ links: [{ txnId: '3051', txnType: 'Payment' }] }))).toBe(
      'Deleting it changes Payment (Id 3051): a payment applied to it becomes an unapplied credit.',
    );
    const credit = linked({ links: [], use: { kind: 'creditApplied', applied: 1200, total: 1500, currency: 'EUR' } });
    expect(linkedText(credit, { locale: 'de-DE' })).toBe(
      "A credit of 1.200,00\u00a0€ of it was applied to another transaction: deleting it changes that transaction's balance.",
    );
    expect(linkedText(linked({ links: [{ txnId: '9', txnType: 'Invoice' }], use: { kind: 'billed' } }))).toBe(
      'Deleting it changes Invoice (Id 9): a payment applied to it becomes an unapplied credit. ' +
        'Billed on an invoice: deleting it changes that invoice.',
    );
    expect(linkedText({ warnings: [] })).toBe('Deleting it changes the transactions linked to it (payments, credits).');
  });
});
