/** The plan: bodies, waves, dependencies, refusals predicted before any call, notes for the bookkeeper. */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/audit/entry';
import { cannotComeBackText, restoreNoteText, restoreRefusalText } from '../../lib/popup/words/restore';
import { rewriteLinks } from '../../lib/restore/links';
import { CANNOT_COME_BACK, type PlannedRecord, planRestore, type RefusedRecord } from '../../lib/restore/plan';
import { createBody } from '../../lib/restore/strip';
import { allEntries, bill160, creditMemo, deposit, entry, invoice, journalEntry, payment } from './payloads';

/** The plan gives codes; these are their words as the audit log and the preview say them (dates as stored). */
const reasonOf = (r: RefusedRecord | undefined) => (r ? restoreRefusalText(r.why) : undefined);
const notesOf = (r: PlannedRecord | undefined) => (r?.notes ?? []).map(restoreNoteText);

const summary = (plan: ReturnType<typeof planRestore>) =>
  plan.records.map((r) => ({ key: r.oldKey, wave: r.wave, dependsOn: r.dependsOn }));

describe('planRestore: the whole set', () => {
  const plan = planRestore(allEntries(), { bookCloseDate: '2024-03-30' });

  it('orders documents, then payments, then the deposit, each with what it depends on', () => {
    expect(summary(plan)).toEqual([
      { key: 'JournalEntry:180', wave: 0, dependsOn: [] },
      { key: 'Bill:160', wave: 0, dependsOn: [] },
      { key: 'Bill:161', wave: 0, dependsOn: [] },
      { key: 'Invoice:130', wave: 0, dependsOn: [] },
      { key: 'CreditMemo:135', wave: 0, dependsOn: [] },
      { key: 'Payment:140', wave: 1, dependsOn: ['Invoice:130', 'CreditMemo:135'] },
      { key: 'BillPayment:170', wave: 1, dependsOn: ['Bill:160', 'Bill:161'] },
      { key: 'Deposit:150', wave: 2, dependsOn: ['Payment:140'] },
    ]);
    expect(plan.refused).toEqual([]);
    expect(plan.company).toEqual({ realmId: '9130', environment: 'sandbox' });
    expect([...plan.restoreSet].sort()).toEqual(
      [
        'Bill:160',
        'Bill:161',
        'BillPayment:170',
        'CreditMemo:135',
        'Deposit:150',
        'Invoice:130',
        'JournalEntry:180',
        'Payment:140',
      ].sort(),
    );
  });

  it('carries the stripped body and what the bookkeeper recognises; no notes when the payment and deposit come back too', () => {
    const inv = plan.records.find((r) => r.oldKey === 'Invoice:130')!;
    expect(inv).toEqual({
      oldKey: 'Invoice:130',
      entity: 'Invoice',
      oldId: '130',
      docNumber: '1037',
      txnDate: '2024-04-02',
      amount: 350,
      currency: 'USD', // as the audit entry names it: the preview totals per currency
      body: createBody('Invoice', invoice),
      wave: 0,
      dependsOn: [],
      notes: [],
      jobId: 'job-1',
      deletedAt: 1_717_000_000_000,
    });
    expect(plan.records.flatMap((r) => r.notes)).toEqual([]);
  });

  it('runs through wave by wave: links in both places end up on the new Ids', () => {
    const newIds = new Map<string, string>();
    const sent: Record<string, unknown> = {};
    const inSet = (key: string) => plan.restoreSet.includes(key);
    for (const record of plan.records) {
      const result = rewriteLinks(record.body, newIds, inSet);
      if (result.kind !== 'rewritten') throw new Error(`blocked by ${result.blockedBy}`);
      sent[record.oldKey] = result.body;
      newIds.set(record.oldKey, `9${record.oldId}`);
    }
    expect((sent['Payment:140'] as { Line: unknown }).Line).toEqual([
      { Amount: 350, LinkedTxn: [{ TxnId: '9130', TxnType: 'Invoice' }] },
      { Amount: 50, LinkedTxn: [{ TxnId: '9135', TxnType: 'CreditMemo' }] },
    ]);
    expect((sent['Deposit:150'] as { Line: unknown }).Line).toEqual([
      { LineNum: 1, Amount: 300, LinkedTxn: [{ TxnId: '9140', TxnType: 'Payment', TxnLineId: '0' }] },
    ]);
    expect(
      (sent['BillPayment:170'] as { Line: unknown[] }).Line.map((l) => (l as { LinkedTxn: unknown }).LinkedTxn),
    ).toEqual([[{ TxnId: '9160', TxnType: 'Bill' }], [{ TxnId: '9161', TxnType: 'Bill' }]]);
  });

  it('when the invoice fails at run time, its payment is blocked rather than linked to the old Id', () => {
    const body = plan.records.find((r) => r.oldKey === 'Payment:140')!.body;
    expect(rewriteLinks(body, new Map([['CreditMemo:135', '9135']]), (key) => plan.restoreSet.includes(key))).toEqual({
      kind: 'blocked',
      blockedBy: 'Invoice:130',
    });
  });
});

describe('planRestore: refusals', () => {
  it('closed period: on or before the BookCloseDate is refused, and so is what links to it', () => {
    const plan = planRestore(allEntries(), { bookCloseDate: '2024-04-02' });
    expect(plan.refused.map((r) => ({ oldKey: r.oldKey, reason: reasonOf(r) }))).toEqual([
      { oldKey: 'Invoice:130', reason: 'Closed period: dated 2024-04-02, the books are closed through 2024-04-02.' },
      { oldKey: 'Bill:161', reason: 'Closed period: dated 2024-04-01, the books are closed through 2024-04-02.' },
      { oldKey: 'Bill:160', reason: 'Closed period: dated 2024-04-01, the books are closed through 2024-04-02.' },
      {
        oldKey: 'JournalEntry:180',
        reason: 'Closed period: dated 2024-03-31, the books are closed through 2024-04-02.',
      },
      {
        oldKey: 'Payment:140',
        reason: 'It is linked to Invoice 1037, which cannot be restored, so it cannot come back as it was.',
      },
      {
        oldKey: 'BillPayment:170',
        reason: 'It is linked to Bill B-77, which cannot be restored, so it cannot come back as it was.',
      },
      {
        oldKey: 'Deposit:150',
        reason: 'It is linked to Payment (Id 140), which cannot be restored, so it cannot come back as it was.',
      },
    ]);
    expect(summary(plan)).toEqual([{ key: 'CreditMemo:135', wave: 0, dependsOn: [] }]);
    expect(notesOf(plan.records[0])).toEqual([
      'The payment (Id 140) that applied it cannot be restored (see the records that cannot be restored), so this credit memo comes back with its full balance open.',
    ]);
    expect(plan.restoreSet).toHaveLength(8);
  });

  it('an entry that was not a deletion is refused: the record is still there', () => {
    const plan = planRestore([
      entry('Invoice', invoice, { outcome: 'refused', outcomeLabel: 'Refused: closed period' }),
      entry('Bill', bill160, { outcome: 'deletedVerified' }),
    ]);
    expect(plan.refused).toMatchObject([
      {
        oldKey: 'Invoice:130',
        why: { code: 'notDeleted', outcome: 'refused', label: 'Refused: closed period' },
        at: 1_717_000_000_000,
        jobId: 'job-1',
      },
    ]);
    expect(reasonOf(plan.refused[0])).toBe(
      'Safe Delete did not delete it (Refused: closed period), so there is nothing to restore.',
    );
    // Named as the deletion result named it: its number, date and amount as deleted.
    const inv = entry('Invoice', invoice, { outcome: 'refused' });
    expect(plan.refused[0]).toMatchObject({ docNumber: inv.docNumber, txnDate: inv.txnDate, amount: inv.amount });
    expect(plan.refused[0]?.docNumber).toBeDefined();
    expect(plan.restoreSet).toEqual(['Bill:160']);
    expect(summary(plan)).toEqual([{ key: 'Bill:160', wave: 0, dependsOn: [] }]);
  });

  it('the same record twice: the latest deletion is kept, the older entry refused', () => {
    const older = entry('Invoice', { ...invoice, PrivateNote: 'old copy' }, { at: 1, jobId: 'job-0' });
    const later = entry('Invoice', invoice, { at: 2, jobId: 'job-2' });
    const plan = planRestore([later, older]);
    expect(plan.refused).toMatchObject([
      {
        oldKey: 'Invoice:130',
        why: { code: 'listedTwice' },
        at: 1,
        jobId: 'job-0',
      },
    ]);
    expect(plan.records.map((r) => [r.jobId, r.body.PrivateNote])).toEqual([
      ['job-2', 'Restored by Safe Delete from #130'],
    ]);
  });

  it('a snapshot with no usable JSON is refused, with why', () => {
    const plan = planRestore([
      entry('Invoice', invoice, { preDeleteJson: {} }),
      entry('Bill', bill160, { preDeleteJson: { ...bill160, Id: '999' } }),
      entry('JournalEntry', journalEntry, { preDeleteJson: { ...journalEntry, TxnDate: undefined } }),
      entry('Deposit', deposit, { id: 'abc', preDeleteJson: { ...deposit, Id: 'abc' } }),
    ]);
    expect(plan.refused.map((r) => [r.oldKey, reasonOf(r)])).toEqual([
      ['Invoice:130', 'Its saved copy is empty or unreadable, so it cannot be re-created.'],
      ['Bill:160', 'Its saved copy is of another record, so it cannot be re-created from it.'],
      ['JournalEntry:180', 'Its saved copy has no transaction date, so it cannot be re-created as it was.'],
      ['Deposit:abc', 'Its saved copy is empty or unreadable, so it cannot be re-created.'],
    ]);
    expect(plan.records).toEqual([]);
  });

  it('an entry of another company than the first is refused; a link to a record deleted but not chosen is refused', () => {
    const plan = planRestore([entry('Payment', payment), entry('Bill', bill160, { realmId: '777' })], {
      deletedElsewhere: ['Invoice:130'],
    });
    expect(plan.refused.map((r) => [r.oldKey, reasonOf(r)])).toEqual([
      ['Bill:160', 'It belongs to another company (Id 777, a sandbox company): restore one company at a time.'],
      [
        'Payment:140',
        'It is linked to Invoice (Id 130), which was deleted too and is not part of this restore: add it to the restore.',
      ],
    ]);
  });

  it('a circle of links is refused with its reason, never dropped', () => {
    const a = { ...journalEntry, Id: '1', LinkedTxn: [{ TxnId: '2', TxnType: 'JournalEntry' }] };
    const b = { ...journalEntry, Id: '2', DocNumber: 'JE-10', LinkedTxn: [{ TxnId: '1', TxnType: 'JournalEntry' }] };
    const plan = planRestore([entry('JournalEntry', a), entry('JournalEntry', b)]);
    expect(plan.records).toEqual([]);
    expect(plan.refused.map((r) => r.oldKey)).toEqual(['JournalEntry:1', 'JournalEntry:2']);
    expect(reasonOf(plan.refused[0])).toContain('Journal entry JE-10 link to each other in a circle');
  });

  it('no entries, no plan', () => {
    expect(planRestore([])).toEqual({ records: [], refused: [], restoreSet: [] });
  });
});

describe('planRestore: notes for the bookkeeper', () => {
  it('an invoice whose payment still exists: re-apply it in QuickBooks', () => {
    const [record] = planRestore([entry('Invoice', invoice)]).records;
    expect(notesOf(record)).toEqual([
      'The payment (Id 140) that paid it still exists in QuickBooks, now as unapplied credit: once this invoice is restored, open that payment and apply it to this invoice again.',
    ]);
  });

  it('an invoice whose payment was deleted too but not chosen: restore it as well', () => {
    const [record] = planRestore([entry('Invoice', invoice)], { deletedElsewhere: ['Payment:140'] }).records;
    expect(notesOf(record)).toEqual([
      'The payment (Id 140) that paid it was deleted too and is not part of this restore: restore it as well to apply it to this invoice again.',
    ]);
  });

  it('a bill whose bill payment still exists; a payment whose deposit still exists', () => {
    const plan = planRestore([entry('Bill', bill160), entry('Payment', payment)]);
    expect(plan.records.map((r) => [r.oldKey, notesOf(r)])).toEqual([
      [
        'Bill:160',
        [
          'The bill payment (Id 170) that paid it still exists in QuickBooks, now as unapplied credit: once this bill is restored, open that bill payment and apply it to this bill again.',
        ],
      ],
      [
        'Payment:140',
        [
          'The deposit (Id 150) that held it still exists in QuickBooks: the restored payment waits in Undeposited Funds; edit that deposit to include it again.',
        ],
      ],
    ]);
    // The payment's invoice and credit memo were not deleted: it links to them as they are.
    expect(plan.records[1]?.dependsOn).toEqual([]);
    expect(plan.records[1]?.wave).toBe(1);
  });

  it('names a linked record by its number when it is in the restore set', () => {
    const plan = planRestore(
      [entry('CreditMemo', creditMemo), entry('Payment', { ...payment, DocNumber: 'P-1', TxnDate: '2020-01-01' })],
      {
        bookCloseDate: '2020-12-31',
      },
    );
    expect(notesOf(plan.records[0])[0]).toMatch(/^The payment P-1 that applied it cannot be restored/);
  });

  it('what cannot come back is said in the bookkeeper’s words, no field name of the service’s', () => {
    expect(CANNOT_COME_BACK).toHaveLength(5);
    const words = CANNOT_COME_BACK.map(cannotComeBackText);
    for (const [i, word] of ['reconcil', 'bank', 'attach', 'audit', ' Id'].entries()) {
      expect(words[i]?.toLowerCase()).toContain(word.toLowerCase());
    }
    expect(words[4]).toContain('Its number is kept.');
    for (const text of words) expect(text).not.toMatch(/DocNumber|TxnDate|Attachable/);
  });

  it('takes audit entries as they are stored', () => {
    const entries: AuditEntry[] = allEntries();
    expect(planRestore(entries).records).toHaveLength(8);
  });
});
