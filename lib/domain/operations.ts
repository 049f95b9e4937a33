/**
 * Every job operation, listed once: a new operation is its declaration file here, its
 * plug-in in lib/jobs/operations/, and its outcomes' payloads in lib/journal/schema.ts. The kinds,
 * the outcome groups, the labels and the words everywhere else are read from this list.
 */
import { DELETE } from './operations-delete';
import { RESTORE } from './operations-restore';
import { SHARED_GROUPS, type SharedGroup } from './operations-types';
import { VOID } from './operations-void';

export const OPERATION_DECLARATIONS = [DELETE, VOID, RESTORE] as const;
type Declared = (typeof OPERATION_DECLARATIONS)[number];
type Kinds<T extends readonly Declared[]> = { [I in keyof T]: T[I]['kind'] };
type Groups<T extends readonly Declared[]> = { [I in keyof T]: T[I]['doneGroup'] };

export type JobOperationKind = Declared['kind'];
export const JOB_OPERATIONS = OPERATION_DECLARATIONS.map((d) => d.kind) as unknown as Kinds<
  typeof OPERATION_DECLARATIONS
>;

/** The group each operation's done records land in ("deleted", "voided", "restored"). */
export type DoneGroup = Declared['doneGroup'];
export const DONE_GROUPS = OPERATION_DECLARATIONS.map((d) => d.doneGroup) as unknown as Groups<
  typeof OPERATION_DECLARATIONS
>;

/** Every outcome group: each operation's done group, then the shared ones. */
export const OUTCOME_GROUPS = [...DONE_GROUPS, ...SHARED_GROUPS] as const;
export type OutcomeGroup = DoneGroup | SharedGroup;

/** The operations the selection's one click may start (`job/start`): the others have their own message. */
export type SelectionOperationKind = Extract<Declared, { fromSelection: true }>['kind'];
export const SELECTION_OPERATIONS = OPERATION_DECLARATIONS.filter((d) => d.fromSelection).map(
  (d) => d.kind,
) as unknown as readonly [SelectionOperationKind, ...SelectionOperationKind[]];

/** The done groups whose records leave the selection when a run is closed ("deleted", "voided"). */
export const LEAVING_GROUPS: ReadonlySet<string> = new Set(
  OPERATION_DECLARATIONS.filter((d) => d.leavesSelection).map((d) => d.doneGroup),
);

const BY_KIND = new Map<string, Declared>(OPERATION_DECLARATIONS.map((d) => [d.kind, d]));

/** The declaration of a job's operation; a job stored before operations existed deleted. */
export function operationOf(kind: string | undefined): Declared {
  return BY_KIND.get(kind ?? '') ?? DELETE;
}

export type { Declared as DeclaredOperation };
export { DELETE, RESTORE, VOID };
