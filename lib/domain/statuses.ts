/**
 * The preflight's statuses, defined once. The preflight classifies a record as 'ready'
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

/** One preflight status, declared once: its label, whether (and how strongly) it blocks, its words. */
export interface StatusDeclaration {
  /** The popup's chip and the report's column ("Closed period"): an accessible name, keep its tests. */
  readonly label: string;
  /** Blocking statuses' rank, most important first: a record's status is its first blocker. */
  readonly blockRank?: number;
  /**
   * Why a row has this status, in a bookkeeper's words, when the facts add nothing (the popup);
   * statuses whose words come from their facts are worded in lib/popup/words.ts.
   */
  readonly plain?: string;
  /**
   * Where a row of this status stands when the click does not take it: 'decision', the person can
   * change that (an opt-in, a look and a new tick), or 'leftAlone' by the check. Required: a new
   * status cannot be added without its place.
   */
  readonly whenKept: 'decision' | 'leftAlone';
}

/**
 * Every status a selected row can show (the stored preflight row, the popup), in this order.
 * 'unverifiable' outranks 'reconciled': "Include reconciled transactions" opts in to deleting
 * reconciled records, never to deleting one that could not be verified.
 */
export const STATUS_DECLARATIONS = {
  ready: { label: 'Ready', whenKept: 'decision' },
  reconciled: {
    label: 'Reconciled',
    whenKept: 'decision',
    blockRank: 8,
    plain: 'Part of a reconciled bank statement: deleting it would unbalance the reconciliation.',
  },
  changed: {
    label: 'Changed since viewed',
    whenKept: 'decision',
    blockRank: 4,
    plain: 'Someone changed it in QuickBooks after the page showed it. Look at it again; tick it again to include it.',
  },
  closedPeriod: { label: 'Closed period', blockRank: 5, whenKept: 'leftAlone' },
  notFound: {
    label: 'Not found',
    whenKept: 'leftAlone',
    blockRank: 2,
    plain: 'QuickBooks no longer has it: it was probably deleted already.',
  },
  deposited: {
    label: 'Deposited',
    whenKept: 'leftAlone',
    blockRank: 6,
    // No internal Id in words: the deposit is found from the record in QuickBooks.
    plain:
      'On a bank deposit: QuickBooks refuses to delete it until you remove it from that deposit (open it in QuickBooks to see which).',
  },
  linked: { label: 'Linked', whenKept: 'decision' },
  /**
   * Ready, but it buys or sells inventory items: QuickBooks values inventory first-in, first-out, so
   * deleting it changes the cost of every later sale of those items. A decision, like 'linked'.
   */
  inventory: { label: 'Inventory', whenKept: 'decision' },
  unsupported: { label: 'Unsupported type', blockRank: 1, whenKept: 'leftAlone' },
  duplicate: { label: 'Duplicate', blockRank: 0, plain: 'Selected twice: it counts once.', whenKept: 'leftAlone' },
  unverifiable: { label: 'Cannot verify', blockRank: 7, whenKept: 'leftAlone' },
  pageMismatch: { label: "Doesn't match the page", blockRank: 3, whenKept: 'decision' },
} as const satisfies Record<string, StatusDeclaration>;

type Declared = typeof STATUS_DECLARATIONS;
export type PreflightStatus = keyof Declared;
export const PREFLIGHT_STATUSES = Object.keys(STATUS_DECLARATIONS) as unknown as readonly [
  PreflightStatus,
  ...PreflightStatus[],
];

/** The statuses that block a record. */
export type BlockingStatus = {
  [S in PreflightStatus]: Declared[S] extends { blockRank: number } ? S : never;
}[PreflightStatus];

/** Blocking statuses, most important first (their declarations' rank). */
export const STATUS_ORDER = (Object.keys(STATUS_DECLARATIONS) as PreflightStatus[])
  .flatMap((s) => {
    const rank = (STATUS_DECLARATIONS[s] as StatusDeclaration).blockRank;
    return rank === undefined ? [] : [{ s, rank }];
  })
  .sort((x, y) => x.rank - y.rank)
  .map((x) => x.s) as BlockingStatus[] as readonly BlockingStatus[];

/** What the preflight itself concludes for one record. */
export type CheckStatus = 'ready' | BlockingStatus;

/** A status's declaration, read as its shape (the optional fields present or not). */
export const statusDeclaration = (status: PreflightStatus): StatusDeclaration => STATUS_DECLARATIONS[status];

/**
 * The deletable rule, defined once: a record may be deleted only when it is ready, or linked /
 * reconciled and the person opted in to that ("Include linked transactions", "Include reconciled
 * transactions"). Every other status is never deleted.
 */
export const DELETABLE_STATUSES = [
  'ready',
  'linked',
  'reconciled',
  'inventory',
] as const satisfies readonly PreflightStatus[];
export type DeletableStatus = (typeof DELETABLE_STATUSES)[number];

export interface DeleteOptIns {
  includeReconciled: boolean;
  includeLinked: boolean;
  /** "Include inventory transactions"; absent: false. */
  includeInventory?: boolean;
}

/** The statuses that are a decision, and the opt-in each needs ("Include … transactions"). */
export const DECISION_OPT_IN = {
  linked: 'includeLinked',
  reconciled: 'includeReconciled',
  inventory: 'includeInventory',
} as const satisfies Partial<Record<PreflightStatus, keyof DeleteOptIns>>;

const optedIn = (status: string, o: DeleteOptIns): boolean =>
  Object.hasOwn(DECISION_OPT_IN, status) ? o[DECISION_OPT_IN[status as keyof typeof DECISION_OPT_IN]] === true : true;

export const isDeletableStatus = (status: string | undefined): status is DeletableStatus =>
  (DELETABLE_STATUSES as readonly string[]).includes(status ?? '');

/**
 * Whether the click deletes a row of this status, given the person's opt-ins. `warnings`: the row's
 * non-blocking findings; a row that is two decisions at once (linked and inventory, reconciled and
 * linked) goes only with every opt-in it needs.
 */
export function willDelete(
  status: string | undefined,
  o: DeleteOptIns,
  warnings: readonly { status: string }[] = [],
): boolean {
  if (!isDeletableStatus(status)) return false;
  return optedIn(status, o) && warnings.every((w) => optedIn(w.status, o));
}
