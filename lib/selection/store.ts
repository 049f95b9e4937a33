/**
 * The bookkeeper's selection, kept per company + environment in storage.local so it accumulates
 * across pages and navigations and survives service-worker restarts. Ids are not secret.
 * Every write goes through one serial queue.
 */
import { z } from 'zod';
import type { StorageArea } from '../journal/storage-api';
import { createWriteQueue } from '../journal/write-queue';
import { ENTITIES, type Entity, type Environment, isValidId } from '../qbo/entities';

export interface Scope {
  realmId: string;
  environment: Environment;
}

const ItemSchema = z.object({
  entity: z.enum(ENTITIES),
  id: z.string().refine(isValidId),
  shownAt: z.number(),
});
export type SelectedItem = z.infer<typeof ItemSchema>;
const SelectionSchema = z.record(z.string(), ItemSchema);

const LastPageSchema = z.object({
  realmId: z.string(),
  environment: z.enum(['production', 'sandbox']),
  url: z.string(),
  /** The cookie store of the page's tab (container, incognito); undefined = the default store. */
  storeId: z.string().optional(),
  at: z.number(),
});
export type LastPage = z.infer<typeof LastPageSchema>;

export const selectionKey = (entity: Entity, id: string) => `${entity}:${id}`;
const storageKey = (scope: Scope) => `selection.${scope.environment}.${scope.realmId}`;
const LAST_PAGE_KEY = 'selection.lastPage';

/** Keeps the earliest time a row was shown: "changed since viewed" compares against it. */
export function applyChanges(
  current: Record<string, SelectedItem>,
  added: readonly SelectedItem[],
  removed: readonly { entity: Entity; id: string }[],
): Record<string, SelectedItem> {
  const next = { ...current };
  for (const r of removed) delete next[selectionKey(r.entity, r.id)];
  for (const a of added) {
    const key = selectionKey(a.entity, a.id);
    const prev = next[key];
    next[key] = prev ? { ...a, shownAt: Math.min(prev.shownAt, a.shownAt) } : a;
  }
  return next;
}

export function createSelectionStore(local: StorageArea) {
  const queue = createWriteQueue();
  const enqueue = queue.run;
  async function read(scope: Scope): Promise<Record<string, SelectedItem>> {
    const key = storageKey(scope);
    const parsed = SelectionSchema.safeParse((await local.get(key))[key]);
    return parsed.success ? parsed.data : {};
  }
  function update(scope: Scope, change: (s: Record<string, SelectedItem>) => Record<string, SelectedItem>) {
    return enqueue(async () => {
      const next = change(await read(scope));
      await local.set({ [storageKey(scope)]: next });
      return next;
    });
  }
  return {
    read,
    report: (scope: Scope, added: SelectedItem[], removed: { entity: Entity; id: string }[]) =>
      update(scope, (s) => applyChanges(s, added, removed)),
    remove: (scope: Scope, keys: readonly string[]) =>
      update(scope, (s) => Object.fromEntries(Object.entries(s).filter(([k]) => !keys.includes(k)))),
    clear: (scope: Scope) => update(scope, () => ({})),
    async setLastPage(page: LastPage): Promise<void> {
      await enqueue(() => local.set({ [LAST_PAGE_KEY]: page }));
    },
    async lastPage(): Promise<LastPage | undefined> {
      const parsed = LastPageSchema.safeParse((await local.get(LAST_PAGE_KEY))[LAST_PAGE_KEY]);
      return parsed.success ? parsed.data : undefined;
    },
  };
}
export type SelectionStore = ReturnType<typeof createSelectionStore>;
