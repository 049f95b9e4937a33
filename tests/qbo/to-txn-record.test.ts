/**
 * Edge cases of lib/qbo/to-txn-record.ts (issue 13): a field the entity JSON lacks is absent
 * from the TxnRecord (no key holding undefined), so a stored snapshot and an equality check see only
 * what the service sent.
 */
import { describe, expect, it } from 'vitest';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';

describe('toTxnRecord: absent fields stay absent', () => {
  it('a JournalEntry with only Id and SyncToken: just the required keys', () => {
    const json = { Id: '9', SyncToken: '2' };
    const record = toTxnRecord('JournalEntry', json);
    expect(record).toStrictEqual({ entity: 'JournalEntry', id: '9', syncToken: '2', linkedTxn: [], raw: json });
    expect(Object.keys(record!).sort()).toEqual(['entity', 'id', 'linkedTxn', 'raw', 'syncToken']);
    for (const key of ['txnDate', 'docNumber', 'totalAmt', 'currency', 'party', 'lastUpdatedTime']) {
      expect(record).not.toHaveProperty(key);
    }
  });

  it('refs without name or value give no party; a CurrencyRef without value gives no currency', () => {
    const json = { Id: '9', SyncToken: '2', CustomerRef: {}, CurrencyRef: { name: 'US Dollar' }, MetaData: {} };
    const record = toTxnRecord('Invoice', json)!;
    expect(record).not.toHaveProperty('party');
    expect(record).not.toHaveProperty('currency');
    expect(record).not.toHaveProperty('lastUpdatedTime');
  });

  it('each field present is copied, and only that one', () => {
    const base = { Id: '9', SyncToken: '2' };
    const cases: [Record<string, unknown>, string, unknown][] = [
      [{ TxnDate: '2025-04-14' }, 'txnDate', '2025-04-14'],
      [{ DocNumber: '1001' }, 'docNumber', '1001'],
      [{ TotalAmt: 0 }, 'totalAmt', 0],
      [{ CurrencyRef: { value: 'EUR' } }, 'currency', 'EUR'],
      [{ VendorRef: { value: '56' } }, 'party', '56'],
      [{ EntityRef: { value: '3', name: 'Acme' } }, 'party', 'Acme'],
      [{ MetaData: { LastUpdatedTime: '2025-04-15T09:01:18-07:00' } }, 'lastUpdatedTime', '2025-04-15T09:01:18-07:00'],
    ];
    for (const [extra, key, value] of cases) {
      const record = toTxnRecord('Purchase', { ...base, ...extra })!;
      const optional = Object.keys(record).filter(
        (k) => !['entity', 'id', 'syncToken', 'linkedTxn', 'raw'].includes(k),
      );
      expect(optional).toEqual([key]);
      expect(record[key as keyof typeof record]).toEqual(value);
    }
  });

  it('CustomerRef wins over VendorRef and EntityRef; a name wins over a value', () => {
    const record = toTxnRecord('Invoice', {
      Id: '1',
      SyncToken: '0',
      CustomerRef: { value: '1' },
      VendorRef: { name: 'Vendor' },
      EntityRef: { name: 'Entity' },
    })!;
    expect(record.party).toBe('1');
  });
});
