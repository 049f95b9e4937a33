/**
 * What a QuickBooks list showed for a ticked row (raw text, bounded). The content script reads it
 * (lib/collect/shown.ts), the selection report carries it, the selection keeps it, the popup shows
 * it and the preflight compares it with the service's record ("Doesn't match the page").
 */
import { z } from 'zod';
import { MAX_SHOWN_TEXT } from './limits';

const ShownTextSchema = z.string().max(MAX_SHOWN_TEXT);

/** What the list showed for the row; each field only where the list has such a column. */
export const ShownSchema = z.strictObject({
  amount: ShownTextSchema.optional(),
  number: ShownTextSchema.optional(),
  date: ShownTextSchema.optional(),
});
export type Shown = z.infer<typeof ShownSchema>;
