/**
 * The shape of one job operation's declaration: its kind, its own outcome kinds with the
 * group each falls in and its label, and its words. One file per operation (operations-<kind>.ts),
 * listed once in operations.ts; the runner's plug-in, the protocol, the background and the popup
 * read the declaration instead of spelling the operation out. Pure data: no imports.
 */

/** Outcome groups every operation shares; each operation adds the one its done records land in. */
export const SHARED_GROUPS = ['skipped', 'refused', 'needsAttention'] as const;
export type SharedGroup = (typeof SHARED_GROUPS)[number];

/** One outcome kind: the result's group it is shown in and its label (audit log, result, report). */
export interface OutcomeDeclaration<G extends string> {
  readonly group: G | SharedGroup;
  readonly label: string;
}

/** The popup's and the notification's words for one operation. Accessible names come from here. */
export interface OperationWordsDeclaration {
  /** The running job's heading ("Deleting"), also the start of "Deleting started: …". */
  readonly heading: string;
  /** The progress bar's accessible name. */
  readonly progress: string;
  /** What the job is doing while it runs without a wait. */
  readonly activity: string;
  /** "Deletion paused." */
  readonly paused: string;
  /** "the deletion continues" when the window closes. */
  readonly continues: string;
  /** The cancel confirmation's button ("Yes, stop deleting"). */
  readonly stop: string;
  /** What cancelling does not undo ("deletions already done are not undone"). */
  readonly undone: string;
  /** The done group's label ("Deleted"). */
  readonly doneLabel: string;
  /** The verb in "Check finished: 3 to delete" and "No selected transaction is ready to delete." */
  readonly verb: string;
  /** The refusal when the click finds nothing to send. */
  readonly nothingReady: string;
  /** The report's title noun ("Safe Delete — deletion report"). */
  readonly reportNoun: string;
  /** What "Needs attention" means for a record of this job. */
  readonly needsAttention: string;
}

export interface OperationDeclaration<K extends string = string, G extends string = string> {
  readonly kind: K;
  /** The group its done records land in ("deleted"): the word in counts ("52 deleted"). */
  readonly doneGroup: G;
  /** Started from the selection's one click ('job/start'); a restore has its own message. */
  readonly fromSelection: boolean;
  /** Its done records leave the selection when the run is closed with "Done" (gone, or voided: done with). */
  readonly leavesSelection: boolean;
  /** Its own outcome kinds (the payload of each is in lib/journal/schema.ts RecordOutcomeSchema). */
  readonly outcomes: Readonly<Record<string, OutcomeDeclaration<G>>>;
  /** The outcome kinds the finish notification counts as done ("52 deleted of 60"). */
  readonly notified: readonly string[];
  readonly words: OperationWordsDeclaration;
}
