/**
 * Rows known by what they show: a ticked row whose markup carries no transaction Id
 * (a register, the Invoices list, the bank feed's Posted tab) waits here, keyed by its `rowKey`,
 * until the resolver (lib/resolve) finds the ONE record that agrees with every field it shows. Then
 * it moves into the selection as an ordinary record (`fromRow` remembers the row), where the
 * preflight checks it like any other. A row that matches none or several stays here with that
 * outcome; several → the person picks one candidate in Safe Delete (their own act). A row the page
 * showed among identical rows (`alike`) is always the person's pick, even when one record is left
 * (lib/resolve/resolve.ts). Nothing here is ever deleted: only records in the selection are.
 *
 * Pure functions over the stored maps; lib/selection/store.ts runs them inside its write queue.
 */
import { z } from 'zod';
import { ENTITIES, type Entity } from '../domain/entities';
import { FoundRecordSchema } from '../domain/find';
import { recordKey } from '../domain/record-key';
import { ShownSchema } from '../domain/shown';
import type { RowResolution } from '../resolve/types';

const MAX_CANDIDATES = 20;

/** A candidate as stored: lib/domain/find.ts FoundRecordSchema. */
export const CandidateSchema = FoundRecordSchema;

/** What the last resolution concluded for a row it could not settle. */
export const RowOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none'), at: z.number() }),
  z.object({ kind: z.literal('several'), at: z.number(), candidates: z.array(CandidateSchema).max(MAX_CANDIDATES) }),
  z.object({ kind: z.literal('unreadable'), at: z.number(), field: z.string() }),
]);

export const RowItemSchema = z.object({
  rowKey: z.string().startsWith('row:'),
  shown: ShownSchema,
  /** The types the page lists, when the row has no Type column. */
  entities: z.array(z.enum(ENTITIES)).optional(),
  /** The page showed this many rows exactly like it (two or more): the person picks, always. */
  alike: z.number().int().min(2).optional(),
  /** The row's own id's digits in the page: its Id only if that record agrees with it (lib/resolve/row-ids.ts). */
  idHint: z.string().max(20).optional(),
  shownAt: z.number(),
  tickedAt: z.number(),
  addedAt: z.number(),
  /** Absent: not resolved yet (the next check resolves it). */
  outcome: RowOutcomeSchema.optional(),
});
export type RowItem = z.infer<typeof RowItemSchema>;
export const RowsSchema = z.record(z.string(), RowItemSchema);
export type Rows = Record<string, RowItem>;

/**
 * A row known by what it shows that a page ticked with no gesture of the person: kept in the
 * company's page-ticked list under its row key, never resolved, never checked, never deleted, until
 * the person adds it (then it waits in `rows` to be resolved, as if they had ticked it).
 */
export const PageTickedRowSchema = RowItemSchema.omit({ outcome: true });
export type PageTickedRow = z.infer<typeof PageTickedRowSchema>;
export const isPageTickedRow = (item: object): item is PageTickedRow => 'rowKey' in item;

/** A selected record as the selection stores it (the fields rows need). */
export interface RowSelected {
  entity: Entity;
  id: string;
  shownAt: number;
  tickedAt?: number;
  addedAt?: number;
  shown?: RowItem['shown'];
  fromRow?: string;
}

export interface RowLists<S extends RowSelected> {
  selection: Record<string, S>;
  rows: Rows;
  tombstones: Record<string, number>;
}

export interface AddedRowChange {
  rowKey: string;
  shown: RowItem['shown'];
  entities?: readonly Entity[];
  alike?: number;
  idHint?: string;
  shownAt: number;
  tickedAt: number;
}

/** The selection keys that came from each row. */
function byRow<S extends RowSelected>(selection: Record<string, S>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, item] of Object.entries(selection)) if (item.fromRow) out.set(item.fromRow, key);
  return out;
}

/**
 * A report's row changes. An unticked row leaves, with the record it resolved to (the person
 * unticked THAT row). A ticked row enters unless the person removed it in Safe Delete after the tick
 * (`removedAt`), or it already resolved to a selected record.
 */
export function applyRowChanges<S extends RowSelected>(
  lists: RowLists<S>,
  added: readonly AddedRowChange[],
  removed: readonly string[],
  ctx: { now: number; removedAt: (key: string) => number | undefined; room: number; ttlMs: number },
): RowLists<S> & { refused: string[]; entered: string[]; overCap: number } {
  const selection = { ...lists.selection };
  const rows = { ...lists.rows };
  const tombstones = { ...lists.tombstones };
  const resolved = byRow(selection);
  for (const rowKey of removed) {
    delete rows[rowKey];
    const key = resolved.get(rowKey);
    if (key !== undefined) delete selection[key];
  }
  const refused: string[] = [];
  const entered: string[] = [];
  let room = ctx.room;
  let overCap = 0;
  for (const a of added) {
    const tickedAt = Math.min(a.tickedAt, ctx.now);
    const removedAt = ctx.removedAt(a.rowKey);
    if ((removedAt !== undefined && tickedAt <= removedAt) || tickedAt < ctx.now - ctx.ttlMs) {
      refused.push(a.rowKey);
      continue;
    }
    const key = resolved.get(a.rowKey);
    if (key !== undefined && selection[key]) continue;
    const prev = rows[a.rowKey];
    if (prev) {
      // Once seen among identical rows, a row stays one of them (a list may show its twin later).
      const alike = Math.max(prev.alike ?? 1, a.alike ?? 1);
      rows[a.rowKey] = { ...prev, shownAt: Math.min(prev.shownAt, a.shownAt), ...(alike > 1 ? { alike } : {}) };
      continue;
    }
    if (room <= 0) {
      overCap += 1;
      continue;
    }
    room -= 1;
    rows[a.rowKey] = {
      rowKey: a.rowKey,
      shown: a.shown,
      ...(a.entities ? { entities: [...a.entities] } : {}),
      ...(a.alike !== undefined && a.alike > 1 ? { alike: a.alike } : {}),
      ...(a.idHint !== undefined ? { idHint: a.idHint } : {}),
      shownAt: Math.min(a.shownAt, ctx.now),
      tickedAt,
      addedAt: ctx.now,
    };
    delete tombstones[a.rowKey];
    entered.push(a.rowKey);
  }
  return { selection, rows, tombstones, refused, entered, overCap };
}

/** The row becomes the selected record `entity:id` (tickedAt: the person's tick, or their pick). */
function moveIn<S extends RowSelected>(
  selection: Record<string, S>,
  row: RowItem,
  target: { entity: Entity; id: string },
  at: { tickedAt: number; now: number },
): string {
  const key = recordKey(target.entity, target.id);
  if (!selection[key]) {
    selection[key] = {
      entity: target.entity,
      id: target.id,
      shownAt: row.shownAt,
      tickedAt: at.tickedAt,
      addedAt: at.now,
      shown: row.shown,
      fromRow: row.rowKey,
    } as S;
  }
  return key;
}

/**
 * What a resolution concluded: a row with exactly one agreeing record moves into the selection;
 * none / several / unreadable are kept on the row for the person; a failed read changes nothing
 * (the check fails, the row is resolved again next time).
 */
export function settleRows<S extends RowSelected>(
  lists: RowLists<S>,
  resolutions: ReadonlyMap<string, RowResolution>,
  now: number,
): RowLists<S> & { entered: string[] } {
  const selection = { ...lists.selection };
  const rows = { ...lists.rows };
  const entered: string[] = [];
  for (const [rowKey, res] of resolutions) {
    const row = rows[rowKey];
    if (!row) continue; // unticked meanwhile
    if (res.kind === 'match') {
      entered.push(moveIn(selection, row, res.candidate, { tickedAt: row.tickedAt, now }));
      delete rows[rowKey];
    } else if (res.kind === 'none') {
      rows[rowKey] = { ...row, outcome: { kind: 'none', at: now } };
    } else if (res.kind === 'several') {
      const candidates = res.candidates.slice(0, MAX_CANDIDATES).map((c) => CandidateSchema.parse(c));
      rows[rowKey] = { ...row, outcome: { kind: 'several', at: now, candidates } };
    } else if (res.kind === 'unreadable') {
      rows[rowKey] = { ...row, outcome: { kind: 'unreadable', at: now, field: res.field } };
    }
  }
  return { selection, rows, tombstones: lists.tombstones, entered };
}

/**
 * The person picked one of a row's candidates in Safe Delete: only a candidate the resolver listed
 * for that row is accepted; the pick is the person's act now (tickedAt = now).
 */
export function pickCandidate<S extends RowSelected>(
  lists: RowLists<S>,
  rowKey: string,
  pick: { entity: Entity; id: string },
  now: number,
): (RowLists<S> & { key: string }) | undefined {
  const row = lists.rows[rowKey];
  if (row?.outcome?.kind !== 'several') return undefined;
  if (!row.outcome.candidates.some((c) => c.entity === pick.entity && c.id === pick.id)) return undefined;
  const selection = { ...lists.selection };
  const rows = { ...lists.rows };
  const key = moveIn(selection, row, pick, { tickedAt: now, now });
  delete rows[rowKey];
  return { selection, rows, tombstones: lists.tombstones, key };
}
