/**
 * The bookkeeper's selection, kept per company + environment in storage.local so it accumulates
 * across pages and navigations and survives service-worker restarts. Ids are not secret.
 * Every write goes through one serial queue.
 *
 * Three things per company:
 * - the selection: rows the PERSON ticked (a trusted gesture) or added from the page-ticked list;
 * - page-ticked rows: ticked on a page with no gesture of the person (page script, or ticked when
 *   the page loaded), shown apart and never deleted unless the person adds them; records by their
 *   key, rows known by what they show by their row key (added, those join the rows to resolve);
 * - tombstones: when the person removed a row in Safe Delete ("Remove", "Clear selection"). A tick
 *   still showing on a page cannot bring it back: only a tick made AFTER the removal can.
 * And with the selection, what its click does (lib/domain/choice.ts): delete or void and the
 * opt-ins, chosen by the person, gone with the selection (a write that leaves it empty, an erase).
 *
 * Limits: a row older than SELECTION_TTL_MS leaves the selection (a forgotten selection must not be
 * deleted a week later); the selection holds at most MAX_SELECTION rows and the page-ticked list
 * MAX_PAGE_TICKED (each new key costs a read on the company's quota).
 */
import { z } from 'zod';
import { type Choice, type ChoicePatch, ChoiceSchema, NO_CHOICE } from '../domain/choice';
import type { Entity } from '../domain/entities';
import { EnvironmentSchema } from '../domain/schemas';
import type { RowResolution } from '../resolve/types';
import type { StorageArea } from '../storage/area';
import { defineItem, readItem, setAside } from '../storage/item';
import { writeQueueFor } from '../storage/queue';
import { addFound, applyReport, fresh, type Lists, type ReportChanges, type ReportOutcome } from './apply-report';
import {
  ERASED_TOMBSTONE,
  MAX_SELECTION,
  PageTickedSchema,
  type Scope,
  SELECTION_TTL_MS,
  SelectionSchema,
  TombstonesSchema,
} from './items';
import { isPageTickedRow, pickCandidate, type Rows, RowsSchema, settleRows } from './rows';

export {
  ERASED_TOMBSTONE,
  MAX_PAGE_TICKED,
  MAX_SELECTION,
  type PageTickedItem,
  removedAtOf,
  type Scope,
  SELECTION_TTL_MS,
  type SelectedItem,
  selectionKey,
} from './items';

const LastPageSchema = z.object({
  realmId: z.string(),
  environment: EnvironmentSchema,
  url: z.string(),
  /** The cookie store of the page's tab (container, incognito); undefined = the default store. */
  storeId: z.string().optional(),
  at: z.number(),
});
export type LastPage = z.infer<typeof LastPageSchema>;

/** The selection's stored items (keys in lib/storage/keys.ts): each shape, its version and migrations. */
export const SELECTION_ITEM = defineItem('selection', { schema: SelectionSchema, version: 1 });
/** Records and rows known by what they show (keyed `row:…`): a widening of version 1, every old value reads. */
export const PAGE_TICKED_ITEM = defineItem('pageTicked', { schema: PageTickedSchema, version: 1 });
export const TOMBSTONES_ITEM = defineItem('tombstones', { schema: TombstonesSchema, version: 1 });
export const ROWS_ITEM = defineItem('rows', { schema: RowsSchema, version: 1 });
export const LAST_PAGE_ITEM = defineItem('lastPage', { schema: LastPageSchema, version: 1 });
/** A company's choice; absent, the click deletes with no opt-in (no older shape was ever stored). */
export const CHOICE_ITEM = defineItem('choice', { schema: ChoiceSchema, version: 1 });

const [storageKey, pageTickedKey, tombstoneKey, rowsKey] = [
  SELECTION_ITEM.key,
  PAGE_TICKED_ITEM.key,
  TOMBSTONES_ITEM.key,
  ROWS_ITEM.key,
];
const LAST_PAGE_KEY = LAST_PAGE_ITEM.key();
const choiceKey = CHOICE_ITEM.key;

function freshRows(rows: Rows, now: number): Rows {
  return Object.fromEntries(Object.entries(rows).filter(([, r]) => r.addedAt >= now - SELECTION_TTL_MS));
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
      pageTicked: fresh(await readRaw(pageTickedKey(scope), PageTickedSchema, {}), now),
      tombstones,
      rows: freshRows(await readRaw(rowsKey(scope), RowsSchema, {}), now),
    };
  }
  /** The four lists' items: a value one of them cannot read is set aside before it is written over. */
  const listItems: readonly { key: (scope: Scope) => string; schema: z.ZodType<unknown> }[] = [
    SELECTION_ITEM,
    PAGE_TICKED_ITEM,
    TOMBSTONES_ITEM,
    ROWS_ITEM,
  ];
  async function writeLists(scope: Scope, lists: Lists): Promise<void> {
    // readLists read an unreadable list as empty; what it held is kept before the write replaces it.
    for (const item of listItems) await setAside(local, item.key(scope), await readItem(item, local, item.key(scope)));
    await local.set({
      [storageKey(scope)]: lists.selection,
      [pageTickedKey(scope)]: lists.pageTicked,
      [tombstoneKey(scope)]: lists.tombstones,
      [rowsKey(scope)]: lists.rows,
    });
    // The choice is the selection's: a selection left empty (cleared, removed, done) takes it along.
    if (Object.keys(lists.selection).length === 0) await local.remove(choiceKey(scope));
  }
  /** The stored choice while the selection holds a row; otherwise (or unreadable) none was made. */
  async function readChoice(scope: Scope): Promise<Choice> {
    if (Object.keys((await readLists(scope)).selection).length === 0) return NO_CHOICE;
    return readRaw(choiceKey(scope), ChoiceSchema, NO_CHOICE);
  }
  /**
   * The person removed these rows in Safe Delete: out of both lists, tombstoned now. A record the
   * resolver found for a row known by what it shows is tombstoned by its row key too: the page still
   * shows the row ticked and reports it by that key, which must not bring it back.
   */
  function removeKeys(lists: Lists, keys: readonly string[], now: number): Lists {
    const drop = new Set(keys);
    const tombstones = { ...lists.tombstones };
    for (const k of drop) {
      tombstones[k] = now;
      const row = lists.selection[k]?.fromRow;
      if (row !== undefined) tombstones[row] = now;
    }
    const keep = <T>(items: Record<string, T>) =>
      Object.fromEntries(Object.entries(items).filter(([k]) => !drop.has(k)));
    const rows = Object.fromEntries(Object.entries(lists.rows).filter(([k]) => !drop.has(k)));
    return { selection: keep(lists.selection), pageTicked: keep(lists.pageTicked), tombstones, rows };
  }
  return {
    read: async (scope: Scope) => (await readLists(scope)).selection,
    readChoice,
    /** The person's tick on the click's operation or an opt-in; nothing to choose for with no row selected. */
    choose: (scope: Scope, patch: ChoicePatch) =>
      enqueue(async () => {
        const selected = Object.keys((await readLists(scope)).selection).length > 0;
        if (!selected) return NO_CHOICE;
        const key = choiceKey(scope);
        await setAside(local, key, await readItem(CHOICE_ITEM, local, key));
        const next: Choice = { ...(await readChoice(scope)), ...patch };
        await local.set({ [key]: next });
        return next;
      }),
    readPageTicked: async (scope: Scope) => (await readLists(scope)).pageTicked,
    readTombstones: async (scope: Scope) => (await readLists(scope)).tombstones,
    /** Ticked rows known by what they show, not (yet) resolved to one record. */
    readRows: async (scope: Scope): Promise<Rows> => (await readLists(scope)).rows,
    /** What the resolver concluded: matched rows move into the selection (`entered`: their keys). */
    settleRows: (scope: Scope, resolutions: ReadonlyMap<string, RowResolution>) =>
      enqueue(async () => {
        const lists = await readLists(scope);
        const next = settleRows(lists, resolutions, clock());
        await writeLists(scope, { ...lists, ...next });
        return next.entered;
      }),
    /** The person picked one of a row's candidates; undefined when it is not one of them. */
    pick: (scope: Scope, rowKey: string, target: { entity: Entity; id: string }) =>
      enqueue(async () => {
        const lists = await readLists(scope);
        const next = pickCandidate(lists, rowKey, target, clock());
        if (!next) return undefined;
        await writeLists(scope, { ...lists, ...next });
        return next.key;
      }),
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
        const all = [...Object.keys(lists.selection), ...Object.keys(lists.pageTicked), ...Object.keys(lists.rows)];
        const next = removeKeys(lists, all, clock());
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
    /**
     * "Erase this company's local data": the lists and the choice gone, every tombstone replaced by
     * the erase's, and the last page when it is this company's (its address names the company's records).
     */
    erase: (scope: Scope) =>
      enqueue(async () => {
        const last = LastPageSchema.safeParse((await local.get(LAST_PAGE_KEY))[LAST_PAGE_KEY]);
        const ours = last.success && last.data.realmId === scope.realmId && last.data.environment === scope.environment;
        const keys = [storageKey(scope), pageTickedKey(scope), rowsKey(scope), choiceKey(scope)];
        await local.remove([...keys, ...(ours ? [LAST_PAGE_KEY] : [])]);
        await local.set({ [tombstoneKey(scope)]: { [ERASED_TOMBSTONE]: clock() } });
      }),
    /** "Add to selection" in Safe Delete's find tools: the person's choice now. */
    addFound: (scope: Scope, records: readonly { entity: Entity; id: string }[], shownAt: number) =>
      enqueue(async () => {
        const next = addFound(await readLists(scope), records, shownAt, clock());
        await writeLists(scope, next);
        return next;
      }),
    /**
     * "Add these to the selection": page-ticked rows become the person's choice now. A row known by
     * what it shows joins the rows to be resolved, as if the person had ticked it now (`enteredRows`).
     */
    adopt: (scope: Scope, keys: readonly string[]) =>
      enqueue(async () => {
        const now = clock();
        const lists = await readLists(scope);
        const selection = { ...lists.selection };
        const pageTicked = { ...lists.pageTicked };
        const tombstones = { ...lists.tombstones };
        const rows = { ...lists.rows };
        const entered: string[] = [];
        const enteredRows: string[] = [];
        let overCap = 0;
        let size = Object.keys(selection).length + Object.keys(rows).length;
        for (const key of keys) {
          const item = pageTicked[key];
          if (!item) continue;
          if (size >= MAX_SELECTION) {
            overCap += 1;
            continue;
          }
          delete pageTicked[key];
          delete tombstones[key];
          if (isPageTickedRow(item)) {
            rows[key] = { ...item, tickedAt: now, addedAt: now };
            enteredRows.push(key);
          } else {
            selection[key] = { ...item, tickedAt: now, addedAt: now };
            entered.push(key);
          }
          size += 1;
        }
        await writeLists(scope, { ...lists, selection, pageTicked, tombstones, rows });
        return { selection, entered, enteredRows, overCap };
      }),
    async setLastPage(page: LastPage): Promise<void> {
      await enqueue(async () => {
        await setAside(local, LAST_PAGE_KEY, await readItem(LAST_PAGE_ITEM, local, LAST_PAGE_KEY));
        await local.set({ [LAST_PAGE_KEY]: page });
      });
    },
    async lastPage(): Promise<LastPage | undefined> {
      const parsed = LastPageSchema.safeParse((await local.get(LAST_PAGE_KEY))[LAST_PAGE_KEY]);
      return parsed.success ? parsed.data : undefined;
    },
  };
}
export type SelectionStore = ReturnType<typeof createSelectionStore>;
