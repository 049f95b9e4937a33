/**
 * The stored preflight (lib/preflight/preflight-store.ts): the row the popup shows and the runner
 * deletes from, and the store that keeps one check per company in storage.local.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PreflightRecord } from '../../lib/preflight';
import {
  createPreflightStore,
  PREFLIGHT_ITEM,
  type PreflightRow,
  type StoredPreflight,
  toPreflightRow,
} from '../../lib/preflight/preflight-store';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { storageKey } from '../../lib/storage/keys';

const REVIEWED: TxnRecord = {
  entity: 'Invoice',
  id: '129',
  syncToken: '2',
  txnDate: '2025-03-01',
  linkedTxn: [{ txnId: '77', txnType: 'Payment' }],
  raw: { Id: '129', SyncToken: '2' },
};

const record = (over: Partial<PreflightRecord> = {}): PreflightRecord => ({
  key: 'Invoice:129',
  entity: 'Invoice',
  id: '129',
  shownAt: 1_000,
  status: 'ready',
  blockers: [],
  warnings: [],
  reviewed: REVIEWED,
  ...over,
});

const LINKED = { status: 'linked' as const, links: [{ txnId: '77', txnType: 'Payment' }] };
const CLOSED = { status: 'closedPeriod' as const, dated: '2025-03-01', closedThrough: '2025-12-31' };

describe('toPreflightRow', () => {
  it('stores the facts of each finding without the id of the check that found it', () => {
    const row = toPreflightRow(
      record({
        status: 'closedPeriod',
        blockers: [
          { ...CLOSED, check: 'closed-period' },
          { status: 'reconciled', check: 'reconciled' },
        ],
      }),
    );
    expect(row.blockers).toEqual([CLOSED, { status: 'reconciled' }]);
  });

  it('shows a ready record with the linked finding as "linked", its finding and counterparts kept', () => {
    const linked = [{ entity: 'Payment' as const, id: '77', amount: 300, lineAmount: 300 }];
    const row = toPreflightRow(record({ warnings: [{ ...LINKED, check: 'linked' }], linked }));
    expect(row).toStrictEqual({ status: 'linked', blockers: [], warnings: [LINKED], reviewed: REVIEWED, linked });
  });

  it('keeps a blocked record blocked even when it is also linked: the blocker decides', () => {
    const row = toPreflightRow(
      record({
        status: 'closedPeriod',
        blockers: [{ ...CLOSED, check: 'closed-period' }],
        warnings: [{ ...LINKED, check: 'linked' }],
      }),
    );
    expect(row.status).toBe('closedPeriod');
    expect(row.warnings).toEqual([LINKED]);
  });

  it('a plain ready record stays ready and carries no counterparts field', () => {
    const row = toPreflightRow(record());
    expect(row).toStrictEqual({ status: 'ready', blockers: [], warnings: [], reviewed: REVIEWED });
  });
});

describe('the preflight store', () => {
  beforeEach(() => fakeBrowser.reset());
  const local = () => fakeBrowser.storage.local;
  const store = () => createPreflightStore(local());
  const A = { realmId: '42', environment: 'sandbox' as const };
  const B = { realmId: '43', environment: 'sandbox' as const };
  const row = (status: PreflightRow['status'] = 'ready'): PreflightRow => ({
    status,
    blockers: [],
    warnings: [],
    reviewed: REVIEWED,
  });
  const check = (at: number, keys: string[]): StoredPreflight => ({
    at,
    rows: Object.fromEntries(keys.map((k) => [k, row()])),
  });

  it('reads back the check it saved, per company, and nothing for a company never checked', async () => {
    await store().save(A, check(10, ['Invoice:129']));
    expect(await store().read(A)).toEqual(check(10, ['Invoice:129']));
    expect(await store().read(B)).toBeUndefined();
    // A second store over the same storage (a worker restart) reads the same check.
    expect((await createPreflightStore(local()).read(A))?.rows['Invoice:129']?.reviewed).toEqual(REVIEWED);
  });

  it('a new check replaces the old one whole: no status of the earlier reading survives', async () => {
    await store().save(A, check(10, ['Invoice:1', 'Invoice:2']));
    await store().save(A, check(20, ['Invoice:3']));
    expect(await store().read(A)).toEqual(check(20, ['Invoice:3']));
  });

  it('a stored check this build cannot read reads as none, and is set aside, not lost, when a new one is saved', async () => {
    const key = PREFLIGHT_ITEM.key(A);
    const old = { at: 5, rows: { 'Invoice:1': { status: 'ready', reason: 'Ready', warnings: ['sentence'] } } };
    await local().set({ [key]: old });
    expect(await store().read(A)).toBeUndefined();
    await store().save(A, check(10, ['Invoice:129']));
    expect(await store().read(A)).toEqual(check(10, ['Invoice:129']));
    const aside = storageKey.unreadable(key);
    expect((await local().get(aside))[aside]).toEqual(old);
  });

  it('setError records the failure and its time, keeping the rows of the last check', async () => {
    await store().save(A, check(10, ['Invoice:129']));
    await store().setError(A, 30, 'The read was incomplete');
    expect(await store().read(A)).toEqual({ ...check(30, ['Invoice:129']), error: 'The read was incomplete' });
  });

  it('setError on a company never checked records the failure with no rows', async () => {
    await store().setError(A, 30, 'Not connected');
    expect(await store().read(A)).toEqual({ at: 30, rows: {}, error: 'Not connected' });
  });

  it('erase removes the company’s whole check, reviewed snapshots and all, and nothing of another company', async () => {
    await store().save(A, check(10, ['Invoice:129']));
    await store().save(B, check(11, ['Invoice:5']));
    await store().erase(A);
    expect(await store().read(A)).toBeUndefined();
    expect(await local().get(PREFLIGHT_ITEM.key(A))).toEqual({});
    expect(await store().read(B)).toEqual(check(11, ['Invoice:5']));
  });

  it('forget drops only the named rows and keeps the check’s time and error', async () => {
    await store().save(A, { ...check(10, ['Invoice:1', 'Invoice:2', 'Invoice:3']), error: 'partial' });
    await store().forget(A, ['Invoice:1', 'Invoice:3']);
    expect(await store().read(A)).toEqual({ ...check(10, ['Invoice:2']), error: 'partial' });
  });

  it('forget on a company never checked stores nothing', async () => {
    await store().forget(A, ['Invoice:1']);
    expect(await local().get(null)).toEqual({});
  });
});
