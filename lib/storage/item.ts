/**
 * One stored item, declared once (WXT's `storage.defineItem(key, { version, migrations })`): its key
 * family and area (from ./keys.ts), the zod schema of the shape stored under it (owned by the
 * store's domain, never a message view), the shape's version and the migrations that brought older
 * shapes to it (one per file in ./migrations/). ./migrate.ts runs an item's migrations up to its
 * version; readers read through the declaration.
 *
 * A stored value the schema refuses is reported, never dropped: `read` says `unreadable` with the
 * raw value, and `setAside` keeps that raw value under `sd:unreadable:<key>` before a store writes
 * over it, so nothing is ever overwritten silently.
 */
import type { z } from 'zod';
import type { StorageArea } from './area';
import { type AreaName, STORAGE_KEYS, type StorageKeyName, storageKey } from './keys';
import type { ItemMigration } from './migrations/types';

export interface StoredItem<Name extends StorageKeyName, T> {
  name: Name;
  area: AreaName;
  owner: string;
  key: (typeof STORAGE_KEYS)[Name]['key'];
  schema: z.ZodType<T>;
  /** The shape this build reads and writes: 1 + one migration per change of shape. */
  version: number;
  migrations: readonly ItemMigration[];
}

export type ItemRead<T> =
  | { kind: 'missing' }
  | { kind: 'ok'; value: T }
  /** Stored, but not in this version's shape: kept as it is (`raw`), with the schema's first complaint. */
  | { kind: 'unreadable'; raw: unknown; error: string };

/**
 * Declares the item stored under `STORAGE_KEYS[name]`. Throws at module load (a programming error,
 * caught by every test that imports the store) when the migrations do not run 1 → 2 → … → version.
 */
export function defineItem<Name extends StorageKeyName, T>(
  name: Name,
  spec: { schema: z.ZodType<T>; version: number; migrations?: readonly ItemMigration[] },
): StoredItem<Name, T> {
  const migrations = spec.migrations ?? [];
  migrations.forEach((m, i) => {
    if (m.item !== name || m.from !== i + 1 || m.to !== i + 2)
      throw new Error(`storage item ${name}: migration ${i} must move ${name} from ${i + 1} to ${i + 2}`);
  });
  if (spec.version !== migrations.length + 1)
    throw new Error(`storage item ${name}: version ${spec.version} needs ${spec.version - 1} migrations`);
  const entry = STORAGE_KEYS[name];
  return {
    name,
    area: entry.area,
    owner: entry.owner,
    key: entry.key,
    schema: spec.schema,
    version: spec.version,
    migrations,
  };
}

/** The value at `key`, through the item's schema (safeParse: storage is untrusted input). */
export async function readItem<T>(
  item: { schema: z.ZodType<T> },
  area: StorageArea,
  key: string,
): Promise<ItemRead<T>> {
  const raw = (await area.get(key))[key];
  if (raw === undefined) return { kind: 'missing' };
  const parsed = item.schema.safeParse(raw);
  if (parsed.success) return { kind: 'ok', value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    kind: 'unreadable',
    raw,
    error: `${key}: ${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'unreadable'}`,
  };
}

/** The value, or `fallback` when missing or unreadable (read-only callers; writers use `setAside` first). */
export const valueOr = <T>(read: ItemRead<T>, fallback: T): T => (read.kind === 'ok' ? read.value : fallback);

/**
 * Before a store writes over an unreadable value: the raw value moves to `sd:unreadable:<key>` (the
 * first one kept, never replaced), so a later build or a person can still read what was there.
 */
export async function setAside(area: StorageArea, key: string, read: ItemRead<unknown>): Promise<void> {
  if (read.kind !== 'unreadable') return;
  const aside = storageKey.unreadable(key);
  if ((await area.get(aside))[aside] === undefined) await area.set({ [aside]: read.raw });
}
