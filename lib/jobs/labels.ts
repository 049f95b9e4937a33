/**
 * Outcome words and groups, shared by the audit log and the popup: read from the operations'
 * declarations (lib/domain/operations-*.ts) and the outcomes every operation shares, below.
 */

import type { OutcomeGroup } from '../domain/jobs';
import { OPERATION_DECLARATIONS } from '../domain/operations';
import type { OutcomeDeclaration } from '../domain/operations-types';
import type { OutcomeKind, RecordOutcome } from '../journal/schema';

/** Outcomes any operation may reach: the re-read's skips, the service's refusals, a record gone. */
const SHARED_OUTCOMES = {
  skippedChanged: { group: 'skipped', label: 'Skipped: changed since review' },
  skippedReconciled: { group: 'skipped', label: 'Skipped: reconciled' },
  closedPeriod: { group: 'refused', label: 'Refused: closed period' },
  refused: { group: 'refused', label: 'Refused' },
  alreadyGone: { group: 'skipped', label: 'Already gone' },
} as const satisfies Record<string, OutcomeDeclaration<never>>;

const OUTCOMES = Object.assign({}, SHARED_OUTCOMES, ...OPERATION_DECLARATIONS.map((d) => d.outcomes)) as Record<
  OutcomeKind,
  OutcomeDeclaration<OutcomeGroup>
>;
const byKind = <T>(pick: (o: OutcomeDeclaration<OutcomeGroup>) => T) =>
  Object.fromEntries(Object.entries(OUTCOMES).map(([k, o]) => [k, pick(o)])) as Record<OutcomeKind, T>;

/** Every outcome kind is declared, by one operation or as shared (a compile-time check). */
type OwnKinds<D> = D extends { outcomes: infer O } ? keyof O : never;
type Declared = keyof typeof SHARED_OUTCOMES | OwnKinds<(typeof OPERATION_DECLARATIONS)[number]>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyOutcomeDeclared: Same<Declared, OutcomeKind> = true;
void everyOutcomeDeclared;

export const OUTCOME_LABEL: Record<OutcomeKind, string> = byKind((o) => o.label);

export type { OutcomeGroup };

export const OUTCOME_GROUP: Record<OutcomeKind, OutcomeGroup> = byKind((o) => o.group);

export const UNVERIFIED_LABEL = 'Unverified: outcome unknown, verification pending';

export function outcomeLabel(outcome: RecordOutcome): string {
  if (outcome.kind === 'refused') return `Refused (${outcome.fault.code}: ${outcome.fault.message})`;
  return OUTCOME_LABEL[outcome.kind];
}
