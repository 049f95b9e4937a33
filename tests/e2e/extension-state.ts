/**
 * The extension's own state, read (and, for a job's wait, moved) from its service worker, so a test
 * waits for the condition a sleep stood for: "the background has filed the ticks", "the job's retry
 * time has come". The state lives in the extension's
 * IndexedDB (lib/storage/idb-area.ts: database `safe-delete-state`, store `kv`, the keys of
 * lib/storage/keys.ts); the test reads it as the background would, and never creates the database
 * (an upgrade here would leave the product's own upgrade nothing to do).
 */
import { type BrowserContext, expect, type Worker } from '@playwright/test';
import { INDEXED_DBS, storageKey } from '../../lib/storage/keys';
import { extensionWorker } from '../../tools/chromium/chromium';

/** The runner's one alarm (lib/jobs/runner.ts DEFAULT_ALARM_NAME; spelled here so a test does not load the runner). */
const DEFAULT_ALARM_NAME = 'safe-delete:jobs';

type Mode = 'read' | 'retryNow';
const DB = INDEXED_DBS.state.name;

/** Runs in the worker: the value at `key` (undefined: none, or no database yet); `retryNow` also
 * moves every waiting job's `wait.until` to now, in one transaction, and returns the list as it was. */
function inWorker([db, key, mode]: [string, string, Mode]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(db);
    open.onupgradeneeded = () => open.transaction?.abort(); // no database yet: leave its creation to the product
    open.onerror = () => (open.error?.name === 'AbortError' ? resolve(undefined) : reject(open.error));
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('kv', mode === 'read' ? 'readonly' : 'readwrite');
      const get = tx.objectStore('kv').get(key);
      get.onsuccess = () => {
        const value = get.result as unknown;
        if (mode === 'retryNow' && Array.isArray(value)) {
          const now = Date.now();
          const moved = value.map((job: { wait?: { until?: number } }) =>
            job.wait?.until !== undefined ? { ...job, wait: { ...job.wait, until: now } } : job,
          );
          tx.objectStore('kv').put(moved, key);
        }
        tx.oncomplete = () => {
          db.close();
          resolve(value);
        };
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

export async function storedValue<T = unknown>(worker: Worker, key: string): Promise<T | undefined> {
  return (await worker.evaluate(inWorker, [DB, key, 'read'] as [string, string, Mode])) as T | undefined;
}

/** Keys of a company's selection (or rows ticked by the page) as the background filed them. */
export async function filedKeys(
  worker: Worker,
  realmId: string,
  list: 'selection' | 'pageTicked' | 'rows' = 'selection',
): Promise<string[]> {
  const key = storageKey[list]({ environment: 'production', realmId });
  return Object.keys((await storedValue<Record<string, unknown>>(worker, key)) ?? {});
}

/** Ticked rows the background has filed for the company: records in its selection, and rows still to be resolved. */
export async function filedCount(context: BrowserContext, realmId: string): Promise<number> {
  const worker = await extensionWorker(context);
  return (await filedKeys(worker, realmId)).length + (await filedKeys(worker, realmId, 'rows')).length;
}

/**
 * Waits until the background has filed exactly `count` ticked rows for the company — records in its
 * selection and rows known by what they show still waiting to be resolved to one (they move into the
 * selection once a connection resolves them) — or, given keys, at least those records in the
 * selection; and when given, `pageTicked` rows ticked by the page: the content script reports after
 * 150 ms of quiet, and a popup opened before that would check a partial selection.
 */
export async function untilFiled(
  context: BrowserContext,
  realmId: string,
  count: number | readonly string[],
  pageTicked?: number,
): Promise<void> {
  const worker = await extensionWorker(context);
  const filed = () => filedKeys(worker, realmId);
  if (typeof count === 'number') await expect.poll(() => filedCount(context, realmId), { intervals: [50] }).toBe(count);
  else {
    const missing = async () => {
      const keys = await filed();
      return count.filter((k) => !keys.includes(k));
    };
    await expect.poll(missing, { intervals: [50] }).toEqual([]);
  }
  if (pageTicked !== undefined)
    await expect.poll(async () => (await filedKeys(worker, realmId, 'pageTicked')).length).toBe(pageTicked);
}

export interface StoredJobWait {
  id: string;
  status: string;
  wait?: { kind: string; until?: number };
}

/** The job list (`sd:jobs`, lib/journal/schema.ts JobMetaSchema: only the fields a wait needs). */
export async function storedJobs(worker: Worker): Promise<StoredJobWait[]> {
  return (await storedValue<StoredJobWait[]>(worker, storageKey.jobs())) ?? [];
}

/**
 * Lets a job's own wait run out now instead of in real time: its stored retry time (`wait.until`)
 * becomes now and the runner's one alarm fires now, which is what the product sees when the wait
 * has passed (lib/jobs/runner.ts wakes on the alarm and re-derives everything from storage; an
 * unpacked extension's alarm is not held to Chrome's 30 s minimum). Returns the jobs as they were.
 */
export async function endJobWaitNow(worker: Worker): Promise<StoredJobWait[]> {
  const args: [string, string, Mode] = [DB, storageKey.jobs(), 'retryNow'];
  const before = ((await worker.evaluate(inWorker, args)) ?? []) as StoredJobWait[];
  await worker.evaluate((name) => chrome.alarms.create(name, { when: Date.now() }), DEFAULT_ALARM_NAME);
  return before;
}

/**
 * Runs in the worker: the deadline of every write a job waits on (`landing`) passes now. Each such
 * job's open chunk has its to-verify items' send times moved back by `windowMs` (+1) and the job's
 * wait ends now, in one transaction. Only for a test that has seen the write land (or know it never
 * will): it stands for the minutes the product waits in real time.
 */
function landNowInWorker([db, jobsKey, chunkKeyOf, windowMs]: [string, string, string, number]): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(db);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const database = open.result;
      const tx = database.transaction('kv', 'readwrite');
      const kv = tx.objectStore('kv');
      const now = Date.now();
      let moved = 0;
      const get = kv.get(jobsKey);
      get.onsuccess = () => {
        const jobs = (get.result ?? []) as { id: string; cursor: number; wait?: { kind: string; until?: number } }[];
        for (const job of jobs) {
          if (job.wait?.kind !== 'landing') continue;
          const chunkKey = chunkKeyOf.replace('JOB', job.id).replace('INDEX', String(job.cursor));
          const read = kv.get(chunkKey);
          read.onsuccess = () => {
            const chunk = read.result as { verify?: { sentAt?: number }[] } | undefined;
            if (!chunk?.verify) return;
            const verify = chunk.verify.map((item) => ({ ...item, sentAt: now - windowMs - 1 }));
            moved += verify.length;
            kv.put({ ...chunk, verify }, chunkKey);
          };
        }
        kv.put(
          jobs.map((job) => (job.wait?.kind === 'landing' ? { ...job, wait: { ...job.wait, until: now } } : job)),
          jobsKey,
        );
      };
      tx.oncomplete = () => {
        database.close();
        resolve(moved);
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/**
 * The deadline of every write a job waits on passes now (see landNowInWorker), and the runner's alarm
 * fires: what the product sees once the landing window is over. Returns how many items it moved.
 */
export async function landNow(worker: Worker, windowMs: number): Promise<number> {
  const chunkKeyOf = storageKey.jobChunk('JOB', 0).replace(/0$/, 'INDEX');
  const args: [string, string, string, number] = [DB, storageKey.jobs(), chunkKeyOf, windowMs];
  const moved = await worker.evaluate(landNowInWorker, args);
  await worker.evaluate((name) => chrome.alarms.create(name, { when: Date.now() }), DEFAULT_ALARM_NAME);
  return moved;
}

/** When the runner's one alarm is due (undefined: no alarm set). */
export async function jobAlarmAt(worker: Worker): Promise<number | undefined> {
  return worker.evaluate(async (name) => (await chrome.alarms.get(name))?.scheduledTime, DEFAULT_ALARM_NAME);
}
