/**
 * What the simulator seeded a record as (plain, reconciled, closed period, deposited, linked), the
 * status the popup must show for each, and picking rows of a page by category. The e2e suites of
 * both browsers and the demo's walks use them.
 */
import type { SeededCompany, Simulator } from '../simulator/api';

export type Category = 'plain' | 'reconciled' | 'closed' | 'deposited' | 'linked';

/** Links on the record or on its lines (a Deposit's lines link the payments it holds). */
function hasLinks(json: Record<string, unknown> | undefined): boolean {
  const own = json?.LinkedTxn;
  if (Array.isArray(own) && own.length > 0) return true;
  const lines = Array.isArray(json?.Line) ? (json.Line as { LinkedTxn?: unknown[] }[]) : [];
  return lines.some((l) => Array.isArray(l.LinkedTxn) && l.LinkedTxn.length > 0);
}

/** A record's category; with `sim`, a record that links another after seeding counts as linked too. */
export function categoryOf(company: SeededCompany, key: string, sim?: Simulator): Category {
  const k = company.keys;
  if (k.closed.includes(key)) return 'closed';
  if (k.deposited.includes(key)) return 'deposited';
  if (k.reconciled.includes(key)) return 'reconciled';
  if (k.linked.includes(key) || (sim && hasLinks(sim.record(company.realmId, key)))) return 'linked';
  return 'plain';
}

/** The popup status a record of this category must get (closed outranks reconciled: STATUS_ORDER). */
export const EXPECTED_STATUS: Record<Category, string> = {
  plain: 'Ready',
  linked: 'Linked',
  closed: 'Closed period',
  deposited: 'Deposited',
  reconciled: 'Reconciled',
};

/** Ids from a page (either browser's ledger page object): `want` per category, in page order. */
export async function pick(
  ledger: { ids(): Promise<string[]> },
  company: SeededCompany,
  entity: string,
  want: Partial<Record<Category, number>>,
  sim?: Simulator,
): Promise<string[]> {
  const left = { ...want };
  const out: string[] = [];
  for (const id of await ledger.ids()) {
    const cat = categoryOf(company, `${entity}:${id}`, sim);
    if ((left[cat] ?? 0) > 0 && !out.includes(id)) {
      out.push(id);
      left[cat] = (left[cat] ?? 0) - 1;
    }
  }
  return out;
}
