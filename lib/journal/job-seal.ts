/**
 * Which stored jobs the extension wrote itself. Only those are listed, run or changed; any other job
 * entry is counted as unreadable (the popup's "One saved job on this device cannot be read"), kept as
 * stored and never run.
 *
 * The tag. When the journal creates a job it tags the entry: HMAC-SHA-256, under this installation's
 * job key, of the job's identity, the fields fixed at creation that say what it acts on (id, company,
 * operation, options, size, creation time). The tag is stored under sd:job:<id>:seal in the same
 * write as the entry and its records. The key is a non-extractable CryptoKey made on first use and
 * kept in its own IndexedDB database (INDEXED_DBS.jobKey): reachable from the extension's pages and
 * worker only (never from a content script, which runs in the page's origin), and its bytes readable
 * by no script, this one included. So nothing written from outside (a job written to storage.local
 * and copied in, a tag copied from another job) verifies. Counters, cursor and status change at
 * every step and are not tagged: only the extension writes the state they live in.
 *
 * Records carry no tag of their own: they are written once, in the same write as their tagged entry,
 * under the job's random id, and the one way anything from outside reaches the state, the move from
 * storage.local (lib/storage/idb-area.ts), runs once, into a state that holds nothing yet, so no
 * tagged job exists for copied records to join.
 *
 * The upgrade. A previous build's jobs have no tag. They are adopted once, by id: at the first start of
 * this build, before the move from storage.local can copy anything in (idb-area's `beforeMove`), the
 * ids of the jobs the state holds are kept in the key's database as adopted, and count as tagged from
 * then on (by id, so a migration may still reshape them). The state is the extension's IndexedDB,
 * which no content script reaches, so what it holds then is the extension's own. The list is written
 * once (empty on a fresh install): a job copied in afterwards is never adopted. Two limits:
 * - An earlier build whose install found storage.local empty never marked its move and copied
 *   storage.local into its state at every start; a job so copied before this upgrade cannot be told
 *   from its own jobs and is adopted (that build would already have run it at the start that copied it).
 * - Jobs of a build that kept its state in storage.local itself (before the IndexedDB state) are
 *   copied in by the one move and not adopted: they show as unreadable and never run.
 *
 * A migration that changes a tagged field of stored jobs must tag them again.
 */
import { type IDBPDatabase, openDB } from 'idb';
import { z } from 'zod';
import type { StorageArea } from '../storage/area';
import { defineItem } from '../storage/item';
import { INDEXED_DBS } from '../storage/keys';
import { JOBS_ITEM, type JobMeta } from './schema';

const DB = INDEXED_DBS.jobKey;
const STORE = 'keys' satisfies keyof typeof DB.stores;
const KEY_RECORD = 'hmac';
const ADOPTED_RECORD = 'adopted';

/** A job's tag: base64 of the HMAC of its identity. */
export const JOB_SEAL_ITEM = defineItem('jobSeal', { schema: z.string(), version: 1 });

export interface JobSeal {
  /** The tag of a job as the journal creates it. */
  tag(job: JobMeta): Promise<string>;
  /** Whether the extension wrote this job: its stored tag verifies, or it was adopted at the upgrade. */
  verify(job: JobMeta, stored: unknown): Promise<boolean>;
  /** `verify`'s answer when this job and tag were verified before (no wait), else undefined. */
  known(job: JobMeta, stored: unknown): boolean | undefined;
}

/** The key's database, in the global IndexedDB (the extension origin's; in Node tests fake-indexeddb's). */
function open(): Promise<IDBPDatabase> {
  return openDB(DB.name, DB.version, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
}

/** The fields fixed at creation that say what a job acts on, in a fixed order. */
function identity(job: JobMeta): string {
  return JSON.stringify([
    job.id,
    job.environment,
    job.realmId,
    job.operation,
    job.includeReconciled,
    job.allowDuplicateDocNumbers ?? false,
    job.chunkSize,
    job.chunks,
    job.total,
    job.createdAt,
  ]);
}

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const isCryptoKey = (value: unknown): value is CryptoKey =>
  typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;

/** The installation's job key: made on first use, then kept (a race between two makers keeps the first). */
async function loadKey(): Promise<CryptoKey> {
  const db = await open();
  try {
    const stored: unknown = await db.get(STORE, KEY_RECORD);
    if (isCryptoKey(stored)) return stored;
    // Made before the write transaction: a transaction closes when it waits on anything but itself.
    const made = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    const tx = db.transaction(STORE, 'readwrite');
    const raced: unknown = await tx.store.get(KEY_RECORD);
    const kept = isCryptoKey(raced) ? raced : made;
    if (kept === made) await tx.store.put(made, KEY_RECORD);
    await tx.done;
    return kept;
  } finally {
    db.close();
  }
}

async function readAdopted(): Promise<Set<string> | undefined> {
  const db = await open();
  try {
    const parsed = z.array(z.string()).safeParse(await db.get(STORE, ADOPTED_RECORD));
    return parsed.success ? new Set(parsed.data) : undefined;
  } finally {
    db.close();
  }
}

export function createJobSeal(): JobSeal {
  let key: Promise<CryptoKey> | undefined;
  let adopted: Promise<Set<string> | undefined> | undefined;
  const theKey = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined; // try again next time (IndexedDB may be back)
      throw error;
    });
    return key;
  };
  const encoder = new TextEncoder();
  // Answers already worked out, so that the job list (read at every step) costs no extra wait.
  const answers = new Map<string, boolean>();
  const answerKey = (job: JobMeta, stored: unknown) => `${identity(job)} ${typeof stored === 'string' ? stored : ''}`;

  async function check(job: JobMeta, stored: unknown): Promise<boolean> {
    // Read once: the adoption has run by then (before anything could read the state, see idb-area).
    adopted ??= readAdopted().catch(() => {
      adopted = undefined; // unreadable now: none count as adopted, asked again next time
      return undefined;
    });
    if ((await adopted)?.has(job.id)) return true;
    if (typeof stored !== 'string') return false;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0));
    } catch {
      return false;
    }
    return crypto.subtle.verify('HMAC', await theKey(), bytes, encoder.encode(identity(job)));
  }

  return {
    async tag(job) {
      const tag = toBase64(await crypto.subtle.sign('HMAC', await theKey(), encoder.encode(identity(job))));
      answers.set(answerKey(job, tag), true);
      return tag;
    },
    async verify(job, stored) {
      const ok = await check(job, stored);
      if (answers.size >= 1000) answers.clear();
      answers.set(answerKey(job, stored), ok);
      return ok;
    },
    known: (job, stored) => answers.get(answerKey(job, stored)),
  };
}

/**
 * The one adoption (see the module doc): the ids of the jobs `held` lists, kept as adopted, unless an
 * adoption is already recorded. Runs before the move from storage.local (idb-area's `beforeMove`).
 */
export async function adoptStoredJobs(held: Pick<StorageArea, 'get'>): Promise<void> {
  if ((await readAdopted()) !== undefined) return;
  const key = JOBS_ITEM.key();
  const list = (await held.get(key))[key];
  const ids = (Array.isArray(list) ? list : []).flatMap((job: unknown) =>
    typeof job === 'object' && job !== null && typeof (job as { id?: unknown }).id === 'string'
      ? [(job as { id: string }).id]
      : [],
  );
  const db = await open();
  try {
    const tx = db.transaction(STORE, 'readwrite');
    if ((await tx.store.get(ADOPTED_RECORD)) === undefined) await tx.store.put(ids, ADOPTED_RECORD);
    await tx.done;
  } finally {
    db.close();
  }
}
