/**
 * The extension's own state, read from an extension page (the popup's tab), so a test waits for the
 * condition a sleep stood for: "the background has filed the ticks", "no job was journaled". The
 * state lives in the extension origin's IndexedDB (lib/storage/idb-area.ts: database
 * `safe-delete-state`, store `kv`, keys of lib/storage/keys.ts), which every extension page shares
 * with the event page; reading it does not start the event page. The database is never created
 * here (an upgrade here would leave the product's own upgrade nothing to do).
 */
import type { Page } from 'puppeteer-core';
import { INDEXED_DBS, storageKey } from '../../lib/storage/keys';
import { inExtension } from './background';
import { expect } from './fixtures';

/** The runner's one alarm (lib/jobs/runner.ts DEFAULT_ALARM_NAME; spelled here so a test does not load the runner). */
const DEFAULT_ALARM_NAME = 'safe-delete:jobs';

/** The value at `key` (undefined: none, or no database yet). */
export function storedValue<T = unknown>(page: Page, key: string): Promise<T | undefined> {
  return inExtension<T | undefined>(
    page,
    `return await new Promise((resolve, reject) => {
      const open = indexedDB.open(${JSON.stringify(INDEXED_DBS.state.name)});
      open.onupgradeneeded = () => open.transaction.abort();
      open.onerror = () => (open.error && open.error.name === 'AbortError' ? resolve(undefined) : reject(open.error));
      open.onsuccess = () => {
        const db = open.result;
        const get = db.transaction('kv', 'readonly').objectStore('kv').get(${JSON.stringify(key)});
        get.onsuccess = () => { db.close(); resolve(get.result); };
        get.onerror = () => reject(get.error);
      };
    });`,
  );
}

/**
 * Waits until the background has filed exactly `count` ticked rows for the company (records in its
 * selection and rows known by what they show, still to be resolved to one): the
 * content script reports after 150 ms of quiet, and a popup connected before that would check a
 * partial selection.
 */
export async function untilFiled(page: Page, realmId: string, count: number): Promise<void> {
  // Records in the selection, and rows known by what they show waiting to be resolved to one.
  const scope = { environment: 'production' as const, realmId };
  const filed = async () =>
    Object.keys((await storedValue<object>(page, storageKey.selection(scope))) ?? {}).length +
    Object.keys((await storedValue<object>(page, storageKey.rows(scope))) ?? {}).length;
  await expect.poll(filed, { intervals: [50] }).toBe(count);
}

export interface StoredJobWait {
  id: string;
  realmId: string;
  status: string;
  wait?: { kind: string; until?: number };
}

/** The job list (`sd:jobs`, lib/journal/schema.ts JobMetaSchema: only the fields these tests read). */
export async function storedJobs(page: Page): Promise<StoredJobWait[]> {
  return (await storedValue<StoredJobWait[]>(page, storageKey.jobs())) ?? [];
}

/** When the runner's one alarm (`safe-delete:jobs`) is due; undefined when none is set. */
export function jobAlarmAt(page: Page): Promise<number | undefined> {
  return inExtension(page, `return (await browser.alarms.get(${JSON.stringify(DEFAULT_ALARM_NAME)}))?.scheduledTime;`);
}

/** Sets the runner's one alarm to `when` (the runner re-derives what is due from storage when it fires). */
export function setJobAlarm(page: Page, when: number): Promise<void> {
  return inExtension(page, `await browser.alarms.create(${JSON.stringify(DEFAULT_ALARM_NAME)}, { when: ${when} });`);
}
