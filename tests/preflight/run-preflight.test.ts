/**
 * Edge cases of lib/preflight/run-preflight.ts and reconciled-index.ts (issue 13), with a
 * scripted client: the company guard, which records are read at all, how a failed call ends the
 * preflight, the call count the popup shows, and R2's date windows.
 */
import { describe, expect, it } from 'vitest';
import { windowsForDates } from '../../lib/preflight/reconciled-index';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { PreflightItem } from '../../lib/preflight/types';
import type { ReconciledRow } from '../../lib/qbo/client-api';
import type { CallFailure } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { fakeClient } from '../../tools/support/fake-client';

const SHOWN_AT = Date.parse('2026-01-15T12:00:00Z');
const meta = { status: 200 };
const rateLimited: CallFailure = { kind: 'rateLimited', retryAfterMs: 60_000, meta };

const stored = (id: string, txnDate = '2025-06-01') =>
  toTxnRecord('Invoice', {
    Id: id,
    SyncToken: '0',
    TxnDate: txnDate,
    MetaData: { LastUpdatedTime: '2025-06-01T09:00:00Z' },
  })!;

function scripted(
  over: {
    dates?: Record<string, string>;
    reconciled?: ReconciledRow[];
    preferences?: CallFailure;
    read?: CallFailure;
    report?: CallFailure;
  } = {},
) {
  const log: string[] = [];
  const client = fakeClient(
    {
      readPreferences: async () => {
        log.push('preferences');
        return over.preferences ?? { kind: 'ok', meta };
      },
      readCompanyInfo: async () => ({ kind: 'ok', meta, companyName: 'x' }),
      readByIds: async (entity, ids) => {
        log.push(`read ${entity} ${ids.join(',')}`);
        if (over.read) return over.read;
        const known = Object.entries(over.dates ?? { 1: '2025-06-01', 2: '2025-06-01', 3: '2025-06-01' });
        const records = known.filter(([id]) => ids.includes(id)).map(([id, date]) => stored(id, date));
        return { kind: 'ok', meta, calls: 2, records };
      },
      readReconciled: async (start, end) => {
        log.push(`report ${start}..${end}`);
        return over.report ?? { kind: 'ok', meta, rows: over.reconciled ?? [], calls: 1 };
      },
    },
    { realmId: '123' },
  );
  return { client, log };
}

const items = (...keys: string[]): PreflightItem[] =>
  keys.map((k) => ({ entity: k.split(':')[0]!, id: k.split(':')[1]!, shownAt: SHOWN_AT }));

describe('the company guard', () => {
  it('another realm or another environment: wrongCompany, no call', async () => {
    const { client, log } = scripted();
    const expected = { realmId: '123', environment: 'sandbox' };
    for (const other of [{ realmId: '999' }, { environment: 'production' as const }]) {
      expect(await runPreflight({ client, items: items('Invoice:1'), now: () => 0, ...other })).toEqual({
        kind: 'wrongCompany',
        expected,
        calls: 0,
      });
    }
    expect(log).toEqual([]);
  });

  it('the same company, or none named, goes ahead', async () => {
    const { client } = scripted();
    const same = await runPreflight({
      client,
      items: items('Invoice:1'),
      now: () => 7,
      realmId: '123',
      environment: 'sandbox',
    });
    expect(same).toMatchObject({ kind: 'ok', checkedAt: 7 });
    expect(await runPreflight({ client, items: items('Invoice:1'), now: () => 7 })).toMatchObject({ kind: 'ok' });
  });
});

describe('what is read', () => {
  it('duplicates and unsupported types are classified without a read; the rest read once per entity', async () => {
    const { client, log } = scripted();
    const result = await runPreflight({
      client,
      items: items('Invoice:1', 'Invoice:1', 'Customer:5', 'Invoice:2'),
      now: () => 0,
    });
    expect(log).toEqual(['preferences', 'read Invoice 1,2', 'report 2025-06-01..2025-06-01']);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.status)).toEqual(['ready', 'duplicate', 'unsupported', 'ready']);
    expect(result.calls).toBe(1 + 2 + 1);
    expect(result.summary).toMatchObject({ total: 4, ready: 2, duplicate: 1, unsupported: 1 });
  });

  it('nothing readable: no preferences, no read, no report, zero calls', async () => {
    const { client, log } = scripted();
    const result = await runPreflight({ client, items: items('Customer:5', 'Foo:1'), now: () => 0 });
    expect(result).toMatchObject({ kind: 'ok', calls: 0 });
    expect(log).toEqual([]);
  });

  it('a record the read did not return is notFound and asks for no report window', async () => {
    const { client, log } = scripted({ dates: { 1: '2025-06-01' } });
    const result = await runPreflight({ client, items: items('Invoice:1', 'Invoice:9'), now: () => 0 });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.status)).toEqual(['ready', 'notFound']);
    expect(result.records[1]?.blockers.map((b) => b.check)).toEqual(['not-found']);
    expect(result.records[1]).not.toHaveProperty('reviewed');
    expect(log.filter((l) => l.startsWith('report'))).toEqual(['report 2025-06-01..2025-06-01']);
  });

  it('a reconciled row for the record makes it reconciled (R2)', async () => {
    const { client } = scripted({ reconciled: [{ id: '2', entity: 'Invoice' }] });
    const result = await runPreflight({ client, items: items('Invoice:1', 'Invoice:2'), now: () => 0 });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.status)).toEqual(['ready', 'reconciled']);
  });
});

describe('a failed call ends the preflight, with the calls made so far', () => {
  it('preferences: one call', async () => {
    const { client, log } = scripted({ preferences: rateLimited });
    expect(await runPreflight({ client, items: items('Invoice:1'), now: () => 0 })).toEqual({
      kind: 'failed',
      failure: rateLimited,
      calls: 1,
    });
    expect(log).toEqual(['preferences']);
  });

  it('the read: preferences and the failed call', async () => {
    const { client, log } = scripted({ read: rateLimited });
    expect(await runPreflight({ client, items: items('Invoice:1'), now: () => 0 })).toEqual({
      kind: 'failed',
      failure: rateLimited,
      calls: 2,
    });
    expect(log).toEqual(['preferences', 'read Invoice 1']);
  });

  it('the report: preferences, the read’s calls and the failed report call', async () => {
    const { client } = scripted({ report: rateLimited });
    expect(await runPreflight({ client, items: items('Invoice:1'), now: () => 0 })).toEqual({
      kind: 'failed',
      failure: rateLimited,
      calls: 1 + 2 + 1,
    });
  });
});

describe('R2 date windows', () => {
  it('a window spans at most 366 days: 365 days apart share one, 366 apart do not', () => {
    expect(windowsForDates(['2024-01-01', '2024-12-31'])).toEqual([{ start: '2024-01-01', end: '2024-12-31' }]);
    expect(windowsForDates(['2024-01-01', '2024-12-31', '2025-01-01'])).toEqual([
      { start: '2024-01-01', end: '2024-12-31' },
      { start: '2025-01-01', end: '2025-01-01' },
    ]);
    expect(windowsForDates(['2024-01-01', '2025-01-02'])).toEqual([
      { start: '2024-01-01', end: '2024-01-01' },
      { start: '2025-01-02', end: '2025-01-02' },
    ]);
  });

  it('sorted, deduplicated, and invalid dates dropped', () => {
    expect(windowsForDates(['2025-03-01', 'garbage', '2019-05-05', '2025-03-01', '2025-02-30'])).toEqual([
      { start: '2019-05-05', end: '2019-05-05' },
      { start: '2025-03-01', end: '2025-03-01' },
    ]);
    expect(windowsForDates([])).toEqual([]);
  });

  it('records years apart cost one report call per window, and each window covers its record', async () => {
    const { client } = scripted({ dates: { 1: '2019-05-05', 2: '2025-03-01' } });
    const result = await runPreflight({ client, items: items('Invoice:1', 'Invoice:2'), now: () => 0 });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.status)).toEqual(['ready', 'ready']);
    expect(result.calls).toBe(1 + 2 + 2);
  });
  it('a record whose date no window covers is unverifiable, whatever the other windows', async () => {
    const { client, log } = scripted({ dates: { 1: '2025-06-01', 2: '2025-02-30' } });
    const result = await runPreflight({ client, items: items('Invoice:1', 'Invoice:2'), now: () => 0 });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records.map((r) => r.status)).toEqual(['ready', 'unverifiable']);
    expect(log.filter((l) => l.startsWith('report'))).toEqual(['report 2025-06-01..2025-06-01']);
  });
});
