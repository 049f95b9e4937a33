/** attachLinkedDetails with a scripted client: which reads it makes, and what a failure leaves. */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { PreflightItem } from '../../lib/preflight/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { NO_VOIDS } from '../support/no-voids';

const SHOWN_AT = Date.parse('2026-01-15T12:00:00Z');
const meta = { status: 200 };
const stamp = { MetaData: { LastUpdatedTime: '2025-06-01T09:00:00-07:00' }, TxnDate: '2025-06-01' };
const json = (id: string, extra: Record<string, unknown>) => ({ Id: id, SyncToken: '0', ...stamp, ...extra });

const records: TxnRecord[] = [
  toTxnRecord(
    'Invoice',
    json('10', { DocNumber: '1424', TotalAmt: 1200, LinkedTxn: [{ TxnId: '30', TxnType: 'Payment' }] }),
  )!,
  toTxnRecord(
    'Payment',
    json('30', {
      TotalAmt: 1500,
      PaymentRefNum: '3051',
      CurrencyRef: { value: 'USD' },
      Line: [{ Amount: 1200, LinkedTxn: [{ TxnId: '10', TxnType: 'Invoice' }] }],
    }),
  )!,
  toTxnRecord(
    'Estimate',
    json('40', { DocNumber: '77', TotalAmt: 50, LinkedTxn: [{ TxnId: '41', TxnType: 'Invoice' }] }),
  )!,
  toTxnRecord(
    'Invoice',
    json('41', { DocNumber: '1500', TotalAmt: 50, LinkedTxn: [{ TxnId: '40', TxnType: 'Estimate' }] }),
  )!,
  toTxnRecord('Invoice', json('60', { DocNumber: '1700', TotalAmt: 5, LinkedTxn: [] }))!,
  toTxnRecord(
    'Invoice',
    json('50', { DocNumber: '1600', TotalAmt: 9, LinkedTxn: [{ TxnId: '9', TxnType: 'Charge' }] }),
  )!,
];

/** Knows `records`; `fail(entity, call)` makes a read fail ('throw' or a failure kind). */
function scripted(
  fail: (entity: Entity, ids: readonly string[]) => 'throw' | 'rateLimited' | undefined = () => undefined,
) {
  const reads: [Entity, string[]][] = [];
  const client: QboClient = {
    realmId: '123',
    environment: 'sandbox',
    readPreferences: async () => ({ kind: 'ok', meta }),
    readCompanyInfo: async () => ({ kind: 'ok', meta, companyName: 'Maple Street Bakery LLC' }),
    readByIds: async (entity, ids) => {
      reads.push([entity, [...ids]]);
      const how = fail(entity, ids);
      if (how === 'throw') throw new TypeError('boom');
      if (how === 'rateLimited') return { kind: 'rateLimited', retryAfterMs: 60_000, meta };
      return { kind: 'ok', meta, calls: 2, records: records.filter((r) => r.entity === entity && ids.includes(r.id)) };
    },
    readReconciled: async () => ({ kind: 'ok', meta, rows: [], calls: 1 }),
    batchDelete: async () => ({ kind: 'ok', meta, results: new Map() }),
    ...NO_VOIDS,
    deleteOne: async () => ({ kind: 'ok', meta, result: { kind: 'deleted' } }),
  };
  return { client, reads };
}
const items = (...keys: string[]): PreflightItem[] =>
  keys.map((k) => ({ entity: k.split(':')[0]!, id: k.split(':')[1]!, shownAt: SHOWN_AT }));

describe('linked details', () => {
  it('reads the counterparts outside the selection, one read per entity, after the selection', async () => {
    const { client, reads } = scripted();
    const result = await runPreflight({ client, items: items('Invoice:10', 'Estimate:40'), now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(reads).toEqual([
      ['Invoice', ['10']],
      ['Estimate', ['40']],
      ['Invoice', ['41']],
      ['Payment', ['30']],
    ]);
    expect(result.records[0]?.linked).toEqual([
      { entity: 'Payment', id: '30', docNumber: '3051', amount: 1500, currency: 'USD', lineAmount: 1200 },
    ]);
    expect(result.records[1]?.linked).toEqual([{ entity: 'Invoice', id: '41', docNumber: '1500', amount: 50 }]);
  });

  it('no link, no read', async () => {
    const { client, reads } = scripted();
    const result = await runPreflight({ client, items: items('Invoice:60', 'Invoice:61'), now: () => SHOWN_AT });
    expect(result).toMatchObject({ kind: 'ok', calls: 4 }); // preferences, one read (2 calls), the report
    expect(reads).toEqual([['Invoice', ['60', '61']]]);
  });

  it.each(['throw', 'rateLimited'] as const)(
    'a counterpart read that fails (%s) leaves the preflight ok; only the records it was for lose their details',
    async (how) => {
      const { client, reads } = scripted((entity, ids) =>
        entity === 'Payment' && ids.includes('30') ? how : undefined,
      );
      const result = await runPreflight({
        client,
        items: items('Invoice:10', 'Estimate:40', 'Invoice:41'),
        now: () => SHOWN_AT,
      });
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(reads.map(([e]) => e)).toEqual(['Invoice', 'Estimate', 'Payment']);
      const [invoice, estimate, other] = result.records;
      expect(invoice?.status).toBe('ready');
      expect(invoice?.warnings.map((w) => w.status)).toEqual(['linked']);
      expect(invoice).not.toHaveProperty('linked');
      // Counterparts among the selection need no read: their details stay.
      expect(estimate?.linked).toEqual([{ entity: 'Invoice', id: '41', docNumber: '1500', amount: 50 }]);
      expect(other?.linked).toEqual([{ entity: 'Estimate', id: '40', docNumber: '77', amount: 50 }]);
    },
  );

  it('a linked record the click cannot delete (closed period) costs no read', async () => {
    const { client, reads } = scripted();
    client.readPreferences = async () => ({ kind: 'ok', meta, bookCloseDate: '2025-12-31' });
    const result = await runPreflight({ client, items: items('Invoice:10'), now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records[0]?.status).toBe('closedPeriod');
    expect(reads).toEqual([['Invoice', ['10']]]);
    expect(result.records[0]).not.toHaveProperty('linked');
  });

  it('a link to a type Safe Delete does not know gets no details (the sentence would leave it out)', async () => {
    const { client, reads } = scripted();
    const result = await runPreflight({ client, items: items('Invoice:50'), now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(reads).toEqual([['Invoice', ['50']]]);
    expect(result.records[0]?.warnings.map((w) => w.status)).toEqual(['linked']);
    expect(result.records[0]).not.toHaveProperty('linked');
  });
});
