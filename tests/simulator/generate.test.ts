import { describe, expect, it } from 'vitest';
import { ENTITIES, isValidId } from '../../lib/domain/entities';
import { DEPOSITABLE, entityFromReportName } from '../../lib/qbo/entities';
import { categorize, generateCompany } from '../../tools/simulator/generate';
import { jsonLinks } from '../../tools/simulator/links';
import { reportName } from '../../tools/simulator/report';

describe('seeded generator', () => {
  const options = {
    count: 400,
    seed: 5,
    reconciledShare: 0.1,
    closedShare: 0.15,
    depositedShare: 0.08,
    linkedShare: 0.1,
  };

  it('is deterministic: the same seed gives the same company, another seed another one', () => {
    const a = generateCompany(options);
    expect(generateCompany(options)).toEqual(a);
    expect(generateCompany({ ...options, seed: 6 })).not.toEqual(a);
  });

  it('Ids are numeric strings from about 100, unique across every entity of the company', () => {
    const { records } = generateCompany(options);
    const ids = records.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isValidId)).toBe(true);
    expect(Math.min(...ids.map(Number))).toBeGreaterThanOrEqual(100);
    expect(Math.min(...ids.map(Number))).toBeLessThan(120);
  });

  it('covers every entity with its quirks: Purchase payment types and card credits, JournalEntry without TotalAmt', () => {
    const { records } = generateCompany({ count: 600, seed: 2 });
    const seen = new Set(records.map((r) => r.entity));
    expect([...seen].sort()).toEqual([...ENTITIES].sort());
    const purchases = records.filter((r) => r.entity === 'Purchase').map((r) => r.json);
    expect(new Set(purchases.map((p) => p.PaymentType))).toEqual(new Set(['Cash', 'Check', 'CreditCard']));
    expect(purchases.some((p) => p.Credit === true && p.PaymentType === 'CreditCard')).toBe(true);
    expect(records.some((r) => r.entity === 'JournalEntry' && !('TotalAmt' in r.json))).toBe(true);
    for (const r of records) {
      expect(r.json).toMatchObject({ Id: r.id, SyncToken: expect.any(String), TxnDate: expect.any(String) });
      expect(r.json.MetaData).toMatchObject({ CreateTime: expect.any(String), LastUpdatedTime: expect.any(String) });
      expect(entityFromReportName(reportName(r.entity, r.json))).toBe(r.entity);
    }
  });

  it('produces the chosen shares: reconciled, closed (on/before BookCloseDate), deposited on existing Deposits, linked', () => {
    const { records, bookCloseDate } = generateCompany(options);
    const keys = categorize(records, bookCloseDate);
    expect(keys.all).toHaveLength(400);
    expect(keys.reconciled).toHaveLength(40);
    expect(keys.closed.length).toBeGreaterThanOrEqual(55);
    expect(keys.deposited).toHaveLength(32);
    expect(keys.linked.length).toBeGreaterThanOrEqual(40);
    const deposits = new Set(records.filter((r) => r.entity === 'Deposit').map((r) => r.id));
    for (const key of keys.deposited) {
      const rec = records.find((r) => `${r.entity}:${r.id}` === key);
      expect(DEPOSITABLE.has(rec?.entity ?? 'Invoice')).toBe(true);
      const link = jsonLinks(rec?.json ?? {}).find((l) => l.TxnType === 'Deposit');
      expect(deposits.has(link?.TxnId ?? '')).toBe(true);
    }
    expect(records.filter((r) => r.entity === 'Invoice').length).toBeGreaterThan(100);
  });

  it('has no BookCloseDate unless asked for, and honours a given one', () => {
    expect(generateCompany({ count: 10 }).bookCloseDate).toBeUndefined();
    expect(generateCompany({ count: 10, bookCloseDate: '2024-02-29' }).bookCloseDate).toBe('2024-02-29');
  });
});
