/**
 * inventory: the record buys or sells inventory items (a line's `ItemRef` names an Item whose `Type`
 * is "Inventory"). QuickBooks values inventory first-in, first-out, so deleting a bill, an expense or
 * a check that bought such items, or a sale of them, changes the cost of every later sale of those
 * items (and can drive the quantity on hand below zero). A decision, not a block: the record goes
 * only with "Include inventory transactions". The items are read once for the whole selection
 * (../item-types.ts); this is the one place "inventory" is decided.
 */

import { itemRefsOf } from '../../qbo/item-refs';
import { INVENTORY_ENTITIES } from '../item-types';
import type { RecordCheck } from '../types';

export const INVENTORY_TYPE = 'Inventory';

export const inventory: RecordCheck = {
  id: 'inventory',
  run: ({ record, items }) => {
    // Without a TxnDate the record cannot be verified at all (the closed-period check blocks it).
    if (!record?.txnDate || !INVENTORY_ENTITIES.has(record.entity)) return undefined;
    const found = itemRefsOf(record.raw).flatMap((id) => {
      const item = items?.get(id);
      if (item?.type !== INVENTORY_TYPE) return [];
      return [item.name !== undefined ? { id, name: item.name } : { id }];
    });
    if (found.length === 0) return undefined;
    return { check: 'inventory', status: 'inventory', items: found, dated: record.txnDate };
  },
};
