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
 *   sd:job:<id>:records:<i>     ReviewedRecord[]: chunk i's reviewed snapshots, written ONCE at creation
 *                               (per chunk, so a wake reads O(chunk) whatever the job's size)
 *   sd:job:<id>:chunk:<i>       ChunkJournal: per-chunk attempt and outcomes (≤ 30 records)
 *   sd:throttle:<realmId>       number[]: batch-call times within the rolling window
 *
 * Every write goes through the storage area's one write queue. Readers safeParse; a job the schema rejects is kept
 * as stored (never silently dropped) and a chunk the schema rejects reads as `corrupt`: the runner
 * then refuses to send anything for that job rather than guess that nothing was in flight.
 */
import type { StorageArea } from '../storage/area';
import type { WriteQueue } from '../storage/queue';
import {
  type ChunkJournal,
  ChunkJournalSchema,
  JOB_CHUNK_ITEM,
  JOB_RECORDS_ITEM,
  JOBS_ITEM,
  type JobMeta,
  JobMetaSchema,
  ReviewedListSchema,
  type ReviewedRecord,
  THROTTLE_ITEM,
} from './schema';

const JOBS_KEY = JOBS_ITEM.key();
const [recordsKey, chunkKey, throttleKey] = [JOB_RECORDS_ITEM.key, JOB_CHUNK_ITEM.key, THROTTLE_ITEM.key];

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
  /** The reviewed records of one chunk (undefined: missing or unreadable). */
  readChunkRecords(jobId: string, index: number): Promise<ReviewedRecord[] | undefined>;
  /** Every chunk's reviewed records in order (the popup's list; the runner never needs them all). */
  readRecords(jobId: string, chunks: number): Promise<ReviewedRecord[] | undefined>;
  readChunk(jobId: string, index: number): Promise<ChunkRead>;
  readThrottle(realmId: string): Promise<number[]>;
  /**
   * Writes the records chunk by chunk with the job: chunk i = records[i*chunkSize ..], or `cuts[i]`
   * when the job cuts its own chunks (a restore: a chunk never holds a record and what it links to).
   */
  createJob(
    meta: JobMeta,
    records: readonly ReviewedRecord[],
    cuts?: readonly (readonly ReviewedRecord[])[],
    /** Checked inside the write queue with the stored list: a job it names blocks the new one. */
    blockedBy?: (jobs: readonly JobMeta[]) => JobMeta | undefined,
  ): Promise<JobMeta | undefined>;
  /** One atomic `set`: chunk + job list + audit lines + throttle stamp. Returns the updated job. */
  commit(commit: Commit): Promise<JobMeta | undefined>;
  removeJob(jobId: string): Promise<void>;
}

export function createJournal(deps: { storage: StorageArea; queue: WriteQueue }): Journal {
  const { storage, queue } = deps;

  async function readChunkRaw(jobId: string, index: number): Promise<ChunkRead> {
    const raw = (await storage.get(chunkKey(jobId, index)))[chunkKey(jobId, index)];
    if (raw === undefined) return { kind: 'none' };
    const parsed = ChunkJournalSchema.safeParse(raw);
    return parsed.success ? { kind: 'ok', chunk: parsed.data } : { kind: 'corrupt' };
  }

  /** Parsed jobs, plus the raw items the schema rejected (written back untouched). */
  async function readList(): Promise<{ jobs: JobMeta[]; unreadable: unknown[] }> {
    const raw = (await storage.get(JOBS_KEY))[JOBS_KEY];
    const jobs: JobMeta[] = [];
    const unreadable: unknown[] = [];
    for (const item of Array.isArray(raw) ? raw : []) {
      const parsed = JobMetaSchema.safeParse(item);
      if (parsed.success) jobs.push(parsed.data);
      else unreadable.push(item);
    }
    return { jobs, unreadable };
  }

  async function readThrottle(realmId: string): Promise<number[]> {
    const raw = (await storage.get(throttleKey(realmId)))[throttleKey(realmId)];
    return Array.isArray(raw) ? raw.filter((t): t is number => typeof t === 'number') : [];
  }

  return {
    readJobs: async () => (await readList()).jobs,
    async readChunkRecords(jobId, index) {
      const key = recordsKey(jobId, index);
      const parsed = ReviewedListSchema.safeParse((await storage.get(key))[key]);
      return parsed.success ? parsed.data : undefined;
    },
    async readRecords(jobId, chunks) {
      const keys = Array.from({ length: chunks }, (_, i) => recordsKey(jobId, i));
      const got = keys.length > 0 ? await storage.get(keys) : {};
      const out: ReviewedRecord[] = [];
      for (const key of keys) {
        const parsed = ReviewedListSchema.safeParse(got[key]);
        if (!parsed.success) return undefined;
        out.push(...parsed.data);
      }
      return out;
    },
    readChunk: readChunkRaw,
    readThrottle,
    createJob: (meta, records, cuts, blockedBy) =>
      queue.run(async () => {
        const { jobs, unreadable } = await readList();
        const blocker = blockedBy?.(jobs);
        if (blocker) return blocker;
        const set: Record<string, unknown> = {};
        for (let i = 0; i < meta.chunks; i++)
          set[recordsKey(meta.id, i)] = cuts?.[i] ?? records.slice(i * meta.chunkSize, (i + 1) * meta.chunkSize);
        set[JOBS_KEY] = [...jobs, meta, ...unreadable];
        await storage.set(set); // one write: a job is never listed without its records
        return undefined;
      }),
    commit: (c) =>
      queue.run(async () => {
        const { jobs, unreadable } = await readList();
        const i = jobs.findIndex((j) => j.id === c.jobId);
        const current = jobs[i];
        if (!current) return undefined;
        let fresh: string[] = [];
        if (c.chunk) {
          const stored = await readChunkRaw(c.jobId, c.chunk.index);
          const before = stored.kind === 'ok' ? stored.chunk.outcomes : {};
          fresh = Object.keys(c.chunk.outcomes).filter((key) => !(key in before));
        }
        const next = c.update ? c.update(current, fresh) : current;
        jobs[i] = next;
        const set: Record<string, unknown> = { [JOBS_KEY]: [...jobs, ...unreadable] };
        if (c.chunk) set[chunkKey(c.jobId, c.chunk.index)] = c.chunk;
        if (c.throttleStamp) {
          const { realmId, at, windowMs } = c.throttleStamp;
          const kept = (await readThrottle(realmId)).filter((t) => t >= at - windowMs);
          set[throttleKey(realmId)] = [...kept, at];
        }
        await storage.set(set);
        return next;
      }),
    removeJob: (jobId) =>
      queue.run(async () => {
        const { jobs, unreadable } = await readList();
        const job = jobs.find((j) => j.id === jobId);
        const keys: string[] = [];
        for (let i = 0; i < (job?.chunks ?? 0); i++) keys.push(recordsKey(jobId, i), chunkKey(jobId, i));
        await storage.remove(keys);
        await storage.set({ [JOBS_KEY]: [...jobs.filter((j) => j.id !== jobId), ...unreadable] });
      }),
  };
}
