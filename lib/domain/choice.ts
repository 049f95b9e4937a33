/**
 * What the selection's one click does: the operation ("Void instead of delete") and the opt-ins
 * ("Include reconciled transactions", "Include linked transactions", "Include inventory transactions"). It belongs to the client's
 * selection, not to a view: the background stores it with the selection (lib/selection/store.ts),
 * every view shows it, only the person changes it (`selection/choose`), and it goes when the
 * selection goes. Absent: delete, with no opt-in.
 */
import { z } from 'zod';
import { DELETE, operationOf, SELECTION_OPERATIONS } from './operations';

export const ChoiceSchema = z.object({
  operation: z.enum(SELECTION_OPERATIONS),
  includeReconciled: z.boolean(),
  includeLinked: z.boolean(),
  /** "Include inventory transactions"; absent (a choice stored before it existed): false. */
  includeInventory: z.boolean().optional(),
});
export type Choice = z.infer<typeof ChoiceSchema>;

/** One tick of the person: the fields it changes, at least one, nothing else. */
export const ChoicePatchSchema = ChoiceSchema.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'a choice names what it changes');
export type ChoicePatch = z.infer<typeof ChoicePatchSchema>;

/** A selection's choice until the person makes one. */
export const NO_CHOICE: Choice = { operation: DELETE.kind, includeReconciled: false, includeLinked: false };

/**
 * What in `shown` differs from `stored`, in words ("now set to void"; "reconciled transactions are
 * now included"), or undefined when they agree.
 */
export function choiceDifference(shown: Choice, stored: Choice): string | undefined {
  const parts: string[] = [];
  if (shown.operation !== stored.operation)
    parts.push(`the click is now set to ${operationOf(stored.operation).words.verb}`);
  if (shown.includeReconciled !== stored.includeReconciled)
    parts.push(`reconciled transactions are now ${stored.includeReconciled ? 'included' : 'left alone'}`);
  if (shown.includeLinked !== stored.includeLinked)
    parts.push(`linked transactions are now ${stored.includeLinked ? 'included' : 'left alone'}`);
  if ((shown.includeInventory ?? false) !== (stored.includeInventory ?? false))
    parts.push(`inventory transactions are now ${stored.includeInventory ? 'included' : 'left alone'}`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}
