/**
 * The items the selection's lines name, read once for the whole selection: every distinct `ItemRef`
 * Id of the records that can move inventory, in IN-lists of at most 1000 Ids, each with its page
 * size set (R4: `select * from Item where Active in (true, false) and Id in (…) startposition 1
 * maxresults 1000`, lib/qbo/read-names.ts). No item, no call. A failed read fails the preflight: a
 * record that may buy or sell inventory is never called ready on a guess.
 */
import type { Entity } from '../domain/entities';
import type { QboClient } from '../qbo/client-api';
import { itemRefsOf } from '../qbo/item-refs';
import type { CallFailure, TxnRecord } from '../qbo/outcomes';
import type { ItemIndex } from './types';

/**
 * The posting transactions whose item lines move inventory: purchases (Bill, Purchase — an expense,
 * a check or a card charge —, VendorCredit) and sales (Invoice, SalesReceipt, CreditMemo,
 * RefundReceipt). An Estimate or a PurchaseOrder posts nothing, so it changes no cost.
 */
export const INVENTORY_ENTITIES: ReadonlySet<Entity> = new Set<Entity>([
  'Bill',
  'Purchase',
  'VendorCredit',
  'Invoice',
  'SalesReceipt',
  'CreditMemo',
  'RefundReceipt',
]);

export const NO_ITEMS: ItemIndex = { get: () => undefined };

/** The Item Ids the records' lines name (records that cannot move inventory left out). */
export function itemIdsOf(records: Iterable<TxnRecord>): string[] {
  const ids = new Set<string>();
  for (const record of records) {
    if (!INVENTORY_ENTITIES.has(record.entity)) continue;
    for (const id of itemRefsOf(record.raw)) ids.add(id);
  }
  return [...ids];
}

export async function readItemIndex(
  client: Pick<QboClient, 'readNames'>,
  records: Iterable<TxnRecord>,
): Promise<{ kind: 'ok'; index: ItemIndex; calls: number } | { kind: 'failed'; failure: CallFailure; calls: number }> {
  const ids = itemIdsOf(records);
  if (ids.length === 0) return { kind: 'ok', index: NO_ITEMS, calls: 0 };
  const read = await client.readNames('Item', ids);
  if (read.kind !== 'ok') return { kind: 'failed', failure: read, calls: 1 };
  const byId = new Map(read.names.map((n) => [n.id, n]));
  const index: ItemIndex = {
    get: (id) => {
      const item = byId.get(id);
      if (!item) return undefined;
      return {
        ...(item.itemType !== undefined ? { type: item.itemType } : {}),
        ...(item.name !== undefined ? { name: item.name } : {}),
      };
    },
  };
  return { kind: 'ok', index, calls: read.calls };
}
