/**
 * A company in one environment: the scope every selection, check, job and connection belongs to.
 * Written once here: its key (`production.9341…`), the comparison, and the stamp a view
 * carries so that a click acts on exactly what the person saw.
 *
 * The stamp is a digest, not a secret: it tells a stale view from a current one (a report from
 * another client's tab, a row that came back, a check re-run with other results between the view's
 * last poll and the click). FNV-1a (64 bit, two 32-bit halves) keeps it synchronous and tiny; a
 * collision would need two different selections of one company to hash alike between two polls.
 */
import type { Environment } from './ids';

export interface CompanyScope {
  realmId: string;
  environment: Environment;
}

/** `${environment}.${realmId}`: the one spelling of a company's key in memory maps. */
export type ScopeKey = `${Environment}.${string}`;

export const scopeKey = (scope: CompanyScope): ScopeKey => `${scope.environment}.${scope.realmId}`;

export const sameScope = (a: CompanyScope | undefined, b: CompanyScope | undefined): boolean =>
  a !== undefined && b !== undefined && a.realmId === b.realmId && a.environment === b.environment;

/** A short, stable digest of `parts` (order matters: sort first when it must not). */
export function stampOf(parts: readonly string[]): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h1 >>> 7);
    }
    // A separator no part can hold, so ['ab','c'] and ['a','bc'] differ.
    h1 = Math.imul(h1 ^ 0x1f, 0x01000193);
    h2 = Math.imul(h2 ^ 0x1e, 0x01000193);
  }
  return `${(h1 >>> 0).toString(16).padStart(8, '0')}${(h2 >>> 0).toString(16).padStart(8, '0')}-${parts.length}`;
}
