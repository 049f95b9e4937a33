/**
 * Brings storage to this build before anything reads it (the background awaits `migrateStorage`).
 *
 * Two numbers are stored. `sd:version`, the layout: 1 keys in three styles, 2 the `sd:` keys, 3 the
 * preflight's facts, 4 each item's own shape version in `sd:item-versions` (this build). And, since
 * layout 4, per item (./item.ts `defineItem`) the shape version its values have: each item's
 * migrations run from there up to the version its declaration says, and the stored number follows
 * each step, so a migration interrupted anywhere runs again (each one may) and no other repeats.
 *
 * A storage newer than this build (a downgrade) is left untouched, and so is an item stored at a
 * version above its declaration's: its readers report it unreadable, they never write over it unkept.
 */
import { z } from 'zod';
import type { StorageArea } from './area';
import { defineItem, type StoredItem } from './item';
import { storageKey } from './keys';
import { runKeyStyle } from './migrations/layout-v2-key-style';
import type { Areas } from './migrations/types';
import { writeQueueFor } from './queue';

export type { Areas };
export const LAYOUT_VERSION = 4;

const VersionsSchema = z.record(z.string(), z.number().int().min(1));

/** storage's own items: the layout, the item versions, the values set aside unread. */
export const LAYOUT_ITEM = defineItem('version', { schema: z.number().int().min(1), version: 1 });
export const ITEM_VERSIONS_ITEM = defineItem('itemVersions', { schema: VersionsSchema, version: 1 });
export const UNREADABLE_ITEM = defineItem('unreadable', { schema: z.unknown(), version: 1 });

/**
 * The item versions a storage of layouts 1–3 holds (after the key-style move for layout 1); an item
 * not named is at shape 1. Jobs named their operation from layout 2; checks held facts from 3.
 */
const BEFORE_ITEM_VERSIONS: Record<number, Record<string, number>> = {
  1: { jobs: 1, preflight: 1 },
  2: { jobs: 2, preflight: 1 },
  3: { jobs: 2, preflight: 2 },
};

type AnyItem = Pick<StoredItem<never, unknown>, 'version' | 'migrations'> & { name: string };

/** The stored layout; a storage with no layout key is layout 1 when it holds anything, else new. */
export async function storedLayout(local: StorageArea): Promise<number> {
  const all = await local.get(null);
  const parsed = LAYOUT_ITEM.schema.safeParse(all[storageKey.version()]);
  if (parsed.success) return parsed.data;
  return Object.keys(all).length > 0 ? 1 : LAYOUT_VERSION;
}

/** Each item's stored shape version (an item not named: its declared one, nothing older was stored). */
export async function storedItemVersions(local: StorageArea): Promise<Record<string, number>> {
  const key = storageKey.itemVersions();
  const parsed = VersionsSchema.safeParse((await local.get(key))[key]);
  return parsed.success ? parsed.data : {};
}

export interface Migrated {
  from: number;
  to: number;
  /** `name from→to` for each item migrated, in order. */
  items: string[];
}

/**
 * Runs inside the local area's write queue (nothing else writes meanwhile). `items`: every stored
 * item of the build, in the order their migrations must run (lib/background/stored-items.ts).
 */
export function migrateStorage(areas: Areas, items: readonly AnyItem[]): Promise<Migrated> {
  return writeQueueFor(areas.local).run(async () => {
    const from = await storedLayout(areas.local);
    if (from > LAYOUT_VERSION) return { from, to: from, items: [] };
    if (from < 2) await runKeyStyle(areas);
    const versions = from >= LAYOUT_VERSION ? await storedItemVersions(areas.local) : itemVersionsBefore(from, items);
    // An item never stored (a new install, an item new in this build) is at its declared version.
    const unnamed = items.filter((item) => versions[item.name] === undefined);
    for (const item of unnamed) versions[item.name] = item.version;
    const save = () => areas.local.set({ [storageKey.itemVersions()]: { ...versions } });
    // Layout and item versions land together: from here on the item versions are the truth.
    const layoutStored = (await areas.local.get(storageKey.version()))[storageKey.version()] === LAYOUT_VERSION;
    if (!layoutStored || unnamed.length > 0)
      await areas.local.set({ [storageKey.itemVersions()]: { ...versions }, [storageKey.version()]: LAYOUT_VERSION });
    const done: string[] = [];
    for (const item of items) {
      const start = versions[item.name] ?? item.version;
      let at = start;
      for (const m of item.migrations) {
        if (m.from !== at || m.to > item.version) continue;
        await m.run(areas);
        at = m.to;
        versions[item.name] = at;
        await save();
      }
      if (at !== start) done.push(`${item.name} ${start}→${at}`);
    }
    return { from, to: LAYOUT_VERSION, items: done };
  });
}

function itemVersionsBefore(layout: number, items: readonly AnyItem[]): Record<string, number> {
  const known = BEFORE_ITEM_VERSIONS[layout] ?? {};
  return Object.fromEntries(items.map((item) => [item.name, known[item.name] ?? 1]));
}
