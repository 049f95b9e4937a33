/**
 * Inventory cost and sales tax (lib/preflight/checks/inventory.ts, sales-tax.ts, item-types.ts): a
 * record whose lines name an Inventory item is a decision ("Inventory"), held back unless the person
 * ticks "Include inventory transactions"; the items are read once for the whole selection, in one
 * paged IN-read; a record carrying sales tax gets a note, never a hold.
 */
import { describe, expect, it } from 'vitest';
import type { NameState } from '../../lib/domain/names';
import { willDelete } from '../../lib/domain/statuses';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import { inventory } from '../../lib/preflight/checks/inventory';
import { salesTax } from '../../lib/preflight/checks/sales-tax';
import { itemIdsOf, readItemIndex } from '../../lib/preflight/item-types';
import { toPreflightRow } from '../../lib/preflight/preflight-store';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { ItemIndex } from '../../lib/preflight/types';
import type { CallFailure } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { fakeClient } from '../../tools/support/fake-client';
import { input, txn } from './helpers';

const TYPES: Record<string, { type: string; name: string }> = {
  '7': { type: 'Inventory', name: 'Rock Fountain' },
  '1': { type: 'Service', name: 'Services' },
  '8': { type: 'NonInventory', name: 'Sod' },
};
const items: ItemIndex = { get: (id) => TYPES[id] };
const expenseLine = (itemId: string) => ({
  Amount: 10,
  DetailType: 'ItemBasedExpenseLineDetail',
  ItemBasedExpenseLineDetail: { ItemRef: { value: itemId } },
});
const salesLine = (itemId: string) => ({
  Amount: 10,
  DetailType: 'SalesItemLineDetail',
  SalesItemLineDetail: { ItemRef: { value: itemId } },
});
const bill = (lines: unknown[], over: Record<string, unknown> = {}) =>
  txn({ entity: 'Bill', id: '900', txnDate: '2025-03-01', raw: { Id: '900', Line: lines, ...over } });

describe('the inventory check', () => {
  it('holds back a bill that buys an inventory item, with the items and the record’s date', () => {
    const finding = inventory.run(input({ record: bill([expenseLine('1'), expenseLine('7')]), items }));
    expect(finding).toEqual({
      check: 'inventory',
      status: 'inventory',
      items: [{ id: '7', name: 'Rock Fountain' }],
      dated: '2025-03-01',
    });
  });

  it('finds inventory sold on an invoice, inside a bundle’s lines too', () => {
    const record = txn({
      entity: 'Invoice',
      raw: { Id: '33', Line: [{ DetailType: 'GroupLineDetail', GroupLineDetail: { Line: [salesLine('7')] } }] },
    });
    expect(inventory.run(input({ record, items }))).toMatchObject({ status: 'inventory', items: [{ id: '7' }] });
  });

  it('leaves services, non-inventory items, unread items and non-posting records alone', () => {
    expect(inventory.run(input({ record: bill([expenseLine('1'), expenseLine('8')]), items }))).toBeUndefined();
    expect(inventory.run(input({ record: bill([expenseLine('7')]) }))).toBeUndefined(); // no item read
    const estimate = txn({ entity: 'Estimate', raw: { Id: '33', Line: [salesLine('7')] } });
    expect(inventory.run(input({ record: estimate, items }))).toBeUndefined();
    const order = txn({ entity: 'PurchaseOrder', raw: { Id: '33', Line: [expenseLine('7')] } });
    expect(inventory.run(input({ record: order, items }))).toBeUndefined();
  });
});

describe('the sales-tax note', () => {
  it('notes a record carrying sales tax, and nothing when it carries none', () => {
    const taxed = txn({ currency: 'USD', raw: { Id: '33', TxnTaxDetail: { TotalTax: 12.4 } } });
    expect(salesTax.run(input({ record: taxed }))).toEqual({
      check: 'sales-tax',
      status: 'salesTax',
      totalTax: 12.4,
      currency: 'USD',
    });
    expect(salesTax.run(input({ record: txn({ raw: { Id: '33', TxnTaxDetail: { TotalTax: 0 } } }) }))).toBeUndefined();
    expect(salesTax.run(input({ record: txn() }))).toBeUndefined();
  });
});

describe('inventory is a decision, like linked', () => {
  const optIns = { includeReconciled: false, includeLinked: false };
  it('the click deletes an inventory record only with "Include inventory transactions"', () => {
    expect(willDelete('inventory', optIns)).toBe(false);
    expect(willDelete('inventory', { ...optIns, includeInventory: true })).toBe(true);
    // Linked and inventory at once: both opt-ins.
    const both = [{ status: 'linked' }, { status: 'inventory' }];
    expect(willDelete('linked', { ...optIns, includeLinked: true }, both)).toBe(false);
    expect(willDelete('linked', { ...optIns, includeLinked: true, includeInventory: true }, both)).toBe(true);
    // A sales-tax note decides nothing.
    expect(willDelete('ready', optIns, [{ status: 'salesTax' }])).toBe(true);
  });

  it('the stored row shows "inventory", and the job takes it only with the opt-in', () => {
    const record = bill([expenseLine('7')]);
    const row = toPreflightRow({
      key: 'Bill:900',
      entity: 'Bill',
      id: '900',
      shownAt: 0,
      status: 'ready',
      blockers: [],
      warnings: [{ check: 'inventory', status: 'inventory', items: [{ id: '7' }], dated: '2025-03-01' }],
      reviewed: record,
    });
    expect(row.status).toBe('inventory');
    expect(reviewedFromPreflight([row])).toEqual([]);
    expect(reviewedFromPreflight([row], { includeInventory: true })).toEqual([{ record, reconciled: false }]);
    expect(reviewedFromPreflight([row], { includeLinked: true })).toEqual([]);
  });
});

describe('the items are read once for the selection', () => {
  it('one IN-read of the distinct items of the records that can move inventory; none without items', async () => {
    const asked: string[][] = [];
    const client = fakeClient({
      readNames: async (type, ids) => {
        asked.push([type, ...ids]);
        const names: NameState[] = ids.flatMap((id) =>
          TYPES[id] ? [{ type, id, active: true, deleted: false, name: TYPES[id].name, itemType: TYPES[id].type }] : [],
        );
        return { kind: 'ok', meta: { status: 200 }, names, calls: 1 };
      },
    });
    const records = [
      bill([expenseLine('7'), expenseLine('1')]),
      txn({ entity: 'Invoice', raw: { Id: '33', Line: [salesLine('7'), salesLine('8')] } }),
      txn({ entity: 'Estimate', id: '40', raw: { Id: '40', Line: [salesLine('5')] } }),
    ];
    expect(itemIdsOf(records)).toEqual(['7', '1', '8']);
    const read = await readItemIndex(client, records);
    expect(asked).toEqual([['Item', '7', '1', '8']]);
    if (read.kind !== 'ok') throw new Error('read failed');
    expect(read.calls).toBe(1);
    expect(read.index.get('7')).toEqual({ type: 'Inventory', name: 'Rock Fountain' });
    expect(await readItemIndex(client, [txn()])).toMatchObject({ kind: 'ok', calls: 0 });
    expect(asked).toHaveLength(1);
  });

  it('a failed Item read fails the preflight: nothing is called ready on a guess', async () => {
    const failure: CallFailure = { kind: 'rateLimited', retryAfterMs: 60_000, meta: { status: 429 } };
    const record = toTxnRecord('Bill', {
      Id: '900',
      SyncToken: '0',
      TxnDate: '2025-03-01',
      MetaData: { LastUpdatedTime: '2025-03-01T09:00:00Z' },
      Line: [expenseLine('7')],
    })!;
    const client = fakeClient({
      readPreferences: async () => ({ kind: 'ok', meta: { status: 200 } }),
      readByIds: async () => ({ kind: 'ok', meta: { status: 200 }, records: [record], calls: 1 }),
      readReconciled: async () => ({ kind: 'ok', meta: { status: 200 }, rows: [], calls: 1 }),
      readNames: async () => failure,
    });
    const result = await runPreflight({ client, items: [{ entity: 'Bill', id: '900', shownAt: 0 }], now: () => 1 });
    expect(result).toMatchObject({ kind: 'failed', failure: { kind: 'rateLimited' }, calls: 4 });
  });
});
