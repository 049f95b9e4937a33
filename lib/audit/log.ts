/**
 * The audit log store, append-only, in the same storage area and behind the same write queue as the
 * job journal: the runner folds an append into the journal's commit (`planAppend`), so a record's
 * outcome and its audit line are written by one `storage.set` and cannot disagree after a crash.
 */
import type { Clock } from '../clock';
import type { StorageArea } from '../storage/area';
import { storageKey } from '../storage/keys';
import { type WriteQueue, writeQueueFor } from '../storage/queue';
import { toCsv } from './csv';
import {
  type AuditEntry,
  type AuditIndex,
  AuditIndexSchema,
  type AuditRetention,
  AuditSegmentSchema,
  DEFAULT_RETENTION,
} from './entry';
import { planRetention } from './retention';

const AUDIT_INDEX_KEY = storageKey.auditIndex();
const auditSegKey = storageKey.auditSegment;

export interface AuditWrite {
  set: Record<string, unknown>;
  remove: string[];
}

export interface AuditLog {
  /** Only inside `queue.run`: the storage writes that append `entries` and apply retention. */
  planAppend(entries: readonly AuditEntry[]): Promise<AuditWrite>;
  append(entries: readonly AuditEntry[]): Promise<void>;
  /** Oldest first. Unreadable segments are skipped (reported in `unreadableSegments`). */
  read(): Promise<{ entries: AuditEntry[]; unreadableSegments: number }>;
  clear(): Promise<void>;
  exportCsv(): Promise<string>;
  exportJson(): Promise<string>;
}

export interface AuditLogOptions {
  storage: StorageArea;
  /** Default: the storage area's one write queue. */
  queue?: WriteQueue;
  clock: Pick<Clock, 'now'>;
  retention?: Partial<AuditRetention>;
}

export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { storage, clock } = options;
  const queue = options.queue ?? writeQueueFor(storage);
  const retention: AuditRetention = { ...DEFAULT_RETENTION, ...options.retention };

  async function readIndex(): Promise<AuditIndex> {
    const got = await storage.get(AUDIT_INDEX_KEY);
    const parsed = AuditIndexSchema.safeParse(got[AUDIT_INDEX_KEY]);
    return parsed.success ? parsed.data : { nextSeg: 0, segs: [] };
  }

  async function planAppend(entries: readonly AuditEntry[]): Promise<AuditWrite> {
    const index = await readIndex();
    const segs = [...index.segs];
    const set: Record<string, unknown> = {};
    let nextSeg = index.nextSeg;
    if (entries.length > 0) {
      const n = nextSeg++;
      const times = entries.map((e) => e.at);
      set[auditSegKey(n)] = entries;
      segs.push({ n, count: entries.length, oldest: Math.min(...times), newest: Math.max(...times) });
    }
    const plan = planRetention(segs, clock.now(), retention);
    const keep = [...plan.keep];
    const first = keep[0];
    if (plan.trimFirst > 0 && first) {
      const key = auditSegKey(first.n);
      const pending = set[key] as AuditEntry[] | undefined;
      const stored = pending ?? AuditSegmentSchema.safeParse((await storage.get(key))[key]).data ?? [];
      const rest = stored.slice(plan.trimFirst);
      set[key] = rest;
      keep[0] = { ...first, count: rest.length, oldest: rest[0]?.at ?? first.newest };
    }
    set[AUDIT_INDEX_KEY] = { nextSeg, segs: keep } satisfies AuditIndex;
    for (const n of plan.drop) delete set[auditSegKey(n)];
    return { set, remove: plan.drop.map(auditSegKey) };
  }

  async function read(): Promise<{ entries: AuditEntry[]; unreadableSegments: number }> {
    const index = await readIndex();
    const keys = index.segs.map((s) => auditSegKey(s.n));
    const got = keys.length > 0 ? await storage.get(keys) : {};
    const entries: AuditEntry[] = [];
    let unreadableSegments = 0;
    for (const key of keys) {
      const parsed = AuditSegmentSchema.safeParse(got[key]);
      if (parsed.success) entries.push(...parsed.data);
      else unreadableSegments++;
    }
    return { entries, unreadableSegments };
  }

  return {
    planAppend,
    append: (entries) =>
      queue.run(async () => {
        const write = await planAppend(entries);
        await storage.set(write.set);
        if (write.remove.length > 0) await storage.remove(write.remove);
      }),
    read,
    clear: () =>
      queue.run(async () => {
        const index = await readIndex();
        await storage.remove(index.segs.map((s) => auditSegKey(s.n)));
        await storage.set({ [AUDIT_INDEX_KEY]: { nextSeg: index.nextSeg, segs: [] } satisfies AuditIndex });
      }),
    exportCsv: async () => toCsv((await read()).entries),
    exportJson: async () => JSON.stringify((await read()).entries, null, 2),
  };
}
