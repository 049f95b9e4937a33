/**
 * The job builder takes what the preflight cleared, and nothing else: a row that does not match the
 * page, or a reconciled record that could not be verified, never becomes a reviewed record to delete.
 */
import { describe, expect, it } from 'vitest';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { PreflightItem } from '../../lib/preflight/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { fakeClient } from '../../tools/support/fake-client';

const SHOWN_AT = Date.parse('2026-01-15T12:00:00Z');
const rec = (id: string, extra: Partial<TxnRecord> = {}): TxnRecord => ({
  entity: 'Invoice',
  id,
  syncToken: '0',
  txnDate: '2025-06-01',
  docNumber: `10${id}`,
  totalAmt: 120,
  lastUpdatedTime: '2025-06-01T09:00:00-07:00',
  linkedTxn: [],
  raw: { Id: id, SyncToken: '0' },
  ...extra,
});

/** A service that knows `records` and reports `reconciledIds` as reconciled; it never writes. */
function knowing(records: TxnRecord[], reconciledIds: string[]): QboClient {
  const meta = { status: 200 };
  return fakeClient(
    {
      readPreferences: async () => ({ kind: 'ok', meta }),
      readCompanyInfo: async () => ({ kind: 'ok', meta, companyName: 'Maple Street Bakery LLC' }),
      readByIds: async (entity, ids) => ({
        kind: 'ok',
        meta,
        calls: 1,
        records: records.filter((r) => r.entity === entity && ids.includes(r.id)),
      }),
      readReconciled: async () => ({
        kind: 'ok',
        meta,
        calls: 1,
        rows: reconciledIds.map((id) => ({ id, entity: 'Invoice' as const })),
      }),
    },
    { realmId: '123' },
  );
}

describe('job builder: what the preflight did not clear is never deleted', () => {
  it("a 'pageMismatch' record is left out, whatever else it is; a matching one goes in", async () => {
    const client = knowing([rec('1'), rec('2'), rec('3')], ['3']);
    const items: PreflightItem[] = [
      { entity: 'Invoice', id: '1', shownAt: SHOWN_AT, shown: { amount: '$120.00', number: '101' } },
      { entity: 'Invoice', id: '2', shownAt: SHOWN_AT, shown: { amount: '$1,200.00' } },
      { entity: 'Invoice', id: '3', shownAt: SHOWN_AT, shown: { number: '999' } },
    ];
    const result = await runPreflight({ client, items, now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.status)).toEqual(['ready', 'pageMismatch', 'pageMismatch']);
    expect(reviewedFromPreflight(result.records).map((r) => [r.record.id, r.reconciled])).toEqual([['1', false]]);
  });

  it('a reconciled record that could not be verified is left out; a verified reconciled one is flagged', async () => {
    const { lastUpdatedTime: _, ...bare } = rec('5');
    const client = knowing([rec('4'), bare], ['4', '5']);
    const items: PreflightItem[] = [
      { entity: 'Invoice', id: '4', shownAt: SHOWN_AT },
      { entity: 'Invoice', id: '5', shownAt: SHOWN_AT },
    ];
    const result = await runPreflight({ client, items, now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.status)).toEqual(['reconciled', 'unverifiable']);
    expect(reviewedFromPreflight(result.records).map((r) => [r.record.id, r.reconciled])).toEqual([['4', true]]);
  });

  it("a 'reconciled' status carrying any other blocker is left out (defence in depth)", () => {
    const out = reviewedFromPreflight([
      { status: 'reconciled', reviewed: rec('6'), blockers: [{ status: 'reconciled' }] },
      { status: 'reconciled', reviewed: rec('7'), blockers: [{ status: 'reconciled' }, { status: 'unverifiable' }] },
      { status: 'reconciled', reviewed: rec('8'), blockers: [{ status: 'pageMismatch' }, { status: 'reconciled' }] },
      { status: 'pageMismatch', reviewed: rec('9') },
    ]);
    expect(out.map((r) => r.record.id)).toEqual(['6']);
  });

  it('a linked record is a decision: left out unless includeLinked, whether flagged by status or by the linked finding', async () => {
    const paid = rec('10', { linkedTxn: [{ txnId: '3051', txnType: 'Payment' }] });
    const deposited = rec('11', { linkedTxn: [{ txnId: '77', txnType: 'Deposit' }] });
    const client = knowing([rec('12'), paid, deposited], []);
    const items: PreflightItem[] = ['10', '11', '12'].map((id) => ({ entity: 'Invoice', id, shownAt: SHOWN_AT }));
    const result = await runPreflight({ client, items, now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => [r.id, r.status, r.warnings.map((w) => w.status)])).toEqual([
      ['10', 'ready', ['linked']],
      ['11', 'ready', []],
      ['12', 'ready', []],
    ]);
    // A deposit's link is the deposited check's business, not a "linked" decision.
    expect(reviewedFromPreflight(result.records).map((r) => r.record.id)).toEqual(['11', '12']);
    expect(reviewedFromPreflight(result.records, { includeLinked: true }).map((r) => r.record.id)).toEqual([
      '10',
      '11',
      '12',
    ]);
    expect(reviewedFromPreflight([{ status: 'linked', reviewed: rec('13') }]).map((r) => r.record.id)).toEqual([]);
    expect(
      reviewedFromPreflight([{ status: 'linked', reviewed: rec('13') }], { includeLinked: true }).map(
        (r) => r.record.id,
      ),
    ).toEqual(['13']);
  });

  it('a reconciled record that is also linked needs both opt-ins (the runner applies the reconciled one)', async () => {
    const both = rec('14', { linkedTxn: [{ txnId: '9', txnType: 'Payment' }] });
    const client = knowing([both], ['14']);
    const items: PreflightItem[] = [{ entity: 'Invoice', id: '14', shownAt: SHOWN_AT }];
    const result = await runPreflight({ client, items, now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => [r.status, r.warnings.map((w) => w.status)])).toEqual([
      ['reconciled', ['linked']],
    ]);
    expect(reviewedFromPreflight(result.records)).toEqual([]);
    expect(reviewedFromPreflight(result.records, { includeLinked: true })).toEqual([
      { record: both, reconciled: true },
    ]);
    // The finding decides, as stored: a stored row carries it the same way.
    const row = { status: 'reconciled', reviewed: both, blockers: [{ status: 'reconciled' }] };
    expect(reviewedFromPreflight([{ ...row, warnings: [{ status: 'linked' }] }])).toEqual([]);
  });

  it('a payment whose links sit only on its lines (the real shape) is linked too; its deposit is not a link', async () => {
    const raw = { Id: '16', SyncToken: '0', Line: [{ Amount: 120, LinkedTxn: [{ TxnId: '41', TxnType: 'Invoice' }] }] };
    const payment = rec('16', { entity: 'Payment', raw });
    const onDeposit = rec('17', {
      entity: 'Payment',
      raw: { Id: '17', SyncToken: '0', Line: [{ Amount: 5, LinkedTxn: [{ TxnId: '9', TxnType: 'Deposit' }] }] },
    });
    const client = knowing([payment, onDeposit], []);
    const items: PreflightItem[] = ['16', '17'].map((id) => ({ entity: 'Payment', id, shownAt: SHOWN_AT }));
    const result = await runPreflight({ client, items, now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => [r.id, r.status, r.warnings.map((w) => w.status)])).toEqual([
      ['16', 'ready', ['linked']],
      ['17', 'deposited', []],
    ]);
    expect(reviewedFromPreflight(result.records)).toEqual([]);
    expect(reviewedFromPreflight(result.records, { includeLinked: true }).map((r) => r.record.id)).toEqual(['16']);
  });
});
