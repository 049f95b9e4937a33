/**
 * The loop a per-key migration shares: read the whole area, convert the value of each key `keysIn`
 * picks, and write back in one `set` only the values the conversion changed (compared as JSON, so a
 * migration run again after a crash writes nothing). The conversion is pure and returns what it
 * cannot read unchanged; nothing is removed.
 */
import type { StorageArea } from '../area';

export async function migrateEach(
  area: StorageArea,
  keysIn: (keys: readonly string[]) => string[],
  convert: (value: unknown) => unknown,
): Promise<void> {
  const all = await area.get(null);
  const set: Record<string, unknown> = {};
  for (const key of keysIn(Object.keys(all))) {
    const next = convert(all[key]);
    if (JSON.stringify(next) !== JSON.stringify(all[key])) set[key] = next;
  }
  if (Object.keys(set).length > 0) await area.set(set);
}
