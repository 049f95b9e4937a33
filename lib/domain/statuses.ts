/**
 * The preflight's statuses, defined once (issue 13). The preflight classifies a record as 'ready'
 * or by its most important blocker (STATUS_ORDER); the popup also shows 'linked' (ready, but linked
 * to other transactions: a decision, see lib/jobs/from-preflight.ts).
 *
 * - duplicate: the same entity:id twice in the selection (the later ones)
 * - unsupported: not an entity we delete, or an Id that is not a decimal id
 * - notFound: not returned by the complete read: already deleted
 * - pageMismatch: the service's record disagrees with what the page showed (wrong company or Id)
 * - changed: MetaData.LastUpdatedTime after the page showed the row
 * - closedPeriod: R3, TxnDate on or before BookCloseDate
 * - deposited: a Payment/SalesReceipt on a Deposit: would be refused with 6540
 * - unverifiable: the service gave too little to prove the record safe (no TxnDate, no LastUpdatedTime)
 * - reconciled: R2, in the cleared=Reconciled TransactionList; the service would delete it silently
 */

/**
 * Blocking statuses, most important first: a record's status is its first blocker in this order.
 * 'unverifiable' outranks 'reconciled': "Include reconciled transactions" opts in to deleting
 * reconciled records, never to deleting one that could not be verified.
 */
export const STATUS_ORDER = [
  'duplicate',
  'unsupported',
  'notFound',
  'pageMismatch',
  'changed',
  'closedPeriod',
  'deposited',
  'unverifiable',
  'reconciled',
] as const;
export type BlockingStatus = (typeof STATUS_ORDER)[number];

/** What the preflight itself concludes for one record. */
export type CheckStatus = 'ready' | BlockingStatus;

/** Every status a selected row can show (the stored preflight row, the popup). */
export const PREFLIGHT_STATUSES = [
  'ready',
  'reconciled',
  'changed',
  'closedPeriod',
  'notFound',
  'deposited',
  'linked',
  'unsupported',
  'duplicate',
  'unverifiable',
  'pageMismatch',
] as const;
export type PreflightStatus = (typeof PREFLIGHT_STATUSES)[number];

/**
 * The deletable rule, defined once: a record may be deleted only when it is ready, or linked /
 * reconciled and the person opted in to that ("Include linked transactions", "Include reconciled
 * transactions"). Every other status is never deleted.
 */
export const DELETABLE_STATUSES = ['ready', 'linked', 'reconciled'] as const satisfies readonly PreflightStatus[];
export type DeletableStatus = (typeof DELETABLE_STATUSES)[number];

export interface DeleteOptIns {
  includeReconciled: boolean;
  includeLinked: boolean;
}

export const isDeletableStatus = (status: string | undefined): status is DeletableStatus =>
  (DELETABLE_STATUSES as readonly string[]).includes(status ?? '');

/** Whether the click deletes a row of this status, given the person's opt-ins. */
export function willDelete(status: string | undefined, o: DeleteOptIns): boolean {
  if (status === 'linked') return o.includeLinked;
  if (status === 'reconciled') return o.includeReconciled;
  return status === 'ready';
}
