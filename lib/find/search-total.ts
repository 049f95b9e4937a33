/** The results' sum, per currency, in whole cents (integers: 10,000 decimals added never drift). */
import { amountCents } from './duplicates-match';
import type { SearchRow } from './search-rows';

export interface CurrencySum {
  currency: string;
  cents: number;
}

/** Largest sum first; rows without an amount add nothing; a row without a currency is the home currency (USD). */
export function sumsByCurrency(rows: readonly SearchRow[], home = 'USD'): CurrencySum[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const cents = amountCents(row.amount);
    if (cents === undefined) continue;
    const currency = row.currency ?? home;
    sums.set(currency, (sums.get(currency) ?? 0) + cents);
  }
  return [...sums].map(([currency, cents]) => ({ currency, cents })).sort((a, b) => b.cents - a.cents);
}
