/**
 * A run's counts by outcome group, declared once for the popup's view (lib/messaging/views.ts) and
 * the kept run history (lib/jobs/run-history.ts).
 */
import { z } from 'zod';
import { DONE_GROUPS, type DoneGroup } from './operations';

/**
 * A job's records by outcome group. Each operation's done group counts (a view from before an
 * operation existed counts 0 of it); its type leaves the other operations' done groups optional, so
 * a new operation adds no field to every view built elsewhere: read them with `?? 0`.
 */
export const JobCountsSchema = z.object({
  ...(Object.fromEntries(DONE_GROUPS.map((g) => [g, z.number().default(0)])) as Record<
    DoneGroup,
    z.ZodDefault<z.ZodNumber>
  >),
  deleted: z.number(),
  skipped: z.number(),
  refused: z.number(),
  needsAttention: z.number(),
}) as unknown as z.ZodType<
  { deleted: number; skipped: number; refused: number; needsAttention: number } & Partial<Record<DoneGroup, number>>,
  { deleted: number; skipped: number; refused: number; needsAttention: number } & Partial<Record<DoneGroup, number>>
>;
export type JobCounts = z.infer<typeof JobCountsSchema>;
