/**
 * The items a transaction's lines name (`ItemRef`): `Line[].SalesItemLineDetail.ItemRef` on sales,
 * `Line[].ItemBasedExpenseLineDetail.ItemRef` on purchases, and the lines of a bundle
 * (`GroupLineDetail.Line[]`). Each valid Id once, in the order met. Pure.
 */
import { isValidId } from '../domain/entities';

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export function itemRefsOf(raw: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  const walkLines = (lines: unknown): void => {
    if (!Array.isArray(lines)) return;
    for (const line of lines) {
      const fields = asObject(line);
      if (!fields) continue;
      for (const [key, detail] of Object.entries(fields)) {
        const d = key.endsWith('Detail') ? asObject(detail) : undefined;
        if (!d) continue;
        const ref = asObject(d.ItemRef);
        const id = typeof ref?.value === 'number' ? String(ref.value) : ref?.value;
        if (typeof id === 'string' && isValidId(id)) ids.add(id);
        walkLines(d.Line);
      }
    }
  };
  walkLines(raw.Line);
  return [...ids];
}
