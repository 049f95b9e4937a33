/**
 * Safe Delete's own ways to find what to delete, as the full view asks them and the
 * background answers: a search, likely duplicates, an imported list resolved line by line. Found
 * records only ever reach the selection by the person's "Add to selection" (`selection/add`), and
 * then go through the same preflight as ticked rows.
 */
import { z } from 'zod';
import { ENTITIES, type Entity, isValidId } from './entities';
import { ShownSchema } from './shown';
import { isIsoDate } from './values/date';

const DateSchema = z.string().refine(isIsoDate, 'a real day, YYYY-MM-DD');

/** "Find transactions": ./search-query.ts (SearchQuerySchema). */
/** "Find likely duplicates": a date range and types, the day window (default 3). */
export const DuplicatesQuerySchema = z.object({
  from: DateSchema,
  to: DateSchema,
  types: z.array(z.enum(ENTITIES)).min(1).max(ENTITIES.length),
  windowDays: z.number().int().min(0).max(31).default(3),
});
export type DuplicatesQuery = z.infer<typeof DuplicatesQuerySchema>;

/** One line of an imported list, as the row resolver takes it. */
export const ImportLineSchema = z.object({
  rowKey: z.string().startsWith('row:').max(200),
  shown: ShownSchema,
  entities: z.array(z.enum(ENTITIES)).min(1).max(ENTITIES.length).optional(),
});
export type ImportLine = z.infer<typeof ImportLineSchema>;

/**
 * A record as the find tools and the row resolver show it (a candidate of a row, a search result):
 * enough for a person to tell records apart. Declared once: the popup's view, the selection's stored
 * candidates and the find tools' answers all read this.
 */
export const FoundRecordSchema = z.object({
  entity: z.enum(ENTITIES),
  id: z.string().refine(isValidId),
  number: z.string().optional(),
  /** TxnDate, YYYY-MM-DD. */
  date: z.string().optional(),
  name: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  memo: z.string().optional(),
  /** MetaData.CreateTime as the service sent it. */
  createdAt: z.string().optional(),
  /** MetaData.LastUpdatedTime as the service sent it: two records alike in every field differ here. */
  updatedAt: z.string().optional(),
});
export type FoundRecord = z.infer<typeof FoundRecordSchema>;

/** The answer to a search: every result (R4: never a partial set), or why not. */
export type FindReply =
  | { kind: 'ok'; results: FoundRecord[]; total: number; readAt: number }
  | { kind: 'tooMany'; total: number; limit: number };

/** One group of likely duplicates, side by side: the one kept and why, the others proposed. */
export interface DuplicateGroupView {
  entity: Entity;
  keptBecause: string;
  members: (FoundRecord & { role: 'kept' | 'protected' | 'proposed'; source?: string; protections: string[] })[];
}
export interface DuplicatesReply {
  groups: DuplicateGroupView[];
  scanned: number;
  readAt: number;
}

/** What each imported line resolved to. */
export interface ResolvedLine {
  rowKey: string;
  kind: 'match' | 'none' | 'several' | 'unreadable';
  candidates: FoundRecord[];
}
export interface ResolveReply {
  lines: ResolvedLine[];
  readAt: number;
}
