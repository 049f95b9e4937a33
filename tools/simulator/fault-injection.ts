/**
 * R5: injected server failures. A rule fires on the next `times` matching calls (default 1), or with
 * a seeded `probability` on every matching call until cleared; `after` lets that many matching calls
 * pass untouched first. `*-before` kinds answer without applying anything; `*-after` kinds apply the
 * call first (the delete really happens) and then answer 500 or drop the connection: the ambiguous
 * outcome the document warns about. `hold-before` keeps the call waiting, nothing applied, until the
 * test releases it (a job held mid-run without waiting on the clock); then it goes on as usual.
 * `slow-before` keeps the call `delayMs` of wall time, then applies and answers it: a client that gave
 * up meanwhile (a worker stopped with the call in flight) finds the write landed after it looked.
 */
import type { Endpoint, FaultRule } from './api';
import { createPrng, type Prng } from './prng';

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
  passes: number;
  rng?: Prng;
}

export function createFaultInjector() {
  let rules: ActiveRule[] = [];
  let held: (() => void)[] = [];
  const releaseHeld = (): number => {
    const waiting = held;
    held = [];
    for (const release of waiting) release();
    return waiting.length;
  };
  return {
    add(rule: FaultRule): void {
      const active: ActiveRule = { rule, remaining: rule.times ?? 1, passes: rule.after ?? 0 };
      if (rule.probability !== undefined) active.rng = createPrng(rule.seed ?? 1);
      rules.push(active);
    },
    /** Drops every rule and lets every held call go on. */
    clear(): void {
      rules = [];
      releaseHeld();
    },
    /** The fault to apply to this call, consuming one shot of the first matching rule. */
    take(endpoint: Endpoint, realmId: string): FaultRule | undefined {
      for (const active of rules) {
        const { rule } = active;
        if (rule.endpoint !== endpoint) continue;
        if (rule.realmId !== undefined && rule.realmId !== realmId) continue;
        if (active.passes > 0) {
          active.passes -= 1;
          continue;
        }
        if (active.rng) {
          if (active.rng.chance(rule.probability ?? 0)) return rule;
          continue;
        }
        if (active.remaining <= 0) continue;
        active.remaining -= 1;
        rules = rules.filter((r) => r.remaining > 0 || r.rng);
        return rule;
      }
      return undefined;
    },
    /** Resolves when the test releases held calls (releaseHeld or clear). */
    hold(): Promise<void> {
      return new Promise((resolve) => held.push(resolve));
    },
    /** How many calls are being held now. */
    heldCount(): number {
      return held.length;
    },
    releaseHeld,
  };
}

export type FaultInjector = ReturnType<typeof createFaultInjector>;
