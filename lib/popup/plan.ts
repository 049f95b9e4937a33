/**
 * What the one click will do with the selection, grouped by what will happen to each row:
 * - Will delete: ready, plus linked / inventory / reconciled rows the person opted in to (a row that
 *   is two of them needs both opt-ins);
 * - Needs a decision: linked, inventory or reconciled rows not opted in, rows changed since viewed or that do
 *   not match the page (look again), and rows not checked yet;
 * - Left alone: rows the service would refuse or that cannot be proved safe (closed period,
 *   deposited, not found, duplicate, unsupported, cannot verify) and, with "Void instead of delete",
 *   every row of a type the service cannot void ("Cannot be voided", whatever its status).
 * Pure: the model wraps it in a computed signal, the footer and the groups render it.
 */

import { canVoid, ENTITY_LABEL, type Entity } from '../domain/entities';
import { DELETE, VOID } from '../domain/operations';
import { type DeleteOptIns, statusDeclaration, willDelete } from '../domain/statuses';
import type { PreflightStatus, SelectionRow } from '../messaging/views';
import { formatDate } from './format';
import { STATUS_LABEL } from './labels';
import { entityCountsText, moneyTotals, statusPhrase } from './words';

export const PLAN_GROUPS = ['willDelete', 'decision', 'leftAlone'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];

export const PLAN_GROUP_LABEL: Record<PlanGroup, string> = {
  willDelete: 'Will delete',
  decision: 'Needs a decision',
  leftAlone: 'Left alone',
};

/** The group's words for the chosen action: "Will void" with "Void instead of delete". */
export function planGroupLabel(group: PlanGroup, voidInstead = false): string {
  return voidInstead && group === 'willDelete' ? 'Will void' : PLAN_GROUP_LABEL[group];
}

/** A row's chip with "Void instead of delete" when the service cannot void its type. */
export const CANNOT_VOID = 'cannotVoid';
export const CANNOT_VOID_LABEL = 'Cannot be voided';
/** A row not checked yet while no connection can check it: it waits, it is no decision. */
export const WAITING = 'waiting';
export const WAITING_LABEL = 'Waiting for a connection';
export type ShownStatus = PreflightStatus | typeof CANNOT_VOID | typeof WAITING | 'unchecked';

/**
 * What a row's chip says: "Cannot be voided" outranks every status when voiding; a row not checked
 * yet waits for a connection when there is none (`connected` false).
 */
export function shownStatus(
  row: Pick<SelectionRow, 'status' | 'entity'>,
  voidInstead = false,
  connected = true,
): ShownStatus {
  if (voidInstead && !canVoid(row.entity)) return CANNOT_VOID;
  if (row.status === undefined) return connected ? 'unchecked' : WAITING;
  return row.status;
}

export function shownStatusLabel(status: ShownStatus): string {
  if (status === CANNOT_VOID) return CANNOT_VOID_LABEL;
  if (status === WAITING) return WAITING_LABEL;
  return status === 'unchecked' ? 'Not checked yet' : STATUS_LABEL[status];
}

/**
 * Fixed order of statuses wherever they are listed (chips never change places between runs). Every
 * status is in it: a status missing here would never show as a chip (the compiler refuses that below).
 */
export const STATUS_DISPLAY_ORDER = [
  'cannotVoid',
  'ready',
  'linked',
  'inventory',
  'reconciled',
  'changed',
  'pageMismatch',
  'closedPeriod',
  'deposited',
  'notFound',
  'unverifiable',
  'duplicate',
  'unsupported',
  'unchecked',
  'waiting',
] as const satisfies readonly ShownStatus[];
type NotDisplayed = Exclude<ShownStatus, (typeof STATUS_DISPLAY_ORDER)[number]>;
/** `true` only while every shown status has its place in STATUS_DISPLAY_ORDER. */
export const EVERY_STATUS_DISPLAYED: [NotDisplayed] extends [never] ? true : NotDisplayed = true;

/** `connected` false: nothing can check the rows now (rows not checked yet wait, in no group). */
export type PlanOptions = DeleteOptIns & { voidInstead?: boolean; connected?: boolean };

export function planGroupOf(
  status: PreflightStatus | undefined,
  o: PlanOptions,
  entity?: Entity,
  warnings?: readonly { status: string }[],
): PlanGroup {
  if (o.voidInstead && entity !== undefined && !canVoid(entity)) return 'leftAlone';
  if (willDelete(status, o, warnings)) return 'willDelete';
  return status === undefined ? 'decision' : statusDeclaration(status).whenKept;
}

export interface GroupSummary {
  rows: SelectionRow[];
  /** Sum of known amounts per currency (USD when the row has none). */
  totals: Map<string, number>;
}

export interface Plan {
  groups: Record<PlanGroup, GroupSummary>;
  /** Rows not checked yet while there is no connection: in no group until a check can decide them. */
  waiting: SelectionRow[];
  /**
   * Every row in the order a bookkeeper works through them: what needs a decision first, then what
   * will go, then what is left alone, then what waits for a connection; the background's order within each.
   */
  ordered: SelectionRow[];
  willDeleteByEntity: Map<Entity, number>;
  /** Earliest and latest date of the rows that will be deleted. */
  dateRange?: [string, string];
  /** Rows the click leaves alone, per status (fixed order). */
  notDeletedByStatus: [ShownStatus, number][];
  /** The click voids instead of deleting ("Void instead of delete"). */
  voidInstead: boolean;
}

export function buildPlan(rows: readonly SelectionRow[], options: PlanOptions): Plan {
  const groups: Record<PlanGroup, GroupSummary> = {
    willDelete: { rows: [], totals: new Map() },
    decision: { rows: [], totals: new Map() },
    leftAlone: { rows: [], totals: new Map() },
  };
  // Running sums live in boxes (one per group and currency, in first-seen order): adding to a box's
  // number in place allocates nothing, where a Map.set of each new float would, once per row.
  const sums: Record<PlanGroup, Map<string, { sum: number }>> = {
    willDelete: new Map(),
    decision: new Map(),
    leftAlone: new Map(),
  };
  const byEntity = new Map<Entity, number>();
  const waiting: SelectionRow[] = [];
  const notDeleted = new Map<ShownStatus, number>();
  const voidInstead = options.voidInstead === true;
  let first: string | undefined;
  let last: string | undefined;
  // An indexed loop: the first render runs this once, cold, where for-of's iterator costs double.
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.status === undefined && options.connected === false) {
      waiting.push(row);
      const key = shownStatus(row, voidInstead, false);
      notDeleted.set(key, (notDeleted.get(key) ?? 0) + 1);
      continue;
    }
    const group = planGroupOf(row.status, options, row.entity, row.warnings);
    groups[group].rows.push(row);
    if (row.amount !== undefined) {
      const currency = row.currency ?? 'USD';
      const box = sums[group].get(currency);
      if (box) box.sum += row.amount;
      else sums[group].set(currency, { sum: row.amount });
    }
    if (group === 'willDelete') {
      byEntity.set(row.entity, (byEntity.get(row.entity) ?? 0) + 1);
      if (row.txnDate) {
        if (!first || row.txnDate < first) first = row.txnDate;
        if (!last || row.txnDate > last) last = row.txnDate;
      }
    } else {
      const key = shownStatus(row, voidInstead);
      notDeleted.set(key, (notDeleted.get(key) ?? 0) + 1);
    }
  }
  // Cents, not floating sums: 0.1 + 0.2 is shown as 0.30.
  for (const g of PLAN_GROUPS) for (const [c, box] of sums[g]) groups[g].totals.set(c, Math.round(box.sum * 100) / 100);
  return {
    groups,
    waiting,
    ordered: groups.decision.rows.concat(groups.willDelete.rows, groups.leftAlone.rows, waiting),
    willDeleteByEntity: byEntity,
    dateRange: first && last ? [first, last] : undefined,
    notDeletedByStatus: STATUS_DISPLAY_ORDER.filter((s) => notDeleted.has(s)).map((s) => [s, notDeleted.get(s) ?? 0]),
    voidInstead,
  };
}

/**
 * The parts of the "Will delete" line, [label and count, totals?, types?, dates?]: "Will delete 52",
 * "$94,321.10", "Invoices 51, Payment 1", "Nov 21, 2024 – Apr 12, 2025" ("Will void …").
 */
export function willDeleteParts(plan: Plan, locale?: string): string[] {
  const g = plan.groups.willDelete;
  const parts = [`${planGroupLabel('willDelete', plan.voidInstead)} ${g.rows.length.toLocaleString(locale)}`];
  if (g.totals.size > 0) parts.push(moneyTotals(g.totals, locale));
  if (plan.willDeleteByEntity.size > 0) parts.push(entityCountsText(plan.willDeleteByEntity));
  if (plan.dateRange) {
    const [a, b] = plan.dateRange;
    parts.push(a === b ? formatDate(a, locale) : `${formatDate(a, locale)} – ${formatDate(b, locale)}`);
  }
  return parts;
}

/** "invoice" → "invoices", "journal entry" → "journal entries", in lower case. */
function typePlural(entity: Entity, count: number): string {
  const label = ENTITY_LABEL[entity].toLowerCase();
  if (count === 1) return label;
  if (label.endsWith('y') && !label.endsWith('ay')) return `${label.slice(0, -1)}ies`;
  return label.endsWith('s') ? `${label}es` : `${label}s`;
}

/**
 * What the one click does, as its words: "Void 5 invoices ($5,584.91) from Redwood Roofing &
 * Gutters", "Delete 52 transactions ($94,321.10)" when the types are mixed or the client's name is
 * not known yet; undefined when the click would take nothing.
 */
export function clickText(plan: Plan, client?: string, locale?: string): string | undefined {
  const g = plan.groups.willDelete;
  const n = g.rows.length;
  if (n === 0) return undefined;
  const verb = (plan.voidInstead ? VOID : DELETE).words.verb;
  const types = [...plan.willDeleteByEntity.keys()];
  const what = types.length === 1 && types[0] ? typePlural(types[0], n) : n === 1 ? 'transaction' : 'transactions';
  const total = g.totals.size > 0 ? ` (${moneyTotals(g.totals, locale)})` : '';
  const from = client ? ` from ${client}` : '';
  return `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${n.toLocaleString(locale)} ${what}${total}${from}`;
}

/**
 * "6 not in this click: 2 closed period · 3 reconciled · 1 deposited"; undefined when nothing is.
 * Not "left alone": that is one of the filter's groups, and this counts the decisions too.
 */
export function leftAloneLine(plan: Plan, locale?: string): string | undefined {
  const n = plan.notDeletedByStatus.reduce((sum, [, count]) => sum + count, 0);
  if (n === 0) return undefined;
  const parts = plan.notDeletedByStatus.map(
    ([status, count]) => `${count.toLocaleString(locale)} ${statusPhrase(shownStatusLabel(status))}`,
  );
  return `${n.toLocaleString(locale)} not in this click: ${parts.join(' · ')}`;
}

/** The operation the one click starts: void with "Void instead of delete", else delete. */
export const chosenOperation = (voidInstead: boolean) => (voidInstead ? VOID : DELETE).kind;
