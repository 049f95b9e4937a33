/**
 * The write-ahead journal of the job runner, in `browser.storage.local`.
 *
 * Why storage.local and not IndexedDB: it is the one store WXT's fakeBrowser implements (unit tests
 * and the restart tests build two runners on the same fake storage), a multi-key `set` is applied as
 * one write (a chunk's state, the job list and the audit lines land together), and the data is small
 * once the layout below keeps the big part write-once. The extension needs "unlimitedStorage" for
 * very large audit logs (the 10 MB default holds ~5,000 records' JSON).
 *
 * Layout (keys from lib/storage/keys.ts):
 *   sd:jobs                     JobMeta[]: the one job list (compact: counters, cursor, wait, status)
 *   sd:job:<id>:records:<i>     JobRecord[]: chunk i's records (reviewed, or to restore), written ONCE at creation
 *                               (per chunk, so a wake reads O(chunk) whatever the job's size)
 *   sd:job:<id>:chunk:<i>       ChunkJournal: per-chunk attempt and outcomes (≤ 30 records)
 *   sd:throttle:<realmId>       number[]: batch-call times within the rolling window
 *
 *   sd:job:<id>:seal            string: the tag showing the extension wrote the job's entry (./job-seal.ts)
 *
 * Every write goes through the storage area's one write queue. Readers safeParse; a job the schema
 * rejects, or whose tag does not verify (the extension did not write it), is kept as stored (never
 * silently dropped), counted as unreadable and never run, and a chunk the schema rejects reads as `corrupt`: the runner
 * then refuses to send anything for that job rather than guess that nothing was in flight.
 *
 * Nothing unreadable is written over or removed unread: a job list that is not a list, a throttle
 * window, a chunk's records or journal the schema refuses is first set aside under
 * sd:unreadable:<key> (lib/storage/item.ts). (A job's records are written only at its creation,
 * under a fresh job id: removeJob is the one place they can go.) A commit that would write a chunk over an unreadable
 * one refuses: it pauses the job with the reason and throws UnreadableChunkError, so the step stops
 * before it sends (./unreadable-chunk-error.ts).
 */
import type { z } from 'zod';
import type { StorageArea } from '../storage/area';
import { readItem, setAside } from '../storage/item';
import type { WriteQueue } from '../storage/queue';
import { createJobSeal, JOB_SEAL_ITEM, type JobSeal } from './job-seal';
import {
  type ChunkJournal,
  JOB_CHUNK_ITEM,
  JOB_RECORDS_ITEM,
  JOBS_ITEM,
  type JobMeta,
  JobMetaSchema,
  type JobRecord,
  JobRecordListSchema,
  THROTTLE_ITEM,
} from './schema';
import { UnreadableChunkError } from './unreadable-chunk-error';

const JOBS_KEY = JOBS_ITEM.key();
const [recordsKey, chunkKey, throttleKey] = [JOB_RECORDS_ITEM.key, JOB_CHUNK_ITEM.key, THROTTLE_ITEM.key];
const sealKey = JOB_SEAL_ITEM.key;

export type ChunkRead = { kind: 'none' } | { kind: 'ok'; chunk: ChunkJournal } | { kind: 'corrupt' };

export interface Commit {
  jobId: string;
  chunk?: ChunkJournal;
  /** `fresh`: keys whose outcome is new in `chunk` compared with the STORED chunk (read in the queue). */
  update?: (job: JobMeta, fresh: readonly string[]) => JobMeta;
  /** Record a batch call in the company's throttle window (journaled with the attempt). */
  throttleStamp?: { realmId: string; at: number; windowMs: number };
}

export interface Journal {
  readJobs(): Promise<JobMeta[]>;
  /** How many stored job entries the schema refuses or the extension did not write: kept untouched, never run, named in the view. */
  unreadableJobs(): Promise<number>;
  /** The reviewed records of one chunk (undefined: missing or unreadable). */
  readChunkRecords(jobId: string, index: number): Promise<JobRecord[] | undefined>;
  /** Every chunk's reviewed records in order (the popup's list; the runner never needs them all). */
  readRecords(jobId: string, chunks: number): Promise<JobRecord[] | undefined>;
  readChunk(jobId: string, index: number): Promise<ChunkRead>;
  readThrottle(realmId: string): Promise<number[]>;
  /**
   * Writes the records chunk by chunk with the job: chunk i = records[i*chunkSize ..], or `cuts[i]`
   * when the job cuts its own chunks (a restore: a chunk never holds a record and what it links to).
   */
  createJob(
    meta: JobMeta,
    records: readonly JobRecord[],
    cuts?: readonly (readonly JobRecord[])[],
    /** Checked inside the write queue with the stored list: a job it names blocks the new one. */
    blockedBy?: (jobs: readonly JobMeta[]) => JobMeta | undefined,
  ): Promise<JobMeta | undefined>;
  /** One atomic `set`: chunk + job list + audit lines + throttle stamp. Returns the updated job. */
  commit(commit: Commit): Promise<JobMeta | undefined>;
  removeJob(jobId: string): Promise<void>;
}

/**
 * The job as it stops at an unreadable chunk journal: paused with the reason (the same code as the
 * runner's own check in lib/jobs/step.ts), and marked as having an open chunk when it is the
 * current one, so a resume reads it (and stops) before any re-read or send.
 */
function unreadableChunkStop(job: JobMeta, index: number): JobMeta {
  return {
    ...job,
    status: job.status === 'cancelled' ? job.status : 'paused',
    wait: undefined,
    stop: { code: 'chunkUnreadable', chunk: index, part: 'journal' },
    openChunk: job.openChunk || index === job.cursor,
  };
}

export function createJournal(deps: { storage: StorageArea; queue: WriteQueue; seal?: JobSeal }): Journal {
  const { storage, queue } = deps;
  const seal = deps.seal ?? createJobSeal();

  const readChunkItem = (jobId: string, index: number) => readItem(JOB_CHUNK_ITEM, storage, chunkKey(jobId, index));

  async function readChunkRaw(jobId: string, index: number): Promise<ChunkRead> {
    const read = await readChunkItem(jobId, index);
    if (read.kind === 'missing') return { kind: 'none' };
    return read.kind === 'ok' ? { kind: 'ok', chunk: read.value } : { kind: 'corrupt' };
  }

  /** Parsed jobs the extension wrote, plus the raw items the schema rejected or that have no valid tag (written back untouched). */
  async function readList(): Promise<{ jobs: JobMeta[]; unreadable: unknown[] }> {
    const raw = (await storage.get(JOBS_KEY))[JOBS_KEY];
    const items: unknown[] = Array.isArray(raw) ? raw : [];
    const parsed = items.map((item) => JobMetaSchema.safeParse(item));
    const ids = parsed.flatMap((p) => (p.success ? [sealKey(p.data.id)] : []));
    const tags = ids.length > 0 ? await storage.get(ids) : {};
    const jobs: JobMeta[] = [];
    const unreadable: unknown[] = [];
    for (const [i, p] of parsed.entries()) {
      const tag = p.success ? tags[sealKey(p.data.id)] : undefined;
      if (p.success && (seal.known(p.data, tag) ?? (await seal.verify(p.data, tag)))) jobs.push(p.data);
      else unreadable.push(items[i]);
    }
    return { jobs, unreadable };
  }

  /**
   * readList for a writer. Unreadable jobs are written back in place; a stored value that is not a
   * list at all has no place to keep them, so it is set aside whole before the list replaces it.
   */
  async function readListToWrite(): Promise<{ jobs: JobMeta[]; unreadable: unknown[] }> {
    const raw = (await storage.get(JOBS_KEY))[JOBS_KEY];
    if (raw !== undefined && !Array.isArray(raw))
      await setAside(storage, JOBS_KEY, { kind: 'unreadable', raw, error: `${JOBS_KEY}: not a list` });
    return readList();
  }

  /**
   * Before a job's keys are written over or removed: each stored value its item's schema refuses is
   * set aside. One read for all the keys (a job has up to ~1,700 chunks); a set-aside is rare.
   */
  async function setAsideEach(keys: readonly [string, { schema: z.ZodType<unknown> }][]): Promise<void> {
    const got = keys.length > 0 ? await storage.get(keys.map(([key]) => key)) : {};
    for (const [key, item] of keys) {
      const raw = got[key];
      if (raw !== undefined && !item.schema.safeParse(raw).success)
        await setAside(storage, key, { kind: 'unreadable', raw, error: `${key}: unreadable` });
    }
  }

  async function readThrottle(realmId: string): Promise<number[]> {
    const raw = (await storage.get(throttleKey(realmId)))[throttleKey(realmId)];
    return Array.isArray(raw) ? raw.filter((t): t is number => typeof t === 'number') : [];
  }

  return {
    readJobs: async () => (await readList()).jobs,
    unreadableJobs: async () => (await readList()).unreadable.length,
    async readChunkRecords(jobId, index) {
      const key = recordsKey(jobId, index);
      const parsed = JobRecordListSchema.safeParse((await storage.get(key))[key]);
      return parsed.success ? parsed.data : undefined;
    },
    async readRecords(jobId, chunks) {
      const keys = Array.from({ length: chunks }, (_, i) => recordsKey(jobId, i));
      const got = keys.length > 0 ? await storage.get(keys) : {};
      const out: JobRecord[] = [];
      for (const key of keys) {
        const parsed = JobRecordListSchema.safeParse(got[key]);
        if (!parsed.success) return undefined;
        out.push(...parsed.data);
      }
      return out;
    },
    readChunk: readChunkRaw,
    readThrottle,
    createJob: (meta, records, cuts, blockedBy) =>
      queue.run(async () => {
        const { jobs, unreadable } = await readListToWrite();
        const blocker = blockedBy?.(jobs);
        if (blocker) return blocker;
        const set: Record<string, unknown> = {};
        for (let i = 0; i < meta.chunks; i++)
          set[recordsKey(meta.id, i)] = cuts?.[i] ?? records.slice(i * meta.chunkSize, (i + 1) * meta.chunkSize);
        set[JOBS_KEY] = [...jobs, meta, ...unreadable];
        set[sealKey(meta.id)] = await seal.tag(meta);
        await storage.set(set); // one write: a job is never listed without its records and its tag
        return undefined;
      }),
    commit: (c) =>
      queue.run(async () => {
        const { jobs, unreadable } = await readListToWrite();
        const i = jobs.findIndex((j) => j.id === c.jobId);
        const current = jobs[i];
        if (!current) return undefined;
        let fresh: string[] = [];
        if (c.chunk) {
          const stored = await readChunkItem(c.jobId, c.chunk.index);
          if (stored.kind === 'unreadable') {
            // Never read as "nothing sent yet" (a re-send): kept aside AND in place, so every later
            // step stops at it too; the job pauses with the reason, and the throw stops the send.
            await setAside(storage, chunkKey(c.jobId, c.chunk.index), stored);
            jobs[i] = unreadableChunkStop(current, c.chunk.index);
            await storage.set({ [JOBS_KEY]: [...jobs, ...unreadable] });
            throw new UnreadableChunkError(c.jobId, c.chunk.index);
          }
          const before = stored.kind === 'ok' ? stored.value.outcomes : {};
          fresh = Object.keys(c.chunk.outcomes).filter((key) => !(key in before));
        }
        const next = c.update ? c.update(current, fresh) : current;
        jobs[i] = next;
        const set: Record<string, unknown> = { [JOBS_KEY]: [...jobs, ...unreadable] };
        if (c.chunk) set[chunkKey(c.jobId, c.chunk.index)] = c.chunk;
        if (c.throttleStamp) {
          const { realmId, at, windowMs } = c.throttleStamp;
          await setAside(storage, throttleKey(realmId), await readItem(THROTTLE_ITEM, storage, throttleKey(realmId)));
          const kept = (await readThrottle(realmId)).filter((t) => t >= at - windowMs);
          set[throttleKey(realmId)] = [...kept, at];
        }
        await storage.set(set);
        return next;
      }),
    removeJob: (jobId) =>
      queue.run(async () => {
        const { jobs, unreadable } = await readListToWrite();
        const job = jobs.find((j) => j.id === jobId);
        const keys: [string, { schema: z.ZodType<unknown> }][] = [];
        for (let i = 0; i < (job?.chunks ?? 0); i++)
          keys.push([recordsKey(jobId, i), JOB_RECORDS_ITEM], [chunkKey(jobId, i), JOB_CHUNK_ITEM]);
        await setAsideEach(keys);
        // The tag goes only with a job of the extension's (an entry it did not write is kept as it is).
        await storage.remove([...keys.map(([key]) => key), ...(job ? [sealKey(jobId)] : [])]);
        await storage.set({ [JOBS_KEY]: [...jobs.filter((j) => j.id !== jobId), ...unreadable] });
      }),
  };
}
