/**
 * R5: injected server failures. A rule fires on the next `times` matching calls (default 1), or with
 * a seeded `probability` on every matching call until cleared. `*-before` kinds answer without
 * applying anything; `*-after` kinds apply the call first (the delete really happens) and then
 * answer 500 or drop the connection: the ambiguous outcome the document warns about.
 */
import type { Endpoint, FaultKind, FaultRule } from './api';
import { createPrng, type Prng } from './prng';

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
  rng?: Prng;
}

export function createFaultInjector() {
  let rules: ActiveRule[] = [];
  return {
    add(rule: FaultRule): void {
      const active: ActiveRule = { rule, remaining: rule.times ?? 1 };
      if (rule.probability !== undefined) active.rng = createPrng(rule.seed ?? 1);
      rules.push(active);
    },
    clear(): void {
      rules = [];
    },
    /** The fault to apply to this call, consuming one shot of the first matching rule. */
    take(endpoint: Endpoint, realmId: string): FaultKind | undefined {
      for (const active of rules) {
        const { rule } = active;
        if (rule.endpoint !== endpoint) continue;
        if (rule.realmId !== undefined && rule.realmId !== realmId) continue;
        if (active.rng) {
          if (active.rng.chance(rule.probability ?? 0)) return rule.kind;
          continue;
        }
        if (active.remaining <= 0) continue;
        active.remaining -= 1;
        rules = rules.filter((r) => r.remaining > 0 || r.rng);
        return rule.kind;
      }
      return undefined;
    },
  };
}

export type FaultInjector = ReturnType<typeof createFaultInjector>;
