/**
 * `duplicatePairs` (issue 22, "25 duplicate pairs, 5 of them with one side reconciled"): each pair is
 * one transaction entered twice — same type, amount, name, dates 0 to 3 days apart (3 apart included:
 * the default window's edge), different numbers. The first entry is made by hand; its twin comes
 * later from the bank feed or a CSV upload (its memo says which, as such entries do).
 *
 * Which side stays: in a reconciled pair the TWIN (created later) is the reconciled one, so
 * "reconciled" must beat "earliest created"; in every other pair the first-created side. Some pairs
 * date the later-created side earlier, so "earliest dated" is not "earliest created" either.
 *
 * Noise: `noise` records from the seeded generator (../generate.ts) over the same dates, with
 * payments linked to invoices and bills, payments and sales receipts on deposits and a few reconciled
 * records, none of them with a twin. Before it is handed out the company is read with the
 * simulator's own matcher (./likely-twins.ts): exactly the pairs, or the seed is refused.
 */
import { addDays, daysBetween } from '../clock';
import { money, REFERENCE_CATALOGUE } from '../entity-json';
import { generateCompany } from '../generate';
import { createPrng } from '../prng';
import type { Entity } from '../service-names';
import { likelyTwins } from './likely-twins';
import { type BuiltScenario, buildRecords, type Draft, keyOf, type ScenarioBase, serviceTime } from './records';

export interface DuplicatePairsOptions extends ScenarioBase {
  /** Default 25. */
  pairs?: number;
  /** Pairs whose later-created side is reconciled. Default 5. */
  reconciledPairs?: number;
  /** Records without a twin. Default 60. */
  noise?: number;
}

export interface DuplicatePair {
  entity: Entity;
  /** The side the rules keep; never to be proposed. */
  keep: string;
  /** The side to propose. */
  propose: string;
  keepBecause: 'reconciled' | 'earliestCreated';
  /** Days between the two TxnDates (0 to 3). */
  daysApart: number;
}

export interface DuplicatePairsTruth {
  pairs: DuplicatePair[];
  /** Every pair's kept side / proposed side, in pair order. */
  kept: string[];
  proposed: string[];
  /** The records without a twin (linked, deposited and reconciled ones among them). */
  noise: string[];
  /** Every TxnDate of the company is in this range: a scan over it with every type finds all pairs. */
  range: { from: string; to: string };
  /** The pairs' types, and every type the company holds. */
  pairTypes: Entity[];
  types: Entity[];
}

const FROM = '2026-09-01';
const TO = '2026-10-31';
const PLAIN: readonly Entity[] = ['Invoice', 'Bill', 'Purchase', 'SalesReceipt'];
const CHECKING = { value: '35', name: 'Checking' };

export function buildDuplicatePairs(options: DuplicatePairsOptions): BuiltScenario<DuplicatePairsTruth> {
  const seed = options.seed ?? 1;
  const rng = createPrng(seed + 7919);
  const pairCount = Math.max(0, Math.floor(options.pairs ?? 25));
  const reconciledPairs = Math.min(pairCount, Math.max(0, Math.floor(options.reconciledPairs ?? 5)));
  const noise = generateCompany({
    count: Math.max(0, Math.floor(options.noise ?? 60)),
    seed,
    entities: { Invoice: 4, Bill: 3, Purchase: 3, SalesReceipt: 2, Payment: 3, BillPayment: 2, Deposit: 1 },
    linkedShare: 0.2,
    depositedShare: 0.15,
    reconciledShare: 0.05,
    startDate: FROM,
    endDate: TO,
  }).records;
  const used = new Set(noise.map((r) => Math.round(Number(r.json.TotalAmt ?? r.json.Amount ?? 0) * 100)));
  const amount = (): number => {
    let a = money(rng, 20, 5000);
    while (used.has(Math.round(a * 100))) a = money(rng, 20, 5000);
    used.add(Math.round(a * 100));
    return a;
  };
  const drafts: Draft[] = [];
  const meta: Omit<DuplicatePair, 'keep' | 'propose'>[] = [];
  let doc = 5001;
  for (let p = 0; p < pairCount; p++) {
    const reconciled = p < reconciledPairs;
    const entity: Entity = reconciled ? 'Purchase' : (PLAIN[p % PLAIN.length] as Entity);
    const gap = p % 4;
    const early = addDays(FROM, rng.int(0, daysBetween(FROM, TO) - 3));
    // Every third pair: the hand entry carries the later date (the feed's copy is dated when it cleared).
    const [handDate, twinDate] = p % 3 === 0 ? [addDays(early, gap), early] : [early, addDays(early, gap)];
    const hand = serviceTime(handDate, '09:00:00') + rng.int(0, 8 * 3600) * 1000;
    const twin = hand + rng.int(26, 96) * 3_600_000;
    const set: Record<string, unknown> = { TotalAmt: amount(), PrivateNote: undefined };
    if (entity === 'Invoice' || entity === 'SalesReceipt') set.CustomerRef = rng.pick(REFERENCE_CATALOGUE.Customer);
    if (entity === 'Bill') set.VendorRef = rng.pick(REFERENCE_CATALOGUE.Vendor);
    if (entity === 'Purchase') {
      Object.assign(set, { PaymentType: 'Cash', AccountRef: CHECKING, Credit: undefined, DocNumber: undefined });
      set.EntityRef = { ...rng.pick(REFERENCE_CATALOGUE.Vendor), type: 'Vendor' };
    }
    const source = reconciled || p % 2 === 0 ? 'Added from the bank feed' : 'Imported from CSV upload';
    drafts.push({ entity, txnDate: handDate, createdMs: hand, docNumber: String(doc++), set });
    drafts.push({
      entity,
      txnDate: twinDate,
      createdMs: twin,
      docNumber: String(doc++),
      set: { ...set, PrivateNote: source },
      reconciled,
    });
    meta.push({ entity, keepBecause: reconciled ? 'reconciled' : 'earliestCreated', daysApart: gap });
  }
  const firstId = Math.max(99, ...noise.map((r) => Number(r.id))) + 10;
  const paired = buildRecords(drafts, rng, firstId);
  const pairs: DuplicatePair[] = meta.map((m, p) => {
    const [hand, twin] = [paired[2 * p], paired[2 * p + 1]].map((r) => (r ? keyOf(r) : '')) as [string, string];
    return m.keepBecause === 'reconciled' ? { ...m, keep: twin, propose: hand } : { ...m, keep: hand, propose: twin };
  });
  const records = [...noise, ...paired];
  const found = likelyTwins(records).map((g) => g.join(' '));
  const wanted = pairs.map((p) => [p.keep, p.propose].sort().join(' '));
  if (found.length !== wanted.length || !wanted.every((w) => found.includes(w))) {
    throw new Error(`duplicatePairs: seed ${seed} makes other likely duplicates than the pairs; choose another seed`);
  }
  return {
    records,
    truth: {
      pairs,
      kept: pairs.map((p) => p.keep),
      proposed: pairs.map((p) => p.propose),
      noise: noise.map(keyOf),
      range: { from: FROM, to: TO },
      pairTypes: [...new Set(pairs.map((p) => p.entity))].sort(),
      types: [...new Set(records.map((r) => r.entity))].sort(),
    },
  };
}
