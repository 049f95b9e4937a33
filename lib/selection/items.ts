/**
 * What the selection stores per record, its limits and the tombstone rule: shared by the store and
 * the pure report functions (./apply-report.ts, ./rows.ts).
 */
import { z } from 'zod';
import { ENTITIES, type Entity, isValidId } from '../domain/entities';
import type { Environment } from '../domain/ids';
import { recordKey } from '../domain/record-key';
import { ShownSchema } from '../domain/shown';
import { type PageTickedRow, PageTickedRowSchema } from './rows';

export interface Scope {
  realmId: string;
  environment: Environment;
}

export const SELECTION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_SELECTION = 50_000;
export const MAX_PAGE_TICKED = 5_000;

export const ItemSchema = z.object({
  entity: z.enum(ENTITIES),
  id: z.string().refine(isValidId),
  /** When a page first showed the row (the changed-since-viewed check compares with it). */
  shownAt: z.number(),
  /** When the person's tick happened (for page-ticked rows: when the tick was seen). */
  tickedAt: z.number().optional(),
  /** When the row entered the selection (expiry counts from here). */
  addedAt: z.number().optional(),
  /** What the list showed for the row (the preflight cross-checks it). */
  shown: ShownSchema.optional(),
  /** The row known by what it shows that resolved to this record (./rows.ts): unticking it removes this. */
  fromRow: z.string().optional(),
});
export type SelectedItem = z.infer<typeof ItemSchema>;
export const SelectionSchema = z.record(z.string(), ItemSchema);
/** The page-ticked list: records ticked by the page, and rows known by what they show (./rows.ts). */
export const PageTickedSchema = z.record(z.string(), z.union([ItemSchema, PageTickedRowSchema]));
export type PageTickedItem = SelectedItem | PageTickedRow;
export const TombstonesSchema = z.record(z.string(), z.number());

export const selectionKey = (entity: Entity, id: string) => recordKey(entity, id);

/**
 * The tombstone left when a company's local data is erased: it names no record, yet a tick made
 * before the erase (still showing on an open page) cannot bring a row back, as with "Clear".
 */
export const ERASED_TOMBSTONE = '*erased';
export const removedAtOf = (tombstones: Record<string, number>, key: string): number | undefined => {
  const at = Math.max(
    tombstones[key] ?? Number.NEGATIVE_INFINITY,
    tombstones[ERASED_TOMBSTONE] ?? Number.NEGATIVE_INFINITY,
  );
  return at === Number.NEGATIVE_INFINITY ? undefined : at;
};
