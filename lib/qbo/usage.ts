/**
 * Uses of a record that leave no link on it (service-facts "Where links live in real payloads"):
 * credits record their use in the counterpart, not in themselves. A CreditMemo applied by a payment
 * shows `RemainingCredit` below `TotalAmt` (0 when fully used) and may carry no `LinkedTxn` at all (the
 * payment names it on its own line); a VendorCredit applied by a bill payment likewise (its remaining
 * credit in `RemainingCredit`, or `Balance` where that is all it sends). A TimeActivity billed onto an
 * invoice shows `BillableStatus: "HasBeenBilled"` (a string; `Billable` and `NotBillable` are the
 * others, and there is no boolean `HasBeenBilled` field) and no link. Deleting such a record changes another transaction
 * all the same, so it counts as linked: lib/preflight/checks/linked.ts decides, from this and
 * ./links.ts `changingLinks`.
 * Tolerant: a field that is absent or not a finite number proves nothing and is never thrown on.
 */
import type { UnlinkedUse } from '../domain/findings';
import type { TxnRecord } from './outcomes';

type Usable = Pick<TxnRecord, 'entity'> & { raw?: unknown; currency?: string };

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const cents = (n: number) => Math.round(n * 100) / 100;

/** Where each credit keeps what is left of it, in the order read. */
const REMAINING_FIELDS: Readonly<Partial<Record<TxnRecord['entity'], readonly string[]>>> = {
  CreditMemo: ['RemainingCredit'],
  VendorCredit: ['RemainingCredit', 'Balance'],
};

/** How the record is used elsewhere without a link saying so, or undefined when nothing shows it. */
export function unlinkedUse(record: Usable | undefined): UnlinkedUse | undefined {
  const raw = record?.raw;
  if (!record || typeof raw !== 'object' || raw === null) return undefined;
  const json = raw as Record<string, unknown>;
  if (record.entity === 'TimeActivity') return json.BillableStatus === 'HasBeenBilled' ? { kind: 'billed' } : undefined;
  const fields = REMAINING_FIELDS[record.entity];
  const total = finite(json.TotalAmt);
  if (!fields || total === undefined) return undefined;
  const remaining = fields.map((field) => finite(json[field])).find((value) => value !== undefined);
  if (remaining === undefined) return undefined;
  const applied = cents(Math.abs(total) - Math.abs(remaining));
  if (applied < 0.005) return undefined;
  const use: UnlinkedUse = { kind: 'creditApplied', applied, total: cents(Math.abs(total)) };
  if (record.currency !== undefined) use.currency = record.currency;
  return use;
}
