/**
 * The simulator's own reading of "likely duplicates" (issue 22, item 3), written from the issue and
 * not from the product's code: records of the same type (a card credit apart) with the same amount to
 * the cent and the same name ignoring case and spacing, dated at most `windowDays` apart; or of the
 * same type with the same non-empty number. Pairs are joined transitively (a chain is one group), which
 * is wider than any anchored window: a scenario whose noise forms no group here forms none there.
 * Used only to prove a scenario's ground truth before it is handed out (./duplicate-pairs.ts).
 */
import { daysBetween } from '../clock';
import type { StoredRecord } from '../store';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const refName = (v: unknown) => (v && typeof v === 'object' ? text((v as { name?: unknown }).name) : '');

function facts(r: StoredRecord) {
  const j = r.json;
  const amount = typeof j.TotalAmt === 'number' ? j.TotalAmt : typeof j.Amount === 'number' ? j.Amount : undefined;
  return {
    kind: j.Credit === true ? `${r.entity}/credit` : r.entity,
    cents: amount === undefined ? undefined : Math.round(amount * 100),
    name: refName(j.CustomerRef ?? j.VendorRef ?? j.EntityRef ?? j.EmployeeRef)
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim(),
    number: text(j.DocNumber).trim().toLowerCase(),
    date: text(j.TxnDate),
  };
}

/** Groups (two or more keys `Entity:Id`, each sorted) the rules join among `records`. */
export function likelyTwins(records: readonly StoredRecord[], windowDays = 3): string[][] {
  const f = records.map(facts);
  const parent = records.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : root(parent[i] as number));
  for (let i = 0; i < records.length; i++) {
    for (let j = i + 1; j < records.length; j++) {
      const a = f[i];
      const b = f[j];
      if (!a || !b || a.kind !== b.kind) continue;
      const sameAmount =
        a.cents !== undefined &&
        a.cents === b.cents &&
        a.name === b.name &&
        a.date !== '' &&
        b.date !== '' &&
        Math.abs(daysBetween(a.date, b.date)) <= windowDays;
      if (sameAmount || (a.number !== '' && a.number === b.number)) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, string[]>();
  records.forEach((r, i) => {
    const list = groups.get(root(i)) ?? [];
    list.push(`${r.entity}:${r.id}`);
    groups.set(root(i), list);
  });
  return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort());
}
