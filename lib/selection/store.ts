/**
 * The bookkeeper's selection, kept per company + environment in storage.local so it accumulates
 * across pages and navigations and survives service-worker restarts. Ids are not secret.
 * Every write goes through one serial queue.
 *
 * Three things per company:
 * - the selection: rows the PERSON ticked (a trusted gesture) or added from the page-ticked list;
 * - page-ticked rows: ticked on a page with no gesture of the person (page script, or ticked when
 *   the page loaded), shown apart and never deleted unless the person adds them;
 * - tombstones: when the person removed a row in Safe Delete ("Remove", "Clear selection"). A tick
 *   still showing on a page cannot bring it back: only a tick made AFTER the removal can.
 *
 * Limits: a row older than SELECTION_TTL_MS leaves the selection (a forgotten selection must not be
 * deleted a week later); the selection holds at most MAX_SELECTION rows and the page-ticked list
 * MAX_PAGE_TICKED (each new key costs a read on the company's quota).
 */
import { z } from 'zod';
import { ENTITIES, type Entity, isValidId } from '../domain/entities';
import type { Environment } from '../domain/ids';
import { recordKey } from '../domain/record-key';
import { EnvironmentSchema } from '../domain/schemas';
import { ShownSchema } from '../domain/shown';
import type { StorageArea } from '../storage/area';
import { storageKey as keys } from '../storage/keys';
import { writeQueueFor } from '../storage/queue';

export interface Scope {
  realmId: string;
  environment: Environment;
}

export const SELECTION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_SELECTION = 50_000;
export const MAX_PAGE_TICKED = 5_000;

const ItemSchema = z.object({
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
});
export type SelectedItem = z.infer<typeof ItemSchema>;
const SelectionSchema = z.record(z.string(), ItemSchema);
const TombstonesSchema = z.record(z.string(), z.number());

const LastPageSchema = z.object({
  realmId: z.string(),
  environment: EnvironmentSchema,
  url: z.string(),
  /** The cookie store of the page's tab (container, incognito); undefined = the default store. */
  storeId: z.string().optional(),
  at: z.number(),
});
export type LastPage = z.infer<typeof LastPageSchema>;

export const selectionKey = (entity: Entity, id: string) => recordKey(entity, id);

/**
 * The tombstone left when a company's local data is erased: it names no record, yet a tick made
 * before the erase (still showing on an open page) cannot bring a row back, as with "Clear".
 */
export const ERASED_TOMBSTONE = '*erased';
const removedAtOf = (tombstones: Record<string, number>, key: string): number | undefined => {
  const at = Math.max(
    tombstones[key] ?? Number.NEGATIVE_INFINITY,
    tombstones[ERASED_TOMBSTONE] ?? Number.NEGATIVE_INFINITY,
  );
  return at === Number.NEGATIVE_INFINITY ? undefined : at;
};
const { selection: storageKey, pageTicked: pageTickedKey, tombstones: tombstoneKey } = keys;
const LAST_PAGE_KEY = keys.lastPage();

export interface ReportChanges {
  /** Rows the person ticked (tickedAt = the gesture's time). */
  added: readonly SelectedItem[];
  /** Rows ticked with no gesture of the person. */
  pageTicked?: readonly SelectedItem[];
  /** Rows unticked on the page. */
  removed: readonly { entity: Entity; id: string }[];
}

export interface ReportOutcome {
  selection: Record<string, SelectedItem>;
  /** Added keys refused: removed in Safe Delete after that tick, or the tick is older than the TTL. */
  refused: string[];
  /** Keys that entered the selection with this report (they need a fresh preflight). */
  entered: string[];
  /** New keys left out because the selection (or the page-ticked list) is full. */
  overCap: number;
}

interface Lists {
  selection: Record<string, SelectedItem>;
  pageTicked: Record<string, SelectedItem>;
  tombstones: Record<string, number>;
}

const expired = (item: SelectedItem, now: number) =>
  (item.addedAt ?? item.tickedAt ?? item.shownAt) < now - SELECTION_TTL_MS;

function fresh(items: Record<string, SelectedItem>, now: number): Record<string, SelectedItem> {
  const out: Record<string, SelectedItem> = {};
  for (const [k, v] of Object.entries(items)) if (!expired(v, now)) out[k] = v;
  return out;
}

/** Pure: applies one report to the three lists. */
export function applyReport(lists: Lists, changes: ReportChanges, now: number): Lists & ReportOutcome {
  const selection = { ...lists.selection };
  const pageTicked = { ...lists.pageTicked };
  const tombstones = { ...lists.tombstones };
  const refused: string[] = [];
  const entered: string[] = [];
  let overCap = 0;
  for (const r of changes.removed) {
    const key = selectionKey(r.entity, r.id);
    delete selection[key];
    delete pageTicked[key];
  }
  let size = Object.keys(selection).length;
  for (const a of changes.added) {
    const key = selectionKey(a.entity, a.id);
    const tickedAt = Math.min(a.tickedAt ?? now, now);
    const shownAt = Math.min(a.shownAt, now);
    const removedAt = removedAtOf(tombstones, key);
    if ((removedAt !== undefined && tickedAt <= removedAt) || tickedAt < now - SELECTION_TTL_MS) {
      refused.push(key);
      continue;
    }
    const prev = selection[key];
    if (prev) {
      selection[key] = { ...prev, shownAt: Math.min(prev.shownAt, shownAt), shown: a.shown ?? prev.shown };
      continue;
    }
    if (size >= MAX_SELECTION) {
      overCap += 1;
      continue;
    }
    selection[key] = {
      entity: a.entity,
      id: a.id,
      shownAt,
      tickedAt,
      addedAt: now,
      ...(a.shown ? { shown: a.shown } : {}),
    };
    size += 1;
    delete tombstones[key];
    delete pageTicked[key];
    entered.push(key);
  }
  let pageSize = Object.keys(pageTicked).length;
  for (const a of changes.pageTicked ?? []) {
    const key = selectionKey(a.entity, a.id);
    if (selection[key] || pageTicked[key]) continue;
    const tickedAt = Math.min(a.tickedAt ?? now, now);
    const removedAt = removedAtOf(tombstones, key);
    if (removedAt !== undefined && tickedAt <= removedAt) continue;
    if (pageSize >= MAX_PAGE_TICKED) {
      overCap += 1;
      continue;
    }
    pageTicked[key] = {
      entity: a.entity,
      id: a.id,
      shownAt: Math.min(a.shownAt, now),
      tickedAt,
      addedAt: now,
      ...(a.shown ? { shown: a.shown } : {}),
    };
    pageSize += 1;
  }
  return { selection, pageTicked, tombstones, refused, entered, overCap };
}

export function createSelectionStore(local: StorageArea, clock: () => number = Date.now) {
  const queue = writeQueueFor(local);
  const enqueue = queue.run;
  async function readRaw<T>(key: string, schema: z.ZodType<T>, empty: T): Promise<T> {
    const parsed = schema.safeParse((await local.get(key))[key]);
    return parsed.success ? parsed.data : empty;
  }
  async function readLists(scope: Scope): Promise<Lists> {
    const now = clock();
    const tombstones = await readRaw(tombstoneKey(scope), TombstonesSchema, {});
    for (const [k, at] of Object.entries(tombstones)) if (at < now - SELECTION_TTL_MS) delete tombstones[k];
    return {
      selection: fresh(await readRaw(storageKey(scope), SelectionSchema, {}), now),
      pageTicked: fresh(await readRaw(pageTickedKey(scope), SelectionSchema, {}), now),
      tombstones,
    };
  }
  async function writeLists(scope: Scope, lists: Lists): Promise<void> {
    await local.set({
      [storageKey(scope)]: lists.selection,
      [pageTickedKey(scope)]: lists.pageTicked,
      [tombstoneKey(scope)]: lists.tombstones,
    });
  }
  /** The person removed these rows in Safe Delete: out of both lists, tombstoned now. */
  function removeKeys(lists: Lists, keys: readonly string[], now: number): Lists {
    const drop = new Set(keys);
    const tombstones = { ...lists.tombstones };
    for (const k of drop) tombstones[k] = now;
    const keep = (items: Record<string, SelectedItem>) =>
      Object.fromEntries(Object.entries(items).filter(([k]) => !drop.has(k)));
    return { selection: keep(lists.selection), pageTicked: keep(lists.pageTicked), tombstones };
  }
  return {
    read: async (scope: Scope) => (await readLists(scope)).selection,
    readPageTicked: async (scope: Scope) => (await readLists(scope)).pageTicked,
    readTombstones: async (scope: Scope) => (await readLists(scope)).tombstones,
    report: (scope: Scope, changes: ReportChanges): Promise<ReportOutcome> =>
      enqueue(async () => {
        const next = applyReport(await readLists(scope), changes, clock());
        await writeLists(scope, next);
        return next;
      }),
    /** "Remove" in Safe Delete: a tick still showing on a page cannot bring these back. */
    remove: (scope: Scope, keys: readonly string[]) =>
      enqueue(async () => {
        const next = removeKeys(await readLists(scope), keys, clock());
        await writeLists(scope, next);
        return next.selection;
      }),
    /** "Clear selection": the selection and the page-ticked list, every key tombstoned. */
    clear: (scope: Scope) =>
      enqueue(async () => {
        const lists = await readLists(scope);
        const next = removeKeys(lists, [...Object.keys(lists.selection), ...Object.keys(lists.pageTicked)], clock());
        await writeLists(scope, next);
        return next.selection;
      }),
    /**
     * Deleted (or found gone) by a job: out of the selection WITHOUT a tombstone, so a record Id the
     * service reuses is not blocked forever; the rows are gone from the service anyway.
     */
    forgetDone: (scope: Scope, keys: readonly string[]) =>
      enqueue(async () => {
        const lists = await readLists(scope);
        const drop = new Set(keys);
        const selection = Object.fromEntries(Object.entries(lists.selection).filter(([k]) => !drop.has(k)));
        await writeLists(scope, { ...lists, selection });
        return selection;
      }),
    /** "Erase this company's local data": both lists gone, every tombstone replaced by the erase's. */
    erase: (scope: Scope) =>
      enqueue(async () => {
        await local.remove([storageKey(scope), pageTickedKey(scope)]);
        await local.set({ [tombstoneKey(scope)]: { [ERASED_TOMBSTONE]: clock() } });
      }),
    /** "Add these to the selection": page-ticked rows become the person's choice now. */
    adopt: (scope: Scope, keys: readonly string[]) =>
      enqueue(async () => {
        const now = clock();
        const lists = await readLists(scope);
        const selection = { ...lists.selection };
        const pageTicked = { ...lists.pageTicked };
        const tombstones = { ...lists.tombstones };
        const entered: string[] = [];
        let overCap = 0;
        let size = Object.keys(selection).length;
        for (const key of keys) {
          const item = pageTicked[key];
          if (!item) continue;
          if (size >= MAX_SELECTION) {
            overCap += 1;
            continue;
          }
          delete pageTicked[key];
          delete tombstones[key];
          selection[key] = { ...item, tickedAt: now, addedAt: now };
          entered.push(key);
          size += 1;
        }
        await writeLists(scope, { selection, pageTicked, tombstones });
        return { selection, entered, overCap };
      }),
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
