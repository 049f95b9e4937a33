/**
 * The order records are re-created in (service-facts: "Restore documents first, then payments, then
 * deposits"): a record is created after every record it links to that is being restored, because its
 * links must carry their new Ids. Records come in waves: nothing in a wave links to anything in the
 * same or a later wave, so a wave may go in one batch once the waves before it have their new Ids.
 *
 * A record's wave is the later of its stage's (documents 0, payments 1, deposits 2) and one past the
 * latest wave of what it depends on; empty waves are closed up. Within a wave, and so overall, the
 * tiebreak is stable: stage, then TxnDate (undated last), then old Id numerically, then key.
 *
 * A circle of links (should not happen once back-references are dropped) cannot be ordered: its
 * records, and every record that depends on one of them, go to `needsAttention` with why,
 * never dropped silently. Pure.
 */
import type { Entity } from '../domain/entities';
import type { RecordKey } from '../domain/record-key';
import type { RecordRef, RestoreRefusal } from '../domain/refusals';
import { stageOf } from './kinds';

export interface OrderItem {
  key: RecordKey;
  entity: Entity;
  id: string;
  txnDate?: string;
  /** Keys this record links to. Keys that are not items (or the record's own) are ignored: taken as there. */
  dependsOn: readonly RecordKey[];
  /** How a refusal names this record (its type, Id and number); the key's when absent. */
  ref?: RecordRef;
}

export interface RestoreOrder {
  /** Keys by wave, each wave in tiebreak order. */
  waves: RecordKey[][];
  /** Keys the order could not place, each once, with why (a code the rooms word). */
  needsAttention: { key: RecordKey; why: Extract<RestoreRefusal, { code: 'linkCircle' | 'linkedUnplaced' }> }[];
}

function compareIds(a: string, b: string): number {
  // Decimal Ids without leading zeros, up to 20 digits (beyond a double's precision): length first.
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The tiebreak: stage, TxnDate (undated last), old Id numerically, key. */
export function compareForRestore(a: OrderItem, b: OrderItem): number {
  const byStage = stageOf(a.entity) - stageOf(b.entity);
  if (byStage !== 0) return byStage;
  if (a.txnDate !== b.txnDate) {
    if (a.txnDate === undefined) return 1;
    if (b.txnDate === undefined) return -1;
    return a.txnDate < b.txnDate ? -1 : 1;
  }
  return compareIds(a.id, b.id) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The items' waves, or which cannot be placed and why. */
export function orderRestore(items: readonly OrderItem[]): RestoreOrder {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const deps = new Map(
    items.map((item) => [item.key, [...new Set(item.dependsOn)].filter((k) => k !== item.key && byKey.has(k))]),
  );
  const wave = new Map<RecordKey, number>();
  // Repeated passes in tiebreak order: each places every item whose dependencies are placed.
  const sorted = [...items].sort(compareForRestore);
  let pending = sorted;
  while (pending.length > 0) {
    const next = pending.filter((item) => {
      const own = deps.get(item.key) ?? [];
      if (!own.every((k) => wave.has(k))) return true;
      wave.set(item.key, Math.max(stageOf(item.entity), ...own.map((k) => (wave.get(k) ?? 0) + 1)));
      return false;
    });
    if (next.length === pending.length) break;
    pending = next;
  }
  const used = [...new Set(wave.values())].sort((a, b) => a - b);
  const waves = used.map((w) => sorted.filter((item) => wave.get(item.key) === w).map((item) => item.key));
  return { waves, needsAttention: unplaced(pending, deps, byKey) };
}

function refOf(byKey: ReadonlyMap<RecordKey, OrderItem>, key: RecordKey): RecordRef {
  const item = byKey.get(key);
  return item?.ref ?? { entity: item?.entity ?? key, id: item?.id ?? '' };
}

/** Why each unplaced item is stuck: on a circle of links, or waiting on one that is. */
function unplaced(
  stuck: readonly OrderItem[],
  deps: ReadonlyMap<RecordKey, RecordKey[]>,
  byKey: ReadonlyMap<RecordKey, OrderItem>,
): RestoreOrder['needsAttention'] {
  const stuckKeys = new Set(stuck.map((item) => item.key));
  const reach = (from: RecordKey): Set<RecordKey> => {
    const seen = new Set<RecordKey>();
    const todo = [...(deps.get(from) ?? [])];
    while (todo.length > 0) {
      const key = todo.pop()!;
      if (seen.has(key) || !stuckKeys.has(key)) continue;
      seen.add(key);
      todo.push(...(deps.get(key) ?? []));
    }
    return seen;
  };
  return stuck.map((item) => {
    const reached = reach(item.key);
    if (reached.has(item.key)) {
      const circle = [...reached].filter((k) => k !== item.key && reach(k).has(item.key));
      return { key: item.key, why: { code: 'linkCircle', others: circle.map((k) => refOf(byKey, k)) } };
    }
    const waitsOn = (deps.get(item.key) ?? []).find((k) => stuckKeys.has(k))!;
    return { key: item.key, why: { code: 'linkedUnplaced', record: refOf(byKey, waitsOn) } };
  });
}
