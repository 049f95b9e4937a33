/**
 * Which records look like the same transaction entered twice ("Find likely duplicates"):
 * the match rules only, no keep decision (./duplicates.ts). Two rules, either one groups:
 *
 * - same amount: the same type, the same amount to the cent ($10.001 is $10.00; $10.01 is not), the
 *   same name as the page check compares names (case, spacing, curly apostrophes and invisible marks
 *   ignored: lib/domain/values/name.ts), TxnDates at most N days apart (N apart is in, N + 1 out);
 * - same number: the same type and the same DocNumber as every number compares ("#1001" is 1001,
 *   case ignored: lib/domain/values/doc-number.ts), any dates.
 *
 * The day window is anchored, not chained: a group's span starts at its earliest record and takes
 * the records within N days of THAT one; a record further on starts the next span. So a, b three days
 * apart and c three days after b give {a, b}, and c groups only with records within N days after it.
 * Chaining (a–b–c, six days end to end) would let a monthly bill paid every few days grow one group
 * across a quarter; the anchor keeps every same-amount group within N days, which is what the person
 * reads as "entered twice". Groups of the two rules that share a record are then merged (that record
 * is a duplicate of both), so the result is the union of the two rules' groups.
 *
 * A record with no amount (a TimeActivity) or no date joins by number only. A record with no name
 * matches only records with no name (Transfers, journal entries). A card credit (Purchase with
 * `Credit: true`) is never the duplicate of an expense of the same amount: it is a refund.
 */
import type { Entity } from '../domain/entities';
import { toCents } from '../domain/values/amount';
import { isIsoDate, toDayNumber } from '../domain/values/date';
import { foldNumber } from '../domain/values/doc-number';
import { foldText } from '../domain/values/name';

/** What matching reads of a record: its type, Id and the fields the rules compare. */
export interface MatchInput {
  entity: Entity;
  id: string;
  txnDate?: string;
  docNumber?: string;
  amount?: number;
  name?: string;
  /** A Purchase sent with `Credit: true` (a card credit): a kind of its own. */
  credit?: boolean;
}

export const DEFAULT_WINDOW_DAYS = 3;

/** The record's kind for matching: its entity, a card credit apart. */
function kindOf(record: MatchInput): string {
  return record.credit ? [record.entity, 'credit'].join('/') : record.entity;
}

/** Union-find over record indexes, smallest index as the root (stable groups, no recursion). */
function createUnion(size: number) {
  const parent = Array.from({ length: size }, (_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    let at = i;
    while (parent[at] !== root) {
      const next = parent[at] as number;
      parent[at] = root;
      at = next;
    }
    return root;
  };
  const join = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  return { find, join };
}

function pushTo<K>(map: Map<K, number[]>, key: K, index: number): void {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}

/** Same amount and name: sorted by day, each span anchored at its earliest record. */
function joinSameAmount(records: readonly MatchInput[], windowDays: number, join: (a: number, b: number) => void) {
  const buckets = new Map<string, number[]>();
  const days: number[] = [];
  records.forEach((record, index) => {
    const cents = toCents(record.amount);
    const date = record.txnDate;
    days[index] = date && isIsoDate(date) ? toDayNumber(date) : Number.NaN;
    if (cents === undefined || Number.isNaN(days[index])) return;
    pushTo(buckets, [kindOf(record), cents, foldText(record.name ?? '')].join('\u0000'), index);
  });
  for (const members of buckets.values()) {
    if (members.length < 2) continue;
    members.sort((a, b) => (days[a] as number) - (days[b] as number) || a - b);
    let anchor = members[0] as number;
    for (const index of members.slice(1)) {
      if ((days[index] as number) - (days[anchor] as number) <= windowDays) join(anchor, index);
      else anchor = index;
    }
  }
}

/** Same number: every record of a kind sharing a non-empty DocNumber. */
function joinSameNumber(records: readonly MatchInput[], join: (a: number, b: number) => void) {
  const firstOf = new Map<string, number>();
  records.forEach((record, index) => {
    const number = foldNumber(record.docNumber);
    if (number === undefined) return;
    const key = [kindOf(record), number].join('\u0000');
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, index);
    else join(first, index);
  });
}

/** How each group was found: which rules joined its records. */
export interface MatchedGroup {
  /** Indexes into the input, ascending. At least two. */
  members: number[];
  sameAmount: boolean;
  sameNumber: boolean;
}

/**
 * The groups of likely duplicates among `records`, each a list of input indexes (two or more), in
 * the order of their first member. `windowDays` is a whole number of days, 0 or more.
 */
export function matchDuplicates(records: readonly MatchInput[], windowDays = DEFAULT_WINDOW_DAYS): MatchedGroup[] {
  const days = Math.max(0, Math.floor(windowDays));
  const byAmount = createUnion(records.length);
  joinSameAmount(records, days, byAmount.join);
  const byNumber = createUnion(records.length);
  joinSameNumber(records, byNumber.join);
  const all = createUnion(records.length);
  for (let i = 0; i < records.length; i++) {
    all.join(i, byAmount.find(i));
    all.join(i, byNumber.find(i));
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < records.length; i++) pushTo(groups, all.find(i), i);
  return [...groups.values()]
    .filter((members) => members.length > 1)
    .map((members) => ({
      members,
      // A rule joined two of them when one member's root under that rule is another member.
      sameAmount: members.some((i) => byAmount.find(i) !== i),
      sameNumber: members.some((i) => byNumber.find(i) !== i),
    }));
}
