/**
 * Every outcome kind a record may reach, with the result's group it is shown in and its label: the
 * ones every operation shares are declared here, each operation's own in its declaration
 * (operations-<kind>.ts). The payload of each kind is in lib/journal/schema.ts RecordOutcomeSchema;
 * the words beyond the label are the rooms' (lib/popup/words/, lib/audit/words.ts).
 */
import { OPERATION_DECLARATIONS, type OutcomeGroup } from './operations';
import type { OutcomeDeclaration } from './operations-types';

export const OUTCOME_KINDS = [
  'deleted',
  'deletedVerified',
  'notDeletedVerified',
  'skippedChanged',
  'skippedReconciled',
  'closedPeriod',
  'refused',
  'declined',
  'alreadyGone',
  'voided',
  'notVoidedVerified',
  'restored',
  'restoreUnconfirmed',
] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

/**
 * Outcomes any operation may reach: the re-read's skips, the service's refusals (`refused`: its fault
 * passes through as data), our own (`declined`: Safe Delete did not send it), a record gone.
 */
const SHARED_OUTCOMES = {
  skippedChanged: { group: 'skipped', label: 'Skipped: changed since review' },
  skippedReconciled: { group: 'skipped', label: 'Skipped: reconciled' },
  closedPeriod: { group: 'refused', label: 'Refused: closed period' },
  refused: { group: 'refused', label: 'Refused' },
  declined: { group: 'refused', label: 'Refused' },
  alreadyGone: { group: 'skipped', label: 'Already gone' },
} as const satisfies Record<string, OutcomeDeclaration<never>>;

/** Every outcome kind is declared, by one operation or as shared (a compile-time check). */
type OwnKinds<D> = D extends { outcomes: infer O } ? keyof O : never;
type Declared = keyof typeof SHARED_OUTCOMES | OwnKinds<(typeof OPERATION_DECLARATIONS)[number]>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyOutcomeDeclared: Same<Declared, OutcomeKind> = true;
void everyOutcomeDeclared;

export const OUTCOME_DECLARATIONS = Object.assign(
  {},
  SHARED_OUTCOMES,
  ...OPERATION_DECLARATIONS.map((d) => d.outcomes),
) as Record<OutcomeKind, OutcomeDeclaration<OutcomeGroup>>;

const byKind = <T>(pick: (o: OutcomeDeclaration<OutcomeGroup>) => T) =>
  Object.fromEntries(OUTCOME_KINDS.map((k) => [k, pick(OUTCOME_DECLARATIONS[k])])) as Record<OutcomeKind, T>;

export const OUTCOME_GROUP: Record<OutcomeKind, OutcomeGroup> = byKind((o) => o.group);
export const OUTCOME_LABEL: Record<OutcomeKind, string> = byKind((o) => o.label);

export const isOutcomeKind = (value: string): value is OutcomeKind =>
  (OUTCOME_KINDS as readonly string[]).includes(value);

/** What a record row of a run says it came to: a final outcome's kind, or `unverified` while a write may still land. */
export const RECORD_VIEW_OUTCOMES = [...OUTCOME_KINDS, 'unverified'] as const;
export type RecordViewOutcome = (typeof RECORD_VIEW_OUTCOMES)[number];
