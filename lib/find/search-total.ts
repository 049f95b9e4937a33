/** The results' sums, per type and currency, in whole cents (integers: 10,000 decimals added never drift). */
import { ENTITIES, type Entity } from '../domain/entities';
import { toCents } from '../domain/values/amount';
import type { FoundRecord } from './found';

export interface CurrencySum {
  currency: string;
  cents: number;
}

/** Largest sum first; rows without an amount add nothing; a row without a currency is the home currency (USD). */
export function sumsByCurrency(rows: readonly FoundRecord[], home = 'USD'): CurrencySum[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const cents = toCents(row.amount);
    if (cents === undefined) continue;
    const currency = row.currency ?? home;
    sums.set(currency, (sums.get(currency) ?? 0) + cents);
  }
  return [...sums].map(([currency, cents]) => ({ currency, cents })).sort((a, b) => b.cents - a.cents);
}

export interface TypeSum {
  entity: Entity;
  count: number;
  /** Per currency, largest first (sumsByCurrency). */
  sums: CurrencySum[];
}

/**
 * Per type, in the fixed order of types: a sum over types adds what is owed to the company
 * (invoices) and what it owes (bills) into one figure that means nothing, so no such sum is made.
 */
export function sumsByType(rows: readonly FoundRecord[], home = 'USD'): TypeSum[] {
  const byType = new Map<Entity, FoundRecord[]>();
  for (const row of rows) {
    const list = byType.get(row.entity);
    if (list) list.push(row);
    else byType.set(row.entity, [row]);
  }
  return ENTITIES.flatMap((entity) => {
    const list = byType.get(entity);
    return list ? [{ entity, count: list.length, sums: sumsByCurrency(list, home) }] : [];
  });
}
